// Bundles the API server into dist/server.js. Our workspace package (@bande/shared, TypeScript source)
// is bundled in; every npm dependency stays external and is loaded from node_modules at run time.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const dependenciesOf = (file) => Object.keys(JSON.parse(readFileSync(new URL(file, import.meta.url), 'utf8')).dependencies ?? {});
const external = [...dependenciesOf('./package.json'), ...dependenciesOf('../../packages/shared/package.json')];

await build({
  entryPoints: [new URL('./src/server.ts', import.meta.url).pathname],
  // Split: a module the server imports lazily (the S3 storage, with the AWS SDK) becomes a file of its
  // own, loaded only when it is used, rather than at every start (issue 27).
  outdir: new URL('./dist', import.meta.url).pathname,
  entryNames: '[name]',
  chunkNames: 'chunks/[name]-[hash]',
  splitting: true,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
console.log('API construite dans apps/api/dist/server.js');
