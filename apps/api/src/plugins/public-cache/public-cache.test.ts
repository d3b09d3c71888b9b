import path from 'node:path';
import zlib from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import type { App } from '../../deps.ts';
import { manualClock } from '../../lib/clock.ts';
import { createAdminTestApp, createAdminToken } from '../../test/admin-token.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createDiskStorage } from '../storage.ts';

// The public answer cache through the real app (app.ts registers it before the routes).
let ctx: TestContext;
let token: string;
const auth = () => ({ authorization: `Bearer ${token}` });
const LIST = '/api/shows?published=true';

beforeAll(async () => {
  ({ ctx, token } = await createAdminTestApp());
  // Enough published shows for the list to pass the 1 KB compression threshold.
  for (const name of ['Le Horla', 'Bel-Ami', 'Boule de suif', 'La Parure']) await publishShow(name);
});
afterAll(() => ctx.close());

async function createShow(name: string) {
  const payload = { name, type: 'Grand format', year: '2025', pitch: 'Un pitch assez long pour peser. '.repeat(4), note: 'Une note.' };
  const res = await ctx.app.inject({ method: 'POST', url: '/api/shows', headers: auth(), payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; slug: string };
}

async function publishShow(name: string) {
  const show = await createShow(name);
  expect((await ctx.app.inject({ method: 'POST', url: `/api/shows/${show.id}/publish`, headers: auth() })).statusCode).toBe(200);
  return show;
}

const get = (url: string, headers: Record<string, string> = {}, app: App = ctx.app) => app.inject({ method: 'GET', url, headers });
const names = async (url = LIST, app: App = ctx.app) => ((await get(url, {}, app)).json().data as { name: string }[]).map((show) => show.name);
/** Renames a show behind the API's back: nothing bumps the content version. */
const renameDirectly = (from: string, to: string) => ctx.db.updateTable('shows').set({ name: to }).where('name', '=', from).execute();

describe('public answer cache', () => {
  it('answers a repeated read from memory, and a write through the admin API shows at once', async () => {
    expect(await names()).toContain('Le Horla');
    await renameDirectly('Le Horla', 'Le Horla (changé en base)');
    // Same content version: the change made behind the API's back is not seen yet.
    expect(await names()).toContain('Le Horla');

    await publishShow('Pierre et Jean');
    const fresh = await names();
    expect(fresh).toContain('Pierre et Jean');
    expect(fresh).toContain('Le Horla (changé en base)');
  });

  it('keeps an answer at most 60 seconds, whatever the version', async () => {
    await get(LIST);
    await renameDirectly('Bel-Ami', 'Bel-Ami (changé en base)');
    ctx.clock.advance(59_000);
    expect(await names()).toContain('Bel-Ami');
    ctx.clock.advance(1_000);
    expect(await names()).toContain('Bel-Ami (changé en base)');
  });

  it('never reads nor stores the cache for a request with Authorization', async () => {
    await get(LIST);
    await renameDirectly('La Parure', 'La Parure (admin)');
    const admin = await get(LIST, auth());
    expect(admin.headers['cache-control']).toBe('no-store');
    expect(admin.json().data.map((show: { name: string }) => show.name)).toContain('La Parure (admin)');
    // The visitor still gets the copy made before, not the admin's answer.
    expect(await names()).toContain('La Parure');

    // A URL first read by an admin is not stored: a visitor's later read goes to the database.
    const url = '/api/members?published=true';
    expect((await get(url, auth())).statusCode).toBe(200);
    await ctx.db
      .insertInto('members')
      .values({ documentId: 'cache-test', firstName: 'Zoé', lastName: 'Cache', role: 'Comédienne', note: null, photo: null, published: 1, publishedAt: null, createdAt: '2026-03-03T19:30:00.000Z', updatedAt: '2026-03-03T19:30:00.000Z' })
      .execute();
    expect((await get(url)).json().data.map((member: { firstName: string }) => member.firstName)).toContain('Zoé');
  });

  it('never answers drafts from the cache to a visitor', async () => {
    expect((await get('/api/shows', auth())).statusCode).toBe(200);
    expect((await get('/api/shows')).statusCode).toBe(401);
  });

  it('answers 304 to a matching If-None-Match, with the same tag as the uncached answer', async () => {
    await publishShow('Une vie');
    const miss = await get(LIST);
    const hit = await get(LIST);
    expect(hit.headers.etag).toMatch(/^W\/".+"$/);
    expect(hit.headers.etag).toBe(miss.headers.etag);
    expect(hit.headers['cache-control']).toBe('public, max-age=60');

    const revalidated = await get(LIST, { 'if-none-match': hit.headers.etag as string, 'accept-encoding': 'br' });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    expect(revalidated.headers.etag).toBe(hit.headers.etag);
    expect(revalidated.headers['content-encoding']).toBeUndefined();
    expect((await get(LIST, { 'if-none-match': 'W/"autre"' })).statusCode).toBe(200);
  });

  it('answers a revalidation with 304 on a miss too (first read after a change)', async () => {
    const before = await get(LIST);
    await publishShow('Mont-Oriol');
    const after = await get(LIST, { 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    const again = await get(LIST, { 'if-none-match': after.headers.etag as string });
    expect(again.statusCode).toBe(304);
  });

  it('answers br, gzip or plain bodies that decode to the same JSON, on a miss and on a hit', async () => {
    await publishShow('Fort comme la mort');
    for (let round = 0; round < 2; round++) {
      const plain = await get(LIST);
      const br = await get(LIST, { 'accept-encoding': 'gzip, deflate, br' });
      const gzip = await get(LIST, { 'accept-encoding': 'gzip' });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(br.headers['content-encoding']).toBe('br');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      for (const res of [plain, br, gzip]) expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
      expect(JSON.parse(zlib.gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
      expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
      expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      expect(br.headers.etag).toBe(plain.headers.etag);
    }
  });

  it('answers HEAD from the same entry as GET, without a body', async () => {
    const getRes = await get(LIST);
    await renameDirectly('Boule de suif', 'Boule de suif (changé en base)');
    const head = await ctx.app.inject({ method: 'HEAD', url: LIST });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers['content-type']).toMatch(/^application\/json/);
    expect(head.headers.etag).toBe(getRes.headers.etag);
  });

  it('keeps each query string apart', async () => {
    const featured = await publishShow('Yvette');
    await ctx.app.inject({ method: 'POST', url: `/api/shows/${featured.id}/featured`, headers: auth(), payload: { isFeatured: true } });
    const all = await names(LIST);
    const onlyFeatured = await names(`${LIST}&isFeatured=true`);
    expect(onlyFeatured).toEqual(['Yvette']);
    expect(all.length).toBeGreaterThan(1);
    expect(await names(LIST)).toEqual(all);
  });

  it('does not keep answers other than 200', async () => {
    const draft = await createShow('Le Rosier de Madame Husson');
    expect((await get(`/api/shows/slug/${draft.slug}`)).statusCode).toBe(404);
    await ctx.db.updateTable('shows').set({ published: 1 }).where('id', '=', draft.id).execute();
    const published = await get(`/api/shows/slug/${draft.slug}`);
    expect(published.statusCode).toBe(200);
    expect(published.json().data.name).toBe('Le Rosier de Madame Husson');
  });
});

describe('public answer cache on several servers', () => {
  let other: App;
  const otherClock = manualClock();
  let pages = 0;

  beforeAll(async () => {
    // A second server on the same database, with its own clock and memory.
    other = await buildApp({
      db: ctx.db,
      dialect: ctx.dialect,
      config: ctx.config,
      mailer: ctx.mailer,
      storage: createDiskStorage(path.join(ctx.dataDir, 'uploads')),
      clock: otherClock,
    });
    // An SSR-like page through serve(): a big enough HTML body to be compressed.
    other.get('/test/page', (request, reply) =>
      other.publicCache.serve(request, reply, async () => {
        pages++;
        const rows = await ctx.db.selectFrom('shows').select('name').where('published', '=', 1).orderBy('id').execute();
        const body = `<!doctype html><p>${rows.map((row) => row.name).join(', ')}</p><!-- ${'x'.repeat(2000)} -->`;
        return { statusCode: 200, contentType: 'text/html; charset=utf-8', cacheControl: 'public, max-age=0, must-revalidate', body };
      }),
    );
    other.get('/test/missing', (request, reply) =>
      other.publicCache.serve(request, reply, async () => {
        pages++;
        return { statusCode: 404, contentType: 'text/html; charset=utf-8', cacheControl: 'no-store', body: '<p>Introuvable</p>' };
      }),
    );
    await other.ready();
  });
  afterAll(() => other.close());

  it('sees a write made on another server once its memo of the version (1 s) has expired', async () => {
    expect(await names(LIST, other)).not.toContain('Contes du jour et de la nuit');
    await publishShow('Contes du jour et de la nuit');
    // The writing server sees it at once; the other one within a second.
    expect(await names(LIST, ctx.app)).toContain('Contes du jour et de la nuit');
    expect(await names(LIST, other)).not.toContain('Contes du jour et de la nuit');
    otherClock.advance(1_001);
    expect(await names(LIST, other)).toContain('Contes du jour et de la nuit');
  });

  it('bumps the shared version through app.publicCache.bump()', async () => {
    const before = await ctx.app.publicCache.version();
    expect(await other.publicCache.bump()).toBe(before + 1);
    otherClock.advance(1_001);
    expect(await other.publicCache.version()).toBe(before + 1);
    // This server remembered the old value less than a second ago.
    expect(await ctx.app.publicCache.version()).toBe(before);
    ctx.clock.advance(1_001);
    expect(await ctx.app.publicCache.version()).toBe(before + 1);
  });

  it('serves an SSR page from memory, compressed and revalidated, and produces it again after a change', async () => {
    const first = await get('/test/page', { 'accept-encoding': 'br' }, other);
    const produced = pages;
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(first.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect(first.headers['content-encoding']).toBe('br');
    const html = zlib.brotliDecompressSync(first.rawPayload).toString();
    expect(html).toContain('Contes du jour et de la nuit');

    const second = await get('/test/page', { 'accept-encoding': 'gzip' }, other);
    expect(pages).toBe(produced);
    expect(zlib.gunzipSync(second.rawPayload).toString()).toBe(html);
    expect((await get('/test/page', { 'if-none-match': first.headers.etag as string }, other)).statusCode).toBe(304);
    expect(pages).toBe(produced);

    // With Authorization: produced each time, never stored.
    const admin = await get('/test/page', auth(), other);
    expect(admin.statusCode).toBe(200);
    expect(pages).toBe(produced + 1);

    // A write through this server's admin API: produced again at once.
    await ctx.app.inject({ method: 'POST', url: `/api/shows/${(await createShow('Miss Harriet')).id}/publish`, headers: auth() });
    otherClock.advance(1_001);
    expect(await get('/test/page', {}, other).then((res) => res.body)).toContain('Miss Harriet');
    expect(pages).toBe(produced + 2);
  });

  it('renders a page once for the visitors who ask for it while it is being rendered, at its first request and after it expired', async () => {
    // The entry from the test above expires: every later request misses until the new one is kept.
    otherClock.advance(60_000);
    for (const round of [1, 2]) {
      const before = pages;
      const answers = await Promise.all(Array.from({ length: 20 }, (_, index) => get('/test/page', index % 2 ? { 'accept-encoding': 'br' } : {}, other)));
      expect(answers.map((res) => res.statusCode)).toEqual(Array(20).fill(200));
      expect(new Set(answers.filter((_, index) => index % 2 === 0).map((res) => res.body)).size).toBe(1);
      expect(answers.filter((_, index) => index % 2 === 1).every((res) => res.headers['content-encoding'] === 'br')).toBe(true);
      expect(pages, `round ${round}`).toBe(before + 1);
      otherClock.advance(60_000);
    }
  });

  it('lets each waiting visitor make its own answer when the one being made is not to be kept', async () => {
    const before = pages;
    const answers = await Promise.all(Array.from({ length: 5 }, () => get('/test/missing', {}, other)));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(5).fill(404));
    expect(pages).toBe(before + 5);
  });

  it('does not keep an SSR answer other than 200', async () => {
    const before = pages;
    expect((await get('/test/missing', {}, other)).statusCode).toBe(404);
    expect((await get('/test/missing', {}, other)).statusCode).toBe(404);
    expect(pages).toBe(before + 2);
  });
});

describe('public answer cache failures', () => {
  let broken: TestContext;
  let brokenToken: string;

  beforeAll(async () => {
    broken = await createTestApp();
    brokenToken = await createAdminToken(broken);
    // Without its table the content version can be neither read nor bumped.
    await sql`DROP TABLE content_version`.execute(broken.db);
  });
  afterAll(() => broken.close());

  it('still answers reads and writes, uncached', async () => {
    const payload = { name: 'Sans cache', type: 'Grand format', year: '2025', pitch: 'P', note: 'N' };
    const created = await broken.app.inject({ method: 'POST', url: '/api/shows', headers: { authorization: `Bearer ${brokenToken}` }, payload });
    expect(created.statusCode).toBe(201);
    await broken.app.inject({ method: 'POST', url: `/api/shows/${created.json().data.id}/publish`, headers: { authorization: `Bearer ${brokenToken}` } });
    const list = await broken.app.inject({ method: 'GET', url: LIST });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((show: { name: string }) => show.name)).toEqual(['Sans cache']);
    expect(broken.app.publicCache.size()).toBe(0);
  });
});
