// Bundles the API server into dist/server.js. Our workspace package (@bande/shared, TypeScript source)
// is bundled in; every npm dependency stays external and is loaded from node_modules at run time.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const dependenciesOf = (file) => Object.keys(JSON.parse(readFileSync(new URL(file, import.meta.url), 'utf8')).dependencies ?? {});
const external = [...dependenciesOf('./package.json'), ...dependenciesOf('../../packages/shared/package.json')];

const result = await build({
  // server.js holds V8's young generation, then imports start-server.js (an entry too, so that it sits
  // beside it in dist/ and finds the web build from there): src/server.ts says why.
  entryPoints: [new URL('./src/server.ts', import.meta.url).pathname, new URL('./src/start-server.ts', import.meta.url).pathname],
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
  metafile: true,
});

// V8 keeps the source of every module the server loads, one byte a character only when all of them are
// Latin-1: a single `’` makes it two (issue 37: server.js held 1,141 KB instead of 584 for 5 characters).
// esbuild escapes strings (its ASCII charset) but keeps regular expressions and some comments as written.
const aboveLatin1 = /[\u0100-\uffff]/;
const places = Object.keys(result.metafile.outputs)
  .filter((file) => file.endsWith('.js'))
  .flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, index) => (aboveLatin1.test(line) ? [`${path.relative(process.cwd(), file)}:${index + 1}: ${line.trim().slice(0, 100)}`] : [])),
  );
if (places.length > 0) {
  console.error(`Caractères au-delà de Latin-1 dans l'API construite (une expression régulière ou un commentaire gardé ; écrivez-les en chaîne ou en ASCII) :\n${places.join('\n')}`);
  process.exit(1);
}
console.log('API construite dans apps/api/dist/server.js');
