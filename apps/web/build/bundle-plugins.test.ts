import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
import { addCompileHints, COMPILE_HINT, compressedCopies, placesAboveLatin1 } from './bundle-plugins.ts';

const chunk = (fileName: string, code: string) => ({ type: 'chunk', fileName, code }) as unknown as OutputBundle[string];
const asset = (fileName: string, source: string) => ({ type: 'asset', fileName, source }) as unknown as OutputBundle[string];

describe('addCompileHints', () => {
  it('opens every chunk with the hint, above the line Vite puts on top of chunks that load others lazily, once', () => {
    const bundle: OutputBundle = {
      'assets/index-1.js': chunk('assets/index-1.js', 'const __vite__mapDeps=(i)=>i;\nexport{a};'),
      'assets/framework-2.js': chunk('assets/framework-2.js', 'var e;'),
      'assets/hinted-3.js': chunk('assets/hinted-3.js', `${COMPILE_HINT}\nvar h;`),
      'assets/index-1.css': asset('assets/index-1.css', 'body{color:red}'),
    };
    addCompileHints(bundle);
    const code = (name: string) => (bundle[name] as { code: string }).code;
    expect(code('assets/index-1.js')).toBe(`${COMPILE_HINT}\nconst __vite__mapDeps=(i)=>i;\nexport{a};`);
    expect(code('assets/framework-2.js')).toBe(`${COMPILE_HINT}\nvar e;`);
    expect(code('assets/hinted-3.js')).toBe(`${COMPILE_HINT}\nvar h;`);
    expect((bundle['assets/index-1.css'] as { source: string }).source).toBe('body{color:red}');
  });
});

describe('compressedCopies', () => {
  const script = `${COMPILE_HINT}\n${'function f(){return "La Bande à Lire"}\n'.repeat(100)}`;

  it('makes brotli and gzip copies that read back as the file, hint included', () => {
    const copies = compressedCopies('assets/index-1.js', script);
    expect(copies.map((copy) => copy.fileName)).toEqual(['assets/index-1.js.br', 'assets/index-1.js.gz']);
    expect(zlib.brotliDecompressSync(copies[0]!.source).toString()).toBe(script);
    expect(zlib.gunzipSync(copies[1]!.source).toString()).toBe(script);
    expect(copies[0]!.source.length).toBeLessThan(copies[1]!.source.length);
  });

  it('leaves out small files and files the server does not send compressed', () => {
    expect(compressedCopies('assets/tiny-1.js', 'var a;')).toEqual([]);
    expect(compressedCopies('assets/photo-1.webp', new Uint8Array(4096))).toEqual([]);
    expect(compressedCopies('assets/style-1.css', 'a{}'.repeat(1000)).map((copy) => copy.fileName)).toEqual(['assets/style-1.css.br', 'assets/style-1.css.gz']);
  });
});

describe('placesAboveLatin1', () => {
  it('names the lines of chunks that hold a character above Latin-1, and nothing in assets or Latin-1 text', () => {
    const bundle: OutputBundle = {
      'entry-server.js': chunk('entry-server.js', 'const a = "\\u2019";\nconst b = /œ/g;\nconst c = "Bande à Lire";'),
      'assets/lib-1.js': chunk('assets/lib-1.js', '/** Fastify’s */\nvar d;'),
      'assets/page-2.js': chunk('assets/page-2.js', 'var e = "\\u2014 é";'),
      'assets/style.css': asset('assets/style.css', 'a::before{content:"—"}'),
    };
    expect(placesAboveLatin1(bundle)).toEqual(['entry-server.js:2: const b = /œ/g;', 'assets/lib-1.js:1: /** Fastify’s */']);
  });
});
