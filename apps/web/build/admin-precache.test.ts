import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN_MODULE, adminFiles, adminPrecache } from './admin-precache.ts';

// A build's manifest in small: the entry, a public page, the backoffice and its lazy door screen.
const manifest = {
  'src/entry-client.tsx': { file: 'assets/index-A.js', isEntry: true, imports: ['_framework'], css: ['assets/index-A.css'], dynamicImports: ['src/public/home.tsx', ADMIN_MODULE] },
  _framework: { file: 'assets/framework-F.js' },
  'src/public/home.tsx': { file: 'assets/home-H.js', imports: ['_framework', '_card'], css: ['assets/home-H.css'], assets: ['assets/photo-P.webp'] },
  _card: { file: 'assets/card-C.js' },
  [ADMIN_MODULE]: { file: 'assets/admin-app-B.js', imports: ['_framework', '_button'], css: ['assets/admin-app-B.css'], dynamicImports: ['src/admin/door.tsx'] },
  _button: { file: 'assets/button-U.js' },
  'src/admin/door.tsx': { file: 'assets/door-D.js', imports: ['_button', '_card'], css: ['assets/door-D.css'] },
};

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

describe('the backoffice precache', () => {
  it('keeps the entry, the backoffice and everything it loads, lazily included, and no public page of its own', () => {
    const files = adminFiles(manifest);
    expect([...files].sort()).toEqual(
      ['assets/admin-app-B.css', 'assets/admin-app-B.js', 'assets/button-U.js', 'assets/card-C.js', 'assets/door-D.css', 'assets/door-D.js', 'assets/framework-F.js', 'assets/index-A.css', 'assets/index-A.js'].sort(),
    );
    expect(files.has('assets/home-H.js')).toBe(false);
  });

  it('refuses a build without the backoffice rather than a worker that caches nothing of it', () => {
    const { [ADMIN_MODULE]: _admin, ...withoutAdmin } = manifest;
    expect(() => adminFiles(withoutAdmin)).toThrow(/absent du manifeste/);
  });

  it('lists them by absolute address, with the web manifest, the icons and the shell revised by index.html', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'precache-'));
    dirs.push(dir);
    fs.mkdirSync(path.join(dir, '.vite'));
    fs.writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
    fs.writeFileSync(path.join(dir, 'index.html'), '<script src="/assets/index-A.js"></script>');
    const found = ['assets/index-A.js', 'assets/home-H.js', 'assets/door-D.js', 'admin/manifest.webmanifest', 'admin/icon-192.png', 'favicon.png'].map((url) => ({ url, revision: null, size: 1 }));
    const first = adminPrecache(dir)(found).manifest;
    expect(first.map((entry) => entry.url)).toEqual(['/assets/index-A.js', '/assets/door-D.js', '/admin/manifest.webmanifest', '/admin/icon-192.png', '/admin/']);
    // A new build (new chunk names in index.html) is a new revision of the shell: the worker fetches it again.
    fs.writeFileSync(path.join(dir, 'index.html'), '<script src="/assets/index-Z.js"></script>');
    const second = adminPrecache(dir)(found).manifest;
    expect(second.at(-1)!.revision).not.toBe(first.at(-1)!.revision);
  });
});
