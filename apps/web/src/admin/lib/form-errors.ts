import type { z } from 'zod';

export type FieldErrors = Record<string, string>;

/** zod issues → the first message per field path ('name', 'performances.0.bookingLink'...). */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const result: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_form';
    if (!(key in result)) result[key] = issue.message;
  }
  return result;
}

/** Server-side validation answers { error, issues: [{ path, message }] }: show them on the same fields. */
export function serverFieldErrors(body: Record<string, unknown>): FieldErrors {
  const result: FieldErrors = {};
  const issues = body.issues;
  if (!Array.isArray(issues)) return result;
  for (const issue of issues as { path?: unknown; message?: unknown }[]) {
    if (typeof issue.path === 'string' && typeof issue.message === 'string' && !(issue.path in result)) {
      result[issue.path] = issue.message;
    }
  }
  return result;
}
