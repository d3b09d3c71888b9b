import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { AvifOptions, WebpOptions } from 'sharp';

/** sharp and libvips, loaded with the first image rather than at start (about 30 MB and 0.1 s; issue 27). */
const loadSharp = async () => (await import('sharp')).default;
import { IMAGE_AVIF_WIDTH, IMAGE_VARIANT_WIDTHS, type ImageInfo, type ImageVariant } from '@bande/shared';
import type { DB } from '../../db/connection.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Storage } from '../../plugins/storage.ts';
import { imagesRepository } from './images.repository.ts';

export interface ImageVariantDeps {
  db: DB;
  storage: Storage;
  clock: Clock;
}

export interface ImageVariantOptions {
  log?: { warn(details: object, message: string): void };
  /** Encoder settings; the defaults suit photos. */
  webp?: WebpOptions;
  avif?: AvifOptions;
}

/**
 * Largest image we accept and decode, in pixels: 50 million (8660 × 5773), above a 48 MP phone photo.
 * The byte limit (15 MB) does not bound decoding: a PNG of 20000 × 20000 in one colour weighs a few
 * hundred kB and would decode to 1.2 GB. sharp's own default (268 million) is far above what a 2-core,
 * small-memory server should attempt for a staff upload.
 */
export const IMAGE_MAX_PIXELS = 50_000_000;

/** Opens a stored image for sharp, refusing to decode more than IMAGE_MAX_PIXELS. */
const openImage = async (image: string | Buffer) => (await loadSharp())(image, { limitInputPixels: IMAGE_MAX_PIXELS });

/**
 * Whether the image's header announces more pixels than IMAGE_MAX_PIXELS: read before anything is
 * decoded, so that the upload can be refused with a message rather than kept without its variants.
 * A file sharp cannot read is left to the variants step (which keeps the original usable).
 */
export async function exceedsPixelLimit(storage: Storage, key: string): Promise<boolean> {
  // The header only: sharp reads the dimensions without decoding, from the disk or the bucket alike.
  const image = await buffer((await storage.read(key)).body);
  const sharp = await loadSharp();
  const metadata = await sharp(image, { limitInputPixels: false }).metadata().catch(() => undefined);
  return metadata !== undefined && metadata.width * metadata.height > IMAGE_MAX_PIXELS;
}

/** GIFs are left alone: they are usually animated, and a still variant would lose that. */
const VARIANT_SOURCES = new Set(['jpg', 'jpeg', 'png', 'webp', 'avif']);

const DEFAULT_WEBP: WebpOptions = { quality: 80 };
// Effort 2 encodes a 960 px photo in well under a second on one core; the default (4) takes several
// seconds for a few percent less weight, too long for a staff member waiting on an upload.
const DEFAULT_AVIF: AvifOptions = { quality: 50, effort: 2 };

/** `2026/11/abc.jpg` -> `2026/11/abc.w960.webp`: deterministic, beside the original. */
export function variantKey(key: string, width: number, format: 'webp' | 'avif'): string {
  return `${key.replace(/\.[^./]+$/, '')}.w${width}.${format}`;
}

/** Variant widths for an original `width` px wide: never upscaled, at least one. */
export function variantWidths(width: number): number[] {
  const widths = IMAGE_VARIANT_WIDTHS.filter((candidate) => candidate <= width);
  return widths.length > 0 ? widths : [width];
}

/**
 * Makes, once, the WebP variants of an uploaded image (and an AVIF at 960 px when it is lighter than
 * the WebP), stores them beside the original and records the manifest row. Answers the image's info,
 * or undefined when the file is not a still image we vary or when making them failed: the original
 * stays usable either way, so failures are logged, never thrown.
 */
export async function createImageVariants(
  deps: ImageVariantDeps,
  key: string,
  options: ImageVariantOptions = {},
): Promise<ImageInfo | undefined> {
  if (!isVariantSource(key)) return undefined;
  const repo = imagesRepository(deps.db);
  const url = deps.storage.publicUrl(key);
  const saved: string[] = [];
  try {
    const existing = await repo.find(url);
    if (existing) return existing;
    const info = await makeVariants(deps.storage, key, saved, options);
    if (!info) return undefined;
    await repo.insert(info, deps.clock.now().toISOString());
    return info;
  } catch (error) {
    await removeAll(deps.storage, saved);
    options.log?.warn({ err: error, key }, 'variantes d’image non créées');
    return undefined;
  }
}

