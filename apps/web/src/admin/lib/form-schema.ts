import { z } from '@bande/shared/zod';
import type { FieldErrors } from './form-errors.ts';

/**
 * An admin form's schema, built from the shared one (packages/shared) for useZodForm: the form's values
 * are first turned into the request body (the Paris-time « Publier le » into an ISO instant, rows into
 * lists...), which the server's own schema then checks, so that the form and the API refuse the same
 * things with the same French messages. A message lands on the field of the same path ('publishAt',
 * 'performances.0.date'): forms name their fields after the body's keys.
 *
 * `formRules` checks what only the form knows (a file chosen, the parts of a date). Its messages are
 * shown together with the schema's and win on the same path. (zod's own pipe would stop at the first
 * failing step and hide the schema's messages until the form's rules pass, hence one transform.)
 */
export function formSchemaFrom<Values, Body, Parsed>(
  shared: z.ZodType<Parsed, Body>,
  toBody: (values: Values) => Body,
  formRules: (values: Values) => FieldErrors = () => ({}),
): z.ZodType<Parsed, Values> {
  return z.custom<Values>().transform((values, ctx) => {
    const formMessages = Object.entries(formRules(values));
    // The resolver keeps the first message of each path: the form's own go first.
    for (const [path, message] of formMessages) ctx.addIssue({ code: 'custom', path: path.split('.'), message });
    const parsed = shared.safeParse(toBody(values));
    if (!parsed.success) for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    return parsed.success && formMessages.length === 0 ? parsed.data : z.NEVER;
  });
}
