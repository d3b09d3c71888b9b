import zlib from 'node:zlib';
import type { Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;

/** V8's explicit compile hint for a whole file (https://v8.dev/blog/explicit-compile-hints). */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** The files the server sends precompressed (fastify-static `preCompressed`), when worth it. */
const COMPRESSIBLE = /\.(js|css|svg|json)$/;
const MIN_SIZE = 1024;

/**
 * Puts V8's compile hint on the first line of every browser chunk. Chrome then compiles all of the
 * file's functions on a background thread while it downloads, instead of on the main thread the first
 * time each one runs, which for a page being hydrated is nearly all of them: on the home page, 500
 * functions compiled on the main thread after the first paint without it, 64 with it; on the show page,
 * main-thread JavaScript after the first paint went from 119 to 77 ms (median of 6 loads, Chromium).
 * The hint must open the file: it is added once Vite is done with the chunks (after minification,
 * which drops comments, and after the `const __vite__mapDeps=…` line Vite puts on top of chunks that
 * import others lazily).
 */
export function addCompileHints(bundle: OutputBundle): void {
  for (const output of Object.values(bundle)) {
    if (output.type === 'chunk' && !output.code.startsWith(COMPILE_HINT)) output.code = `${COMPILE_HINT}\n${output.code}`;
  }
}

/** Brotli at its best quality and gzip, made once at build time: smaller than what a request could afford. */
export function compressedCopies(fileName: string, content: string | Uint8Array): { fileName: string; source: Buffer }[] {
  const bytes = Buffer.from(content);
  if (!COMPRESSIBLE.test(fileName) || bytes.length < MIN_SIZE) return [];
  const brotli = zlib.brotliCompressSync(bytes, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  });
  const gzip = zlib.gzipSync(bytes, { level: 9 });
  return [
    { fileName: `${fileName}.br`, source: brotli },
    { fileName: `${fileName}.gz`, source: gzip },
  ].filter((copy) => copy.source.length < bytes.length);
}

/**
 * The last step of the browser build: compile hints, then the .br and .gz files beside the scripts,
 * stylesheets and the like, compressed as they are finally written (a compression plugin hooked
 * earlier would miss the hints).
 */
export function finishBrowserBundle(): Plugin {
  return {
    name: 'bande:finish-browser-bundle',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        addCompileHints(bundle);
        for (const output of Object.values(bundle)) {
          const content = output.type === 'chunk' ? output.code : output.source;
          for (const copy of compressedCopies(output.fileName, content)) this.emitFile({ type: 'asset', fileName: copy.fileName, source: copy.source });
        }
      },
    },
  };
}

/** Characters V8 cannot store in a one-byte string (surrogates of astral characters included). */
const ABOVE_LATIN1 = /[\u0100-\uffff]/;

/** Where the chunks of a bundle hold a character above Latin-1: `file:line: text`. */
export function placesAboveLatin1(bundle: OutputBundle): string[] {
  return Object.values(bundle).flatMap((output) =>
    output.type !== 'chunk'
      ? []
      : output.code.split('\n').flatMap((line, index) => (ABOVE_LATIN1.test(line) ? [`${output.fileName}:${index + 1}: ${line.trim().slice(0, 100)}`] : [])),
  );
}

/**
 * The server renderer's check (issue 37): the server keeps the source of the renderer's modules in
 * memory, which V8 stores one byte a character only when every character is Latin-1 (else two: 490 KB
 * more for 21 characters). The build escapes strings (`charset: 'ascii'`) and drops documentation
 * comments; a regular expression or a kept comment written with `’` or `—` fails the build here.
 */
export function latin1OnlyServerBundle(): Plugin {
  return {
    name: 'bande:latin1-only-server-bundle',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const places = placesAboveLatin1(bundle);
        if (places.length > 0) this.error(`Caractères au-delà de Latin-1 dans le rendu serveur construit (écrivez-les en chaîne ou en ASCII) :\n${places.join('\n')}`);
      },
    },
  };
}
