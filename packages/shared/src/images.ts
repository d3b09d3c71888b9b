/**
 * Image variants without zod: what the public web code imports (@bande/shared/images) to build srcset.
 * The zod schemas of the same shapes live in schemas/images.ts, which re-exports all of this.
 */

/** Widths of the WebP variants made for each uploaded image (never larger than the original). */
export const IMAGE_VARIANT_WIDTHS = [480, 960, 1600] as const;
/** The one width at which an AVIF is also made, and kept only when smaller than the WebP. */
export const IMAGE_AVIF_WIDTH = 960;

export type ImageVariantType = 'image/webp' | 'image/avif';

export interface ImageVariant {
  url: string;
  width: number;
  type: ImageVariantType;
}

/** An uploaded image's intrinsic size and the variants made from it. */
export interface ImageInfo {
  url: string;
  width: number;
  height: number;
  variants: ImageVariant[];
}

/** One image of a public response's `images` map: its url is the key. */
export type ImageSize = Omit<ImageInfo, 'url'>;

/**
 * The `images` field of the public reads (shows, members, gallery, partners): the size and variants of
 * each /uploads image the payload names, keyed by url. Images without variants (external links, GIFs,
 * uploads older than the variants) are absent.
 */
export type ImageMap = Record<string, ImageSize>;

/**
 * Where a variant of an upload lives: beside the original, `/uploads/a/b.jpg` -> `/uploads/a/b.w960.webp`.
 * Only the widths listed in the image's variants exist; read them from its ImageInfo.
 */
export function imageVariantUrl(url: string, width: number, format: 'webp' | 'avif'): string {
  return `${url.replace(/\.[^./]+$/, '')}.w${width}.${format}`;
}

/** A `srcset` value for one type of an image's variants, e.g. "…w480.webp 480w, …w960.webp 960w". */
export function imageSrcSet(info: Pick<ImageInfo, 'variants'>, type: ImageVariantType = 'image/webp'): string {
  return info.variants
    .filter((variant) => variant.type === type)
    .sort((a, b) => a.width - b.width)
    .map((variant) => `${variant.url} ${variant.width}w`)
    .join(', ');
}

/** The size and variants of `url` in a response's `images`, if it has any. */
export function imageOf(images: ImageMap | undefined, url: string | null | undefined): ImageSize | undefined {
  return url ? images?.[url] : undefined;
}
