import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminToken } from '../../test/admin-token.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { cacheKey } from './public-cache.ts';

// What a visitor can do to the public cache: fill it with query strings nobody reads, or have a
// failed render kept and served to everyone after it. The real app, renderer and database.
const webSrc = fileURLToPath(new URL('../../../../web/', import.meta.url));
let ctx: TestContext;
let webRoot: string;

beforeAll(async () => {
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'bande-web-'));
  fs.copyFileSync(path.join(webSrc, 'index.html'), path.join(webRoot, 'index.html'));
  ctx = await createTestApp({}, { webRoot, ssrEntry: path.join(webSrc, 'src/entry-server.tsx') });
  const auth = { authorization: `Bearer ${await createAdminToken(ctx)}` };
  const show = await ctx.app.inject({ method: 'POST', url: '/api/shows', headers: auth, payload: { name: 'Madame Bovary', type: 'Grand format', year: '2026', pitch: 'Emma rêve.', note: 'N', published: true } });
  expect(show.statusCode, show.body).toBe(201);
}, 60_000);
afterAll(async () => {
  await ctx.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

const get = (url: string) => ctx.app.inject({ method: 'GET', url });
const size = () => ctx.app.publicCache.size();

describe('query strings nobody reads do not grow the cache', () => {
  it('keys an API answer on its path and the parameters its schema reads, sorted', () => {
    const read = new Set(['published', 'isFeatured']);
    expect(cacheKey('/api/shows?x=1', read)).toBe('/api/shows');
    expect(cacheKey('/api/shows?published=true&x=1', read)).toBe('/api/shows?published=true');
    expect(cacheKey('/api/shows?x=2&published=true&isFeatured=true', read)).toBe(cacheKey('/api/shows?isFeatured=true&published=true', read));
    expect(cacheKey('/api/site', new Set())).toBe('/api/site');
  });

  it.each([
    ['/api/site', '/api/site?x='],
    ['/api/card-config', '/api/card-config?x='],
    ['/api/shows?published=true', '/api/shows?published=true&x='],
    ['/team', '/team?x='],
    ['/show/madame-bovary', '/show/madame-bovary?utm_source='],
  ])('%s asked with 200 different ?x=N keeps one entry', async (plain, prefix) => {
    const first = await get(plain);
    expect(first.statusCode, first.body.slice(0, 200)).toBe(200);
    const held = size();
    for (let n = 0; n < 200; n++) {
      const res = await get(`${prefix}${n}`);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(first.body);
    }
    expect(size()).toBe(held);
  });

  it('renders the card preview for each query (it shows the admin’s draft) but keeps none of them', async () => {
    const held = size();
    for (let n = 0; n < 50; n++) {
      expect((await get(`/preview-card?title=Carte%20${n}&description=D&buttonText=B&enabled=true`)).statusCode).toBe(200);
    }
    expect(size()).toBe(held);
  });
});

describe('a failed render is never kept', () => {
  it('serves the shell, uncached, while the data cannot be read; the next visit after the repair gets the real page', async () => {
    const url = '/shows';
    // The render reads the shows through the API: without their table it fails and falls back to the shell.
    // A new content version first, so the API's own answers are not served from the cache.
    await ctx.app.publicCache.bump();
    await sql`ALTER TABLE shows RENAME TO shows_hidden`.execute(ctx.db);
    let failed;
    try {
      failed = await get(url);
    } finally {
      await sql`ALTER TABLE shows_hidden RENAME TO shows`.execute(ctx.db);
    }
    expect(failed.statusCode).toBe(200);
    expect(failed.body).not.toContain('Madame Bovary');
    expect(failed.headers['cache-control']).toBe('no-store');

    const good = await get(url);
    expect(good.statusCode).toBe(200);
    expect(good.body).toContain('Madame Bovary');
    expect(good.headers['cache-control']).not.toBe('no-store');
  });

  it('does not keep an API failure either', async () => {
    await ctx.app.publicCache.bump();
    await sql`ALTER TABLE shows RENAME TO shows_hidden`.execute(ctx.db);
    let failed;
    try {
      failed = await get('/api/shows?published=true&isFeatured=true');
    } finally {
      await sql`ALTER TABLE shows_hidden RENAME TO shows`.execute(ctx.db);
    }
    expect(failed.statusCode).toBe(500);
    const good = await get('/api/shows?published=true&isFeatured=true');
    expect(good.statusCode).toBe(200);
  });
});
