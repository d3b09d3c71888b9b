import { z } from '../zod.ts';
import { texts } from '../texts.ts';
import { GALLERY_TYPES } from '../constants.ts';
import { youtubeIdFrom } from '../format/youtube.ts';
import { mediaUrlSchema, optionalMediaUrl, optionalText } from './common.ts';
import { MAX_INT4, withoutNul } from './text-guards.ts';
import { checkScheduleOrder, scheduleInputShape, scheduleOutputShape } from './schedule.ts';

export const galleryTypeSchema = z.enum(GALLERY_TYPES, { error: 'Le type est requis (photo, video ou youtube)' });

/**
 * POST/PUT /api/gallery. A YouTube item needs a link holding an 11-character id ('URL YouTube invalide');
 * photos and videos need the url of an uploaded file. The YouTube thumbnail is derived by the server.
 */
export const galleryInputSchema = z
  .object({
    type: galleryTypeSchema,
    url: withoutNul(z.string({ error: texts.validation.required }).trim().min(1, texts.validation.required).max(2048)),
    thumbnail: withoutNul(optionalMediaUrl),
    title: withoutNul(optionalText(200)),
    description: withoutNul(optionalText(2000)),
    published: z.boolean().optional(),
    ...scheduleInputShape,
  })
  .superRefine(checkScheduleOrder)
  .superRefine((item, ctx) => {
    if (item.type === 'youtube') {
      if (!youtubeIdFrom(item.url)) ctx.addIssue({ code: 'custom', path: ['url'], message: texts.validation.youtubeInvalid });
    } else {
      const media = mediaUrlSchema.safeParse(item.url);
      if (!media.success) ctx.addIssue({ code: 'custom', path: ['url'], message: media.error.issues[0]?.message ?? texts.validation.urlInvalid });
    }
  });
export type GalleryInput = z.input<typeof galleryInputSchema>;

export const galleryItemSchema = z.object({
  id: z.number(),
  type: galleryTypeSchema,
  url: z.string(),
  thumbnail: z.string().nullable(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  published: z.boolean(),
  position: z.number(),
  /** For youtube items: the 11-character id. */
  youtubeId: z.string().nullable(),
  ...scheduleOutputShape,
});
export type GalleryItem = z.infer<typeof galleryItemSchema>;

/** POST /api/gallery/reorder: the new position of each item, counted from 0. */
export const galleryReorderSchema = z.object({
  items: z
    .array(z.object({ id: z.number().int().positive().max(MAX_INT4), position: z.number().int().min(0).max(MAX_INT4) }))
    .min(1)
    .max(1000)
    .refine((items) => new Set(items.map((item) => item.id)).size === items.length, 'Un média apparaît plusieurs fois dans le nouvel ordre'),
});
export type GalleryReorderInput = z.input<typeof galleryReorderSchema>;
