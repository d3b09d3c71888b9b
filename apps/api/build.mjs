// Bundles the API server into dist/server.js. Our workspace package (@bande/shared, TypeScript source)
// is bundled in; every npm dependency stays external and is loaded from node_modules at run time.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const dependenciesOf = (file) => Object.keys(JSON.parse(readFileSync(new URL(file, import.meta.url), 'utf8')).dependencies ?? {});
const external = [...dependenciesOf('./package.json'), ...dependenciesOf('../../packages/shared/package.json')];

await build({
  entryPoints: [new URL('./src/server.ts', import.meta.url).pathname],
  outfile: new URL('./dist/server.js', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
console.log('API construite dans apps/api/dist/server.js');
