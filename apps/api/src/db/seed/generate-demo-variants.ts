import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDiskStorage } from '../../plugins/storage.ts';
import { isVariantSource, makeImageVariantFiles, type ImageVariantOptions } from '../../modules/images/images.service.ts';
import { DEMO_VARIANTS_DIR, DEMO_VARIANTS_MANIFEST, sourceHash, type DemoVariantManifest } from './demo-variants.ts';

/**
 * The demo pictures are flat generated artwork: WebP at quality 75 looks the same as at 80 and, measured
 * on them, weighs 40 % less (all variants: 527 KB against 882 KB). At 75 the WebP at 960 px is also
 * lighter than the AVIF for all but one picture, so few AVIFs ship.
 */
export const DEMO_ENCODING: ImageVariantOptions = { webp: { quality: 75 } };

/**
 * Makes, with the same encoder as uploads, the variants of the seed-assets pictures `files` into
 * seed-assets/variants and writes its manifest, replacing what was there. Run once when a demo
 * picture changes (scripts/generate-demo-images.mjs); the seed test fails while the manifest is stale.
 */
export async function generateDemoVariants(assetsDir: string, files: readonly string[]): Promise<DemoVariantManifest> {
  const outDir = path.join(assetsDir, DEMO_VARIANTS_DIR);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-variants-'));
  const storage = createDiskStorage(work);
  const manifest: DemoVariantManifest = {};
  try {
    fs.rmSync(outDir, { recursive: true, force: true });
    fs.mkdirSync(outDir, { recursive: true });
    for (const file of [...files].sort()) {
      if (!isVariantSource(file)) continue;
      const original = fs.readFileSync(path.join(assetsDir, file));
      fs.writeFileSync(path.join(work, file), original);
      const info = await makeImageVariantFiles(storage, file, DEMO_ENCODING);
      if (!info) continue;
      const variants = info.variants.map((variant) => {
        const key = variant.url.slice(storage.publicUrl('').length);
        fs.copyFileSync(path.join(work, key), path.join(outDir, key));
        return { file: key, width: variant.width, type: variant.type };
      });
      manifest[file] = { source: sourceHash(original), width: info.width, height: info.height, variants };
    }
    fs.writeFileSync(path.join(outDir, DEMO_VARIANTS_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    return manifest;
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}
