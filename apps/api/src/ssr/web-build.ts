import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** One entry of Vite's build manifest (dist/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

export interface PageParts {
  /** Head tags of the page (title, description, canonical, Open Graph, JSON-LD, image preloads). */
  head: string;
  /** The markup inside #root. */
  html: string;
  /** The script holding the data to hydrate with. */
  state: string;
  /** Vite manifest keys of the page's own chunks (besides the entry). */
  modules: readonly string[];
}

export interface WebBuild {
  /** A server-rendered page: its styles inline, its scripts loaded once it is painted. */
  renderPage(parts: PageParts): string;
  /**
   * The client-only shell (the backoffice), as Vite built it; with the manifest keys of the chunks the
   * address shows first (admin-first-parts.ts), preloaded at once rather than discovered one level at
   * a time, and `html` inside #root until the app replaces it (the backoffice's first frame).
   */
  renderShell(head: string, firstParts?: readonly string[], html?: string): string;
}

const PLACEHOLDERS = ['<!--app-head-->', '<!--app-html-->', '<!--app-state-->'] as const;
/** What Vite adds to index.html for the entry: a server-rendered page replaces them (see renderPage). */
// eslint-disable-next-line regexp/no-super-linear-move -- read once at start from index.html, which our own Vite build writes (a few hundred bytes): never a visitor's text.
const VITE_ENTRY_TAGS = /\s*<(?:script type="module"[^>]*><\/script>|link rel="(?:modulepreload|stylesheet)"[^>]*>)/g;

