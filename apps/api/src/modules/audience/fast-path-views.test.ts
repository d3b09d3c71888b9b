import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../logger.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { audienceFigures } from './figures.ts';

/**
 * Issue 36 × issue 37: a page sent by the fast path (before Fastify, from the public answer cache) is
 * counted as the full path counts it, with the visitor's address read through TRUST_PROXY as Fastify
 * reads it (two visitors behind one proxy are two visitors), and neither address is logged.
 */
const webSrc = fileURLToPath(new URL('../../../../web/', import.meta.url));
const COMPUTER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let ctx: TestContext;
let webRoot: string;
let logged = '';

beforeAll(async () => {
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'bande-web-'));
  fs.copyFileSync(path.join(webSrc, 'index.html'), path.join(webRoot, 'index.html'));
  const log = createLogger({ logLevel: 'info', production: true }, new Writable({ write(chunk, _encoding, next) { logged += String(chunk); next(); } }));
  ctx = await createTestApp({ SITE_URL: 'https://labande.example', TRUST_PROXY: '127.0.0.1' }, { webRoot, ssrEntry: path.join(webSrc, 'src/entry-server.tsx') }, log);
  ctx.clock.set(new Date('2026-11-28T14:00:00.000Z'));
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);

afterAll(async () => {
  await ctx.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

/** A real request through the server's listener (the fast path sits there, not in inject()). */
function get(url: string, visitor: string): Promise<number> {
  const { port } = ctx.app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: url, headers: { host: 'labande.example', 'user-agent': COMPUTER, 'x-forwarded-for': visitor } }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      })
      .on('error', reject);
  });
}

describe('pages sent by the fast path', () => {
  it('are counted like the full path’s, each visitor behind the proxy apart, and no address is logged', async () => {
    const hitsBefore = ctx.app.fastPath.counts().hits;
    expect(await get('/', '198.51.100.10')).toBe(200);
    expect(await get('/?utm_source=lettre', '198.51.100.11')).toBe(200);
    expect(await get('/', '198.51.100.12')).toBe(200);
    // The last two were the fast path's (the first one taught it the answer).
    expect(ctx.app.fastPath.counts().hits - hitsBefore).toBe(2);
    await ctx.app.audience.flush();
    const { audience } = await audienceFigures(ctx.db, '2026-11-28', '2026-11-28');
    expect(audience.pageViews).toBe(3);
    expect(audience.visitors).toBe(3);
    expect(audience.campaigns).toEqual([{ source: 'lettre', campaign: null, pageViews: 1 }]);
    expect(logged).toContain('incoming request');
    for (const address of ['198.51.100.10', '198.51.100.11', '198.51.100.12']) expect(logged).not.toContain(address);
    expect(logged).not.toContain('Chrome/131');
  });
});
