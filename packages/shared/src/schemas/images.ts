import { z } from 'zod';

/** Widths of the WebP variants made for each uploaded image (never larger than the original). */
export const IMAGE_VARIANT_WIDTHS = [480, 960, 1600] as const;
/** The one width at which an AVIF is also made, and kept only when smaller than the WebP. */
export const IMAGE_AVIF_WIDTH = 960;

export const imageVariantSchema = z.object({
  url: z.string(),
  width: z.number().int(),
  type: z.enum(['image/webp', 'image/avif']),
});

/** An uploaded image's intrinsic size and the variants made from it. */
export const imageInfoSchema = z.object({
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  variants: z.array(imageVariantSchema),
});

/** POST /api/upload: always the url; size and variants for an image they were made for. */
export const uploadResponseSchema = z.object({
  url: z.string(),
  width: z.number().int().optional(),
  height: z.number().int().optional(),
  variants: z.array(imageVariantSchema).optional(),
});

export const imageQuerySchema = z.object({ url: z.string().trim().startsWith('/uploads/').max(2048) });

export type ImageVariant = z.infer<typeof imageVariantSchema>;
export type ImageInfo = z.infer<typeof imageInfoSchema>;

/**
 * Where a variant of an upload lives: beside the original, `/uploads/a/b.jpg` -> `/uploads/a/b.w960.webp`.
 * Only the widths listed in the image's variants exist; read them from its ImageInfo.
 */
export function imageVariantUrl(url: string, width: number, format: 'webp' | 'avif'): string {
  return `${url.replace(/\.[^./]+$/, '')}.w${width}.${format}`;
}

/** A `srcset` value for one type of an image's variants, e.g. "…w480.webp 480w, …w960.webp 960w". */
export function imageSrcSet(info: Pick<ImageInfo, 'variants'>, type: ImageVariant['type'] = 'image/webp'): string {
  return info.variants
    .filter((variant) => variant.type === type)
    .sort((a, b) => a.width - b.width)
    .map((variant) => `${variant.url} ${variant.width}w`)
    .join(', ');
}
