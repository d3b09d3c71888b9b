// Makes the WebP/AVIF variants of the demo pictures (apps/api/seed-assets) into seed-assets/variants,
// with their manifest, using the upload encoder. Run once after changing a demo picture, then commit.
import { tsImport } from 'tsx/esm/api';

const seed = await tsImport('../apps/api/src/db/seed/seed.ts', import.meta.url);
const { generateDemoVariants } = await tsImport('../apps/api/src/db/seed/generate-demo-variants.ts', import.meta.url);

const assetsDir = seed.findSeedAssets();
if (!assetsDir) throw new Error('apps/api/seed-assets introuvable');
const started = Date.now();
const manifest = await generateDemoVariants(assetsDir, seed.listAssetFiles());
const count = Object.values(manifest).reduce((n, entry) => n + entry.variants.length, 0);
console.log(`${Object.keys(manifest).length} images, ${count} variantes dans ${assetsDir}/variants (${Date.now() - started} ms)`);
