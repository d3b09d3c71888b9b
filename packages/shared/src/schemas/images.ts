import { z } from '../zod.ts';
import type { ImageInfo, ImageMap, ImageVariant } from '../images.ts';

// The pure helpers and types live in ../images.ts (no zod, for the public web code); kept importable from here.
export * from '../images.ts';

export const imageVariantSchema = z.object({
  url: z.string(),
  width: z.number().int(),
  type: z.enum(['image/webp', 'image/avif']),
}) satisfies z.ZodType<ImageVariant>;

/** An uploaded image's intrinsic size and the variants made from it. */
export const imageInfoSchema = z.object({
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  variants: z.array(imageVariantSchema),
}) satisfies z.ZodType<ImageInfo>;

/** The `images` field of the public reads: size and variants of each /uploads image named, by url. */
export const imageMapSchema = z.record(z.string(), imageInfoSchema.omit({ url: true })) satisfies z.ZodType<ImageMap>;

/**
 * A list answered with the images it names: { data: [...], images: { [url]: ... } }. The public read
 * (published=true) always carries `images`; the admin reads of the same route leave it out.
 */
export const dataListWithImages = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), images: imageMapSchema.optional() });
/** One resource answered with the images it names. */
export const dataOneWithImages = <T extends z.ZodType>(item: T) => z.object({ data: item, images: imageMapSchema });

/** POST /api/upload: always the url; size and variants for an image they were made for. */
export const uploadResponseSchema = z.object({
  url: z.string(),
  width: z.number().int().optional(),
  height: z.number().int().optional(),
  variants: z.array(imageVariantSchema).optional(),
});

export const imageQuerySchema = z.object({ url: z.string().trim().startsWith('/uploads/').max(2048) });
