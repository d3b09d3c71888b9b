import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { ImageInfo, ImageVariantType } from '@bande/shared';

/**
 * The demo pictures' WebP/AVIF variants ship ready-made in seed-assets/variants (made once by
 * `node scripts/generate-demo-images.mjs`), with a manifest: the seed copies them and records their
 * rows instead of encoding 40 pictures at every first start (about 6 s on one core).
 */
export const DEMO_VARIANTS_DIR = 'variants';
export const DEMO_VARIANTS_MANIFEST = 'manifest.json';

export interface DemoVariantEntry {
  /** sha256 of the original (first 16 hex digits): the seed test tells a stale manifest by it. */
  source: string;
  width: number;
  height: number;
  variants: { file: string; width: number; type: ImageVariantType }[];
}

/** seed-assets file name -> its size and variants (file names inside seed-assets/variants). */
export type DemoVariantManifest = Record<string, DemoVariantEntry>;

export const sourceHash = (content: Buffer) => crypto.createHash('sha256').update(content).digest('hex').slice(0, 16);

/** The shipped manifest, or an empty one when the variants are missing (the site then serves the originals). */
export function readDemoVariants(assetsDir: string): DemoVariantManifest {
  const file = path.join(assetsDir, DEMO_VARIANTS_DIR, DEMO_VARIANTS_MANIFEST);
  if (!fs.existsSync(file)) return {};
  return JSON.parse(fs.readFileSync(file, 'utf8')) as DemoVariantManifest;
}

/** The variant files of the pictures `files`, to copy beside them in storage. */
export const demoVariantFiles = (manifest: DemoVariantManifest, files: readonly string[]) =>
  files.flatMap((file) => manifest[file]?.variants.map((variant) => variant.file) ?? []);

/** The image_variants rows of the pictures `files`, `asset` turning a seed-assets name into its public url. */
export function demoImageInfos(manifest: DemoVariantManifest, files: readonly string[], asset: (file: string) => string): ImageInfo[] {
  return files.flatMap((file) => {
    const entry = manifest[file];
    if (!entry) return [];
    const variants = entry.variants.map((variant) => ({ url: asset(variant.file), width: variant.width, type: variant.type }));
    return [{ url: asset(file), width: entry.width, height: entry.height, variants }];
  });
}
