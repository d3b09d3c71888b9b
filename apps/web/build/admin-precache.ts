import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** One entry of Vite's build manifest (dist/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  css?: string[];
  assets?: string[];
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}
type ViteManifest = Record<string, ManifestChunk>;

/** What Workbox lists in the precache manifest (workbox-build's ManifestEntry). */
export interface PrecacheEntry {
  url: string;
  revision: string | null;
  size: number;
}

/** The backoffice's module, lazily imported by the app's router (src/app/app-routes.tsx). */
export const ADMIN_MODULE = 'src/admin/admin-app.tsx';
/** The address of the backoffice's shell: the server answers the same HTML for every /admin/* path. */
export const ADMIN_SHELL_URL = '/admin/';

/**
 * The files the backoffice runs, and nothing the public pages alone need: the entry and what it
 * imports, then everything the backoffice's module reaches, statically or lazily (every tab, the door
 * screen), with their stylesheets and the files those refer to. A public page's chunk is cached only if
 * the backoffice itself may load it.
 */
export function adminFiles(manifest: ViteManifest): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string, followLazy: boolean) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    files.add(chunk.file);
    for (const file of [...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(file);
    for (const dependency of chunk.imports ?? []) visit(dependency, followLazy);
    if (followLazy) for (const dependency of chunk.dynamicImports ?? []) visit(dependency, true);
  };
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (entry) visit(entry, false);
  if (!manifest[ADMIN_MODULE]) throw new Error(`${ADMIN_MODULE} absent du manifeste de Vite : le précache de l’administration serait vide`);
  visit(ADMIN_MODULE, true);
  return files;
}

/** The static files of the backoffice itself (web manifest, icons), under public/admin/. */
const ADMIN_STATIC = /^admin\/(?:manifest\.webmanifest|icon-[\w-]+\.png)$/;

/**
 * Workbox's manifestTransforms: of the files found in dist/, only the backoffice's, as absolute
 * addresses (the worker lives in /admin/: a relative address would be read from there); then the shell,
 * whose revision is the built index.html's (its script and stylesheet names change with every build).
 */
export function adminPrecache(outDir: string) {
  return (entries: PrecacheEntry[]) => {
    const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as ViteManifest;
    const wanted = adminFiles(manifest);
    const kept = entries.filter((entry) => wanted.has(entry.url) || ADMIN_STATIC.test(entry.url)).map((entry) => ({ ...entry, url: `/${entry.url}` }));
    const shell = fs.readFileSync(path.join(outDir, 'index.html'));
    kept.push({ url: ADMIN_SHELL_URL, revision: crypto.createHash('sha256').update(shell).digest('hex').slice(0, 16), size: shell.length });
    return { manifest: kept, warnings: [] as string[] };
  };
}