export function readWebBuild(webRoot: string): WebBuild {
  const template = fs.readFileSync(path.join(webRoot, 'index.html'), 'utf8');
  for (const placeholder of PLACEHOLDERS) {
    if (!template.includes(placeholder)) throw new Error(`index.html sans ${placeholder} : reconstruisez le site (npm run build)`);
  }
  const manifestFile = path.join(webRoot, '.vite', 'manifest.json');
  const manifest: Record<string, ManifestChunk> = fs.existsSync(manifestFile) ? JSON.parse(fs.readFileSync(manifestFile, 'utf8')) : {};
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  // Without a manifest (an unusual build) the page keeps Vite's own tags: correct, only slower.
  const pageTemplate = entryKey ? template.replace(VITE_ENTRY_TAGS, '') : template;

  const cssCache = new Map<string, string>();
  const readCss = (file: string) => {
    let css = cssCache.get(file);
    if (css === undefined) {
      css = fs.readFileSync(path.join(webRoot, file), 'utf8').replace(/<\/style/gi, '<\\/style');
      cssCache.set(file, css);
    }
    return css;
  };

  return {
    renderPage({ head, html, state, modules }) {
      if (!entryKey) return fill(template, { head, html, state });
      const chunks = chunksOf(manifest, [entryKey, ...modules]);
      const styles = [...chunks].flatMap((key) => manifest[key]!.css ?? []);
      const scripts = [...chunks].map((key) => `/${manifest[key]!.file}`);
      return fill(pageTemplate, {
        head: head + inlineStyles(styles, readCss),
        html,
        state: state + scriptLoader(`/${manifest[entryKey]!.file}`, scripts),
      });
    },
    renderShell(head, firstParts = [], html = '') {
      if (!entryKey || firstParts.length === 0) return fill(template, { head, html, state: '' });
      // Vite's own tags already preload the entry's chunks.
      const entryChunks = chunksOf(manifest, [entryKey]);
      const chunks = [...chunksOf(manifest, firstParts)].filter((key) => !entryChunks.has(key));
      const scripts = chunks.map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key]!.file}">`);
      // In the body, after the entry's stylesheet in the head: the cascade's order is the one Vite's
      // loader would give them, and finding them there it adds none again.
      const styles = chunks.flatMap((key) => manifest[key]!.css ?? []).map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`);
      return fill(template, { head: head + scripts.join(''), html, state: styles.join('') });
    },
  };
}

function fill(template: string, { head, html, state }: { head: string; html: string; state: string }): string {
  // Functions as replacements: a '$&' in the content is written as it is.
  return template
    .replace('<!--app-head-->', () => head)
    .replace('<!--app-html-->', () => html)
    .replace('<!--app-state-->', () => state);
}

/**
 * The page's stylesheets, inline: the first paint needs no other request. Each is followed by a
 * disabled <link> to its file, which the browser does not fetch but which tells Vite's loader, when a
 * later page needs the same stylesheet, that it is already there (else it would be added again, after
 * the page's own styles, and win over them).
 */
function inlineStyles(files: readonly string[], readCss: (file: string) => string): string {
  return files.map((file) => `<style>${readCss(file)}</style><link rel="stylesheet" href="/${file}" disabled>`).join('');
}

/**
 * The scripts, requested once the page's content has been painted (its
 * first-contentful-paint entry; the load event where paint timing is missing — not as a race: Chrome
 * may fire load before it has painted anything; a background tab hydrates when it is first shown):
 * the content is already there,
 * so the first paint waits for nothing but the HTML; hydration then starts with every module fetched
 * in parallel. Until the page is hydrated, a tap on a button (which needs the app) is held and replayed
 * once it is ('app:hydrated', from entry-client.tsx), so that an early tap is not lost; links work
 * without the app.
 *
 * The same text on every page, the page's scripts being read from the element's data attributes: the
 * Content-Security-Policy allows it by its hash alone (plugins/content-security-policy.ts), without
 * 'unsafe-inline'.
 */
export const LOADER_SCRIPT =
  `(function(){var d=document,h=d.head,w=window,c=d.currentScript,held=[],started=0;` +
  `function hold(e){var b=e.target.closest&&e.target.closest("button");if(!b)return;e.preventDefault();e.stopPropagation();if(held.indexOf(b)<0)held.push(b)}` +
  `d.addEventListener("click",hold,true);` +
  `w.addEventListener("app:hydrated",function(){d.removeEventListener("click",hold,true);held.forEach(function(b){if(b.isConnected)b.click()})},{once:true});` +
  `function start(){if(started)return;started=1;` +
  `JSON.parse(c.dataset.modules).forEach(function(u){var l=d.createElement("link");l.rel="modulepreload";l.crossOrigin="";l.href=u;h.appendChild(l)});` +
  `var s=d.createElement("script");s.type="module";s.crossOrigin="";s.src=c.dataset.entry;h.appendChild(s)}` +
  `var P=w.PerformanceObserver;if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf("paint")>=0)` +
  `new P(function(list,observer){if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();start()}}).observe({type:"paint",buffered:true});` +
  `else w.addEventListener("load",start)})()`;

/** The loader's CSP source expression ('sha256-…' without the quotes). */
export const LOADER_SCRIPT_HASH = `sha256-${crypto.createHash('sha256').update(LOADER_SCRIPT).digest('base64')}`;

function scriptLoader(entry: string, modules: readonly string[]): string {
  const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  const others = JSON.stringify(modules.filter((url) => url !== entry));
  return `<script data-entry="${attribute(entry)}" data-modules="${attribute(others)}">${LOADER_SCRIPT}</script>`;
}

/** The chunks of `keys` and of everything they import, each once, imported chunks before their importer. */
function chunksOf(manifest: Record<string, ManifestChunk>, keys: readonly string[]): Set<string> {
  const chunks = new Set<string>();
  for (const key of keys) for (const chunk of dependenciesFirst(manifest, key)) chunks.add(chunk);
  return chunks;
}

/** A chunk and everything it imports statically, each import listed before its importer. */
function dependenciesFirst(manifest: Record<string, ManifestChunk>, key: string, seen = new Set<string>(), order: string[] = []): string[] {
  if (!manifest[key] || seen.has(key)) return order;
  seen.add(key);
  for (const dependency of manifest[key].imports ?? []) dependenciesFirst(manifest, dependency, seen, order);
  order.push(key);
  return order;
}
