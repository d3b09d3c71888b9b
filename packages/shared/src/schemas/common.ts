import { z } from '../zod.ts';
import { texts } from '../texts.ts';
import { EMAIL_PATTERN } from '../constants.ts';

export { EMAIL_PATTERN };

export const emailSchema = z
  .string({ error: texts.validation.emailInvalid })
  .trim()
  .max(254, texts.validation.emailInvalid)
  .regex(EMAIL_PATTERN, texts.validation.emailInvalid);

/** A required text: trimmed, not empty, bounded so that nobody stores megabytes in a title. */
export const requiredText = (max = 10_000) =>
  z.string({ error: texts.validation.required }).trim().min(1, texts.validation.required).max(max);

/** An optional text: blank becomes null. */
export const optionalText = (max = 10_000) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => (value ? value : null));

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Upload URLs are ours (/uploads/...) or absolute http(s) links. */
const isMediaUrl = (value: string) => value.startsWith('/uploads/') || isHttpUrl(value);
/**
 * An image or a video of another site must come over https: the pages' Content-Security-Policy allows
 * external media by https only (apps/api/src/plugins/content-security-policy.ts), as a page served over
 * https could not show a plain http one anyway. Refused here, never accepted and then blocked.
 */
const isInsecureMediaUrl = (value: string) => /^http:/i.test(value);

export const mediaUrlSchema = z
  .string()
  .trim()
  .max(2048)
  .refine(isMediaUrl, texts.validation.urlInvalid)
  .refine((value) => !isInsecureMediaUrl(value), texts.validation.mediaUrlInsecure);

/** Optional link: blank becomes null, anything else must be an http(s) URL. */
export const optionalUrl = z
  .string()
  .trim()
  .max(2048)
  .refine((value) => value === '' || isHttpUrl(value), texts.validation.urlInvalid)
  .nullish()
  .transform((value) => value || null);

export const optionalMediaUrl = z
  .string()
  .trim()
  .max(2048)
  .refine((value) => value === '' || isMediaUrl(value), texts.validation.urlInvalid)
  .refine((value) => !isInsecureMediaUrl(value), texts.validation.mediaUrlInsecure)
  .nullish()
  .transform((value) => value || null);

// Bounded by PostgreSQL's integer: a larger id would make the database fail (500) instead of a 404.
export const idParamSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

export const publishedQuerySchema = z.object({
  published: z.enum(['true', 'false']).optional().transform((value) => (value === undefined ? undefined : value === 'true')),
});

export const errorResponseSchema = z.object({
  error: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

export const messageResponseSchema = z.object({ message: z.string() });

/** Lists are answered as { data: [...] } (spec section 7). */
export const dataList = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item) });
export const dataOne = <T extends z.ZodType>(item: T) => z.object({ data: item });