/** Whether `key` names a still image we make variants of (by its extension). */
export const isVariantSource = (key: string) => VARIANT_SOURCES.has(path.extname(key).slice(1).toLowerCase());

const removeAll = (storage: Storage, keys: readonly string[]) => Promise.all(keys.map((key) => storage.remove(key).catch(() => undefined)));

/**
 * The files alone, without the manifest row: what the demo-image script calls once to ship the demo
 * pictures' variants with the repository. Throws on failure, leaving no variant behind.
 */
export async function makeImageVariantFiles(storage: Storage, key: string, options: ImageVariantOptions = {}): Promise<ImageInfo | undefined> {
  if (!isVariantSource(key)) return undefined;
  const saved: string[] = [];
  try {
    return await makeVariants(storage, key, saved, options);
  } catch (error) {
    await removeAll(storage, saved);
    throw error;
  }
}

/**
 * Variants of many stored images (e.g. the demo pictures after the seed copied them), one after the
 * other so that only one image is decoded at a time. Answers how many images have variants.
 */
export async function createImageVariantsFor(deps: ImageVariantDeps, keys: readonly string[], options: ImageVariantOptions = {}): Promise<number> {
  let made = 0;
  for (const key of keys) if (await createImageVariants(deps, key, options)) made++;
  return made;
}

async function makeVariants(storage: Storage, key: string, saved: string[], options: ImageVariantOptions) {
  // Read whole once (images are at most 15 MB), from the disk or the bucket alike.
  const source = await buffer((await storage.read(key)).body);
  const metadata = await (await openImage(source)).metadata();
  if ((metadata.pages ?? 1) > 1) return undefined; // animated WebP/AVIF: same reason as GIFs
  const { width, height } = metadata.autoOrient;
  const widths = variantWidths(width);
  // Decoded once, already reduced to the largest variant: the smaller ones are made from these pixels,
  // so memory stays bounded by a 1600 px image whatever the upload's size.
  const { data, info: raw } = await (await openImage(source))
    .autoOrient()
    .resize({ width: Math.max(...widths), withoutEnlargement: true })
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const sharp = await loadSharp();
  const resized = (targetWidth: number) => {
    const image = sharp(data, { raw: { width: raw.width, height: raw.height, channels: raw.channels } });
    return targetWidth === raw.width ? image : image.resize({ width: targetWidth });
  };
  const save = async (variantWidth: number, format: 'webp' | 'avif', content: Buffer): Promise<ImageVariant> => {
    const variant = variantKey(key, variantWidth, format);
    // A crash between two saves can leave a file without its manifest row; the next attempt rewrites it.
    await storage.remove(variant);
    saved.push(variant);
    await storage.save(variant, Readable.from([content]));
    return { url: storage.publicUrl(variant), width: variantWidth, type: `image/${format}` };
  };

  const variants: ImageVariant[] = [];
  // Palette PNGs are logos and drawings: lossless WebP keeps them crisp and, on the demo logos, weighs
  // 40 % less than lossy quality 80.
  const lossless = metadata.format === 'png' && metadata.isPalette;
  let webpAtAvifWidth: Buffer | undefined;
  for (const variantWidth of widths) {
    const webp = await resized(variantWidth).webp({ ...DEFAULT_WEBP, lossless, ...options.webp }).toBuffer();
    if (variantWidth === IMAGE_AVIF_WIDTH) webpAtAvifWidth = webp;
    variants.push(await save(variantWidth, 'webp', webp));
  }
  if (webpAtAvifWidth) {
    const avif = await resized(IMAGE_AVIF_WIDTH).avif({ ...DEFAULT_AVIF, ...options.avif }).toBuffer();
    if (avif.length < webpAtAvifWidth.length) variants.push(await save(IMAGE_AVIF_WIDTH, 'avif', avif));
  }
  return { url: storage.publicUrl(key), width, height, variants };
}
