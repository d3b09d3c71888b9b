import { z } from '../zod.ts';
import { optionalMediaUrl, optionalUrl, requiredText } from './common.ts';
import { withoutNul } from './text-guards.ts';
import { checkScheduleOrder, scheduleInputShape, scheduleOutputShape } from './schedule.ts';

/** File extensions a logo may have; a URL without extension (e.g. a generated upload key) is accepted. */
const IMAGE_EXTENSION = /\.(jpe?g|png|webp|avif|gif|svg)$/i;
const NON_IMAGE_EXTENSION = /\.[a-z0-9]{2,5}$/i;

export const partnerLogoInvalid = 'Le logo doit être une image (JPEG, PNG, WebP, AVIF, GIF ou SVG)';

function looksLikeImage(url: string | null): boolean {
  if (!url) return true;
  let pathname: string;
  try {
    pathname = new URL(url, 'http://localhost').pathname;
  } catch {
    return true; // not a URL at all: the URL rule reports it
  }
  return IMAGE_EXTENSION.test(pathname) || !NON_IMAGE_EXTENSION.test(pathname);
}

export const partnerInputSchema = z.object({
  title: withoutNul(requiredText(200)),
  description: withoutNul(requiredText(2000)),
  link: withoutNul(optionalUrl),
  logo: withoutNul(optionalMediaUrl).refine(looksLikeImage, partnerLogoInvalid),
  /** Ignored on creation: a new partner is always a draft (spec section 4). */
  published: z.boolean().optional(),
  ...scheduleInputShape,
}).superRefine(checkScheduleOrder);
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
  ...scheduleOutputShape,
});
export type Partner = z.infer<typeof partnerSchema>;
