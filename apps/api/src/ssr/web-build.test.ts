import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOADER_SCRIPT, readWebBuild } from './web-build.ts';

const LOADER_ELEMENT = /<script data-entry="([^"]*)" data-modules="([^"]*)">(.*?)<\/script>/;

let webRoot: string;

// A build as Vite makes it: index.html with the entry's tags, a manifest, assets.
const TEMPLATE =
  '<html><head><link rel="icon" href="/favicon.svg"><!--app-head-->\n' +
  '<script type="module" crossorigin src="/assets/index-1.js"></script>\n<link rel="modulepreload" crossorigin href="/assets/react-2.js">\n' +
  '<link rel="stylesheet" crossorigin href="/assets/index-1.css"></head><body><div id="root"><!--app-html--></div><!--app-state--></body></html>';

beforeAll(() => {
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'bande-build-'));
  fs.mkdirSync(path.join(webRoot, '.vite'));
  fs.mkdirSync(path.join(webRoot, 'assets'));
  const files: Record<string, string> = {
    'fraunces-latin-opsz-normal-abc.woff2': '',
    'fraunces-cyrillic-opsz-normal-def.woff2': '',
    'index-1.css': 'body{color:red}',
    'card-3.css': '.card{display:flex}',
    'photo-4.css': '.photo{width:100%}</style><script>',
    'team-5.css': '.team .card{display:grid}',
  };
  for (const [file, text] of Object.entries(files)) fs.writeFileSync(path.join(webRoot, 'assets', file), text);
  fs.writeFileSync(path.join(webRoot, 'index.html'), TEMPLATE);
  const manifest = {
    'index.html': { file: 'assets/index-1.js', css: ['assets/index-1.css'], assets: ['assets/fraunces-latin-opsz-normal-abc.woff2'], isEntry: true, imports: ['_react.js'] },
    '_react.js': { file: 'assets/react-2.js' },
    '_card.js': { file: 'assets/card-3.js', css: ['assets/card-3.css'], imports: ['_react.js'] },
    '_photo.js': { file: 'assets/photo-4.js', css: ['assets/photo-4.css'], imports: ['_card.js'] },
    'src/public/team/team-page.tsx': { file: 'assets/team-5.js', css: ['assets/team-5.css'], imports: ['_photo.js', '_card.js', '_react.js'] },
  };
  fs.writeFileSync(path.join(webRoot, '.vite', 'manifest.json'), JSON.stringify(manifest));
});
afterAll(() => fs.rmSync(webRoot, { recursive: true, force: true }));

const page = (modules: string[]) =>
  readWebBuild(webRoot).renderPage({ head: '<title>T</title>', html: '<h1>$& $1</h1>', state: '<script id="s"></script>', modules });

describe('a server-rendered page', () => {
  it('inlines its stylesheets, imported chunks before their importer, each marked for the loader of later pages', () => {
    const html = page(['src/public/team/team-page.tsx']);
    const styles = [...html.matchAll(/<style>(.*?)<\/style><link rel="stylesheet" href="\/assets\/([^"]+)" disabled>/g)].map((m) => m[2]);
    expect(styles).toEqual(['index-1.css', 'card-3.css', 'photo-4.css', 'team-5.css']);
    expect(html).toContain('<style>body{color:red}</style>');
    // A stylesheet cannot close its <style> element.
    expect(html).toContain('.photo{width:100%}<\\/style><script>');
    expect(html).not.toMatch(/<link rel="stylesheet" crossorigin/);
  });

  it('requests its scripts only once painted, the page chunks with the entry', () => {
    const html = page(['src/public/team/team-page.tsx']);
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('<link rel="modulepreload"');
    const [, entry, modules, loader] = LOADER_ELEMENT.exec(html) ?? [];
    // The page's scripts are data, read by a loader whose text is the same on every page (its CSP hash).
    expect(loader).toBe(LOADER_SCRIPT);
    expect(modules).toBe('[&quot;/assets/react-2.js&quot;,&quot;/assets/card-3.js&quot;,&quot;/assets/photo-4.js&quot;,&quot;/assets/team-5.js&quot;]');
    expect(entry).toBe('/assets/index-1.js');
    expect(loader).toContain('s.src=c.dataset.entry');
    // The loader comes after the state, so that the data is there when the entry runs.
    expect(html.indexOf('<script id="s">')).toBeLessThan(html.indexOf('PerformanceObserver'));
    // Started after the first contentful paint, or at the load event; early taps on buttons are held for hydration.
    expect(loader).toContain('getEntriesByName("first-contentful-paint")');
    expect(loader).toContain('else w.addEventListener("load",start)');
    expect(loader).toContain('w.addEventListener("app:hydrated"');
    expect(LOADER_ELEMENT.exec(page(['src/inconnu.tsx']))?.[2]).toBe('[&quot;/assets/react-2.js&quot;]');
  });

  it('fills the template as it is, and leaves the web fonts to the app (after the first paint)', () => {
    const html = page([]);
    expect(html).toContain('<div id="root"><h1>$& $1</h1></div>');
    expect(html).toContain('<link rel="icon" href="/favicon.svg"><title>T</title>');
    // Neither a font preload nor a font stylesheet: nothing the first paint would wait for.
    expect(html).not.toContain('woff2');
    expect(LOADER_ELEMENT.exec(html)?.[3]).not.toContain('stylesheet');
  });
});

describe('the client-only shell', () => {
  it('keeps Vite’s own tags', () => {
    const html = readWebBuild(webRoot).renderShell('<title>Admin</title>');
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-1.js"></script>');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-1.css">');
    expect(html).toContain('<div id="root"></div>');
  });

  it('preloads the chunks the address shows first, at once, with their stylesheets after the entry’s', () => {
    const html = readWebBuild(webRoot).renderShell('<title>Admin</title>', ['src/public/team/team-page.tsx', 'src/inconnu.tsx']);
    const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
    // Imported chunks before their importer; the entry's own (react-2) only once, where Vite listed it.
    expect(preloads).toEqual(['/assets/card-3.js', '/assets/photo-4.js', '/assets/team-5.js', '/assets/react-2.js']);
    expect(html.indexOf('href="/assets/card-3.js"')).toBeLessThan(html.indexOf('</head>'));
    const styles = [...html.matchAll(/<link rel="stylesheet" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
    // Found by Vite's loader under the same address, so not added twice; in the cascade after the entry's.
    expect(styles).toEqual(['/assets/index-1.css', '/assets/card-3.css', '/assets/photo-4.css', '/assets/team-5.css']);
    expect(html.indexOf('/assets/card-3.css')).toBeGreaterThan(html.indexOf('<div id="root"></div>'));
  });

  it('refuses a template without its placeholders', () => {
    fs.writeFileSync(path.join(webRoot, 'index.html'), '<html><head></head><body><div id="root"></div></body></html>');
    expect(() => readWebBuild(webRoot)).toThrow(/app-head/);
    fs.writeFileSync(path.join(webRoot, 'index.html'), TEMPLATE);
  });
});
