import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app.ts';

// The real renderer in maintenance mode: the gate for visitors, the site for those who entered.
const webSrc = fileURLToPath(new URL('../../../web/', import.meta.url));
let ctx: TestContext;
let webRoot: string;

beforeAll(async () => {
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'bande-web-'));
  fs.copyFileSync(path.join(webSrc, 'index.html'), path.join(webRoot, 'index.html'));
  ctx = await createTestApp({ MAINTENANCE_MODE: 'true' }, { webRoot, ssrEntry: path.join(webSrc, 'src/entry-server.tsx') });
}, 60_000);
afterAll(async () => {
  await ctx.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

const get = (url: string, cookie?: string) => ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const GATE = /<h1[^>]*>Site en maintenance<\/h1>/;

describe('pages in maintenance mode', () => {
  it('renders the gate for a visitor, the page for one who entered (his cookie), each kept apart', async () => {
    const visitor = await get('/contact');
    expect(visitor.body).toMatch(GATE);
    expect(visitor.headers.vary).toMatch(/cookie/i);

    const entered = await get('/contact', 'theme=sombre; maintenance-access=true');
    expect(entered.statusCode).toBe(200);
    expect(entered.body).not.toMatch(GATE);
    expect(entered.body).toContain('"maintenanceAccess":true');
    expect(entered.headers.vary).toMatch(/cookie/i);

    // The cached answers do not cross: the next visitor still gets the gate, the next entrant the page.
    expect((await get('/contact')).body).toMatch(GATE);
    expect((await get('/contact', 'maintenance-access=true')).body).not.toMatch(GATE);
  });

  it('is not fooled by a cookie that only looks like it', async () => {
    expect((await get('/contact', 'maintenance-access=false')).body).toMatch(GATE);
    expect((await get('/contact', 'x-maintenance-access=true')).body).toMatch(GATE);
  });
});
