import { z } from '../zod.ts';
import { texts } from '../texts.ts';
import { CONTACT_REQUEST_TYPES, PHONE_REQUIRED_REQUEST_TYPES } from '../constants.ts';
import { emailSchema, requiredText } from './common.ts';
import { withoutNul } from './text-guards.ts';

/**
 * The visitor's address becomes the Reply-To header of the mail the association receives: besides the
 * simple pattern, no control character (NUL would also make PostgreSQL fail with a 500).
 */
const hasControlCharacter = (value: string) => [...value].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);
const visitorEmailSchema = emailSchema.refine((value) => !hasControlCharacter(value), texts.validation.emailInvalid);

const phoneSchema = z
  // A missing phone on the card request reads as the other missing fields do.
  .string({ error: texts.validation.required })
  .trim()
  .max(30)
  .regex(/^[+()\d\s.-]*$/, 'Veuillez entrer un numéro de téléphone valide');

/**
 * A field people never see (visually hidden, aria-hidden, out of the tab order) that form-filling
 * robots do fill: a submission carrying it is answered as a success and then dropped.
 */
export const HONEYPOT_FIELD = 'website';
const honeypotSchema = z.string().max(2000).optional();
export const isHoneypotFilled = (input: { [HONEYPOT_FIELD]?: string | undefined }) => Boolean(input[HONEYPOT_FIELD]?.trim());

export const newsletterInputSchema = z.object({ email: visitorEmailSchema, [HONEYPOT_FIELD]: honeypotSchema });
export type NewsletterInput = z.input<typeof newsletterInputSchema>;

export const contactInputSchema = z
  .object({
    email: visitorEmailSchema,
    requestType: z.enum(CONTACT_REQUEST_TYPES, { error: 'Veuillez choisir un type de demande' }),
    message: withoutNul(requiredText(5000)),
    phone: phoneSchema.nullish().transform((value) => value || null),
    [HONEYPOT_FIELD]: honeypotSchema,
  })
  .superRefine((input, ctx) => {
    if (PHONE_REQUIRED_REQUEST_TYPES.includes(input.requestType) && !input.phone) {
      ctx.addIssue({ code: 'custom', path: ['phone'], message: texts.validation.phoneRequiredForType });
    }
  });
export type ContactInput = z.input<typeof contactInputSchema>;

export const cardRequestInputSchema = z.object({
  firstName: withoutNul(requiredText(100)),
  lastName: withoutNul(requiredText(100)),
  email: visitorEmailSchema,
  phone: phoneSchema.min(1, texts.validation.required),
  [HONEYPOT_FIELD]: honeypotSchema,
});
export type CardRequestInput = z.input<typeof cardRequestInputSchema>;
