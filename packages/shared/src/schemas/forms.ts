import { z } from 'zod';
import { texts } from '../texts.ts';
import { CONTACT_REQUEST_TYPES, PHONE_REQUIRED_REQUEST_TYPES } from '../constants.ts';
import { emailSchema, requiredText } from './common.ts';

const phoneSchema = z
  .string()
  .trim()
  .max(30)
  .regex(/^[+()\d\s.-]*$/, 'Veuillez entrer un numéro de téléphone valide');

export const newsletterInputSchema = z.object({ email: emailSchema });
export type NewsletterInput = z.input<typeof newsletterInputSchema>;

export const contactInputSchema = z
  .object({
    email: emailSchema,
    requestType: z.enum(CONTACT_REQUEST_TYPES, { error: 'Veuillez choisir un type de demande' }),
    message: requiredText(5000),
    phone: phoneSchema.nullish().transform((value) => value || null),
  })
  .superRefine((input, ctx) => {
    if (PHONE_REQUIRED_REQUEST_TYPES.includes(input.requestType) && !input.phone) {
      ctx.addIssue({ code: 'custom', path: ['phone'], message: texts.validation.phoneRequiredForType });
    }
  });
export type ContactInput = z.input<typeof contactInputSchema>;

export const cardRequestInputSchema = z.object({
  firstName: requiredText(100),
  lastName: requiredText(100),
  email: emailSchema,
  phone: phoneSchema.min(1, texts.validation.required),
});
export type CardRequestInput = z.input<typeof cardRequestInputSchema>;
