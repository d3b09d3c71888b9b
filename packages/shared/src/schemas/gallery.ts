import { z } from 'zod';
import { texts } from '../texts.ts';
import { GALLERY_TYPES } from '../constants.ts';
import { youtubeIdFrom } from '../format/youtube.ts';
import { mediaUrlSchema, optionalMediaUrl, optionalText } from './common.ts';

export const galleryTypeSchema = z.enum(GALLERY_TYPES, { error: 'Le type est requis (photo, video ou youtube)' });

/**
 * POST/PUT /api/gallery. A YouTube item needs a link holding an 11-character id ('URL YouTube invalide');
 * photos and videos need the url of an uploaded file. The YouTube thumbnail is derived by the server.
 */
export const galleryInputSchema = z
  .object({
    type: galleryTypeSchema,
    url: z.string({ error: texts.validation.required }).trim().min(1, texts.validation.required).max(2048),
    thumbnail: optionalMediaUrl,
    title: optionalText(200),
    description: optionalText(2000),
    published: z.boolean().optional(),
  })
  .superRefine((item, ctx) => {
    if (item.type === 'youtube') {
      if (!youtubeIdFrom(item.url)) ctx.addIssue({ code: 'custom', path: ['url'], message: texts.validation.youtubeInvalid });
    } else if (!mediaUrlSchema.safeParse(item.url).success) {
      ctx.addIssue({ code: 'custom', path: ['url'], message: texts.validation.urlInvalid });
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
});
export type GalleryItem = z.infer<typeof galleryItemSchema>;

export const galleryReorderSchema = z.object({
  items: z
    .array(z.object({ id: z.number().int().positive(), position: z.number().int().min(0) }))
    .min(1)
    .max(1000),
});
