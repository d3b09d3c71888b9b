import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { executionAsyncId } from 'node:async_hooks';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app.ts';

// Issue 37: once a page had been rendered, React DOM's Node build kept an AsyncLocalStorage of its own
// enabled for good, and with it Node 20's promise hooks: every later request (a cached page answered by
// the fast path, /api/health) paid for async context propagation. The renderer now uses the edge build
// of the same prerender (apps/web/src/entry-server.tsx), and our own store disables itself after each
// render (render-context.ts). Promise hooks are off when a promise's continuation runs with async id 0.
const webSrc = fileURLToPath(new URL('../../../web/', import.meta.url));
let ctx: TestContext;
let webRoot: string;

const asyncIdInAPromise = () => Promise.resolve().then(() => executionAsyncId());

beforeAll(async () => {
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'bande-web-'));
  fs.copyFileSync(path.join(webSrc, 'index.html'), path.join(webRoot, 'index.html'));
  ctx = await createTestApp({ SITE_URL: 'https://labande.example' }, { webRoot, ssrEntry: path.join(webSrc, 'src/entry-server.tsx') });
}, 60_000);

afterAll(async () => {
  await ctx.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

describe('after a server render', () => {
  it('leaves no async hook on for the requests that follow', async () => {
    expect(await asyncIdInAPromise(), 'promise hooks were already on before any render').toBe(0);
    for (const url of ['/', '/shows', '/team', '/admin/login']) {
      const page = await ctx.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain('<div id="root">');
    }
    // Let every continuation of the renders run out before looking.
    await new Promise((resolve) => setImmediate(resolve));
    expect(await asyncIdInAPromise(), 'promise hooks stayed on after the renders').toBe(0);
  });
});
