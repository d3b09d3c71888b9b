import { z } from 'zod';
import { optionalMediaUrl, optionalUrl, requiredText } from './common.ts';

export const partnerInputSchema = z.object({
  title: requiredText(200),
  description: requiredText(2000),
  link: optionalUrl,
  logo: optionalMediaUrl,
  /** Ignored on creation: a new partner is always a draft (spec section 4). */
  published: z.boolean().optional(),
});
export type PartnerInput = z.input<typeof partnerInputSchema>;

export const partnerSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  logo: z.string().nullable(),
  link: z.string().nullable(),
  published: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Partner = z.infer<typeof partnerSchema>;
