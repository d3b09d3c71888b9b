import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type ViteDevServer } from 'vite';

/**
 * The product runs on React and React DOM, in the browser, the server renderer, the tests and
 * development. These checks fail if a substitute (Preact and its compat layer, an alias table pointing
 * 'react' elsewhere) comes back, or if development loses React Fast Refresh.
 */
const root = fileURLToPath(new URL('../../..', import.meta.url));
const webRoot = path.join(root, 'apps/web');
const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));

const SUBSTITUTES = /^(preact|preact-.*|@preact\/.*|inferno.*|nano-react|react-lite|million)$/;
const PACKAGE_FILES = ['package.json', 'apps/web/package.json', 'apps/api/package.json', 'packages/shared/package.json'];
const CONFIG_FILES = ['vitest.config.ts', 'apps/web/vite.config.ts'];

describe('React is the runtime', () => {
  it('no package.json names a React substitute', () => {
    for (const file of PACKAGE_FILES) {
      const manifest = readJson(file);
      const names = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'].flatMap((field) => Object.keys(manifest[field] ?? {}));
      expect(names.filter((name) => SUBSTITUTES.test(name)), file).toEqual([]);
      expect(names.filter((name) => name === 'react' || name === 'react-dom').length, file).toBe(file === 'apps/web/package.json' ? 2 : 0);
    }
  });

  it('nothing installs one (the lockfile) and React and React DOM are the same 19.x release', () => {
    const lock = readJson('package-lock.json');
    const installed = Object.keys(lock.packages).map((key) => key.replace(/^.*node_modules\//, ''));
    expect(installed.filter((name) => SUBSTITUTES.test(name))).toEqual([]);
    const require = createRequire(path.join(webRoot, 'package.json'));
    const react = require('react/package.json').version as string;
    const reactDom = require('react-dom/package.json').version as string;
    expect(react).toMatch(/^19\./);
    expect(reactDom).toBe(react);
  });

  it('no Vite or Vitest configuration aliases react or react-dom to something else', () => {
    for (const file of CONFIG_FILES) {
      const source = fs.readFileSync(path.join(root, file), 'utf8');
      expect(source, file).not.toMatch(/preact/i);
      expect(source, file).not.toMatch(/find:\s*\/\^react(-dom)?(\\\/[\w-]+)?\$\//);
      expect(source, file).not.toMatch(/['"]react(-dom)?(\/[\w-]+)?['"]\s*:/);
    }
  });
});

describe('development server', () => {
  let server: ViteDevServer;
  beforeAll(async () => {
    server = await createServer({ configFile: path.join(webRoot, 'vite.config.ts'), root: webRoot, server: { middlewareMode: true, ws: false }, logLevel: 'silent' });
  });
  afterAll(() => server?.close());

  it('serves components with React Fast Refresh, so that an edit keeps their state', async () => {
    const page = await server.transformRequest('/src/public/home/home-page.tsx');
    // The component registers with the refresh runtime and accepts its own updates.
    expect(page?.code).toContain('$RefreshReg$');
    expect(page?.code).toContain('import.meta.hot');
    const runtime = await server.transformRequest('/@react-refresh');
    expect(runtime?.code).toContain('performReactRefresh');
  });
});
