import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminToken } from '../../test/admin-token.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { runPublicationSchedules } from './publication-job.ts';
import { cappedCacheControl } from './schedule-horizon.ts';

// What a visitor gets around a scheduled change: the public API, the server-rendered page (the real
// renderer, as in ssr/web-pages.test.ts), the sitemap and the agenda, all read (and cached) before.
const webSrc = fileURLToPath(new URL('../../../../web/', import.meta.url));
let ctx: TestContext;
let webRoot: string;
let token: string;
const auth = () => ({ authorization: `Bearer ${token}` });
const silent = { info: () => {}, error: () => {} };
const runJob = () => runPublicationSchedules({ db: ctx.db, clock: ctx.clock, log: silent, bumpContentVersion: () => ctx.app.publicCache.bump() });
const get = (url: string) => ctx.app.inject({ method: 'GET', url });
const at = (seconds: number) => new Date(ctx.clock.now().getTime() + seconds * 1000).toISOString();

beforeAll(async () => {
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'bande-web-'));
  fs.copyFileSync(path.join(webSrc, 'index.html'), path.join(webRoot, 'index.html'));
  ctx = await createTestApp({ SITE_URL: 'https://labande.example' }, { webRoot, ssrEntry: path.join(webSrc, 'src/entry-server.tsx') });
  token = await createAdminToken(ctx);
}, 60_000);
afterAll(async () => {
  await ctx.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

/** What a visitor sees of the show now, each answer with its Cache-Control. */
async function visitorView(slug: string) {
  const [list, api, page, catalogue, sitemap, agenda] = await Promise.all(
    ['/api/shows?published=true', `/api/shows/slug/${slug}`, `/show/${slug}`, '/shows', '/sitemap.xml', '/agenda.ics'].map((url) => get(url)),
  );
  expect(catalogue!.statusCode).toBe(200);
  return {
    inList: list!.body.includes(slug),
    apiStatus: api!.statusCode,
    pageShowsIt: page!.statusCode === 200 && page!.body.includes('Les Misérables'),
    inCatalogue: catalogue!.body.includes('Les Misérables'),
    inSitemap: sitemap!.body.includes(`/show/${slug}`),
    inAgenda: agenda!.body.includes('Les Misérables'),
    maxAges: [list, catalogue, sitemap, agenda].map((res) => res!.headers['cache-control']),
  };
}

describe('a scheduled show, seen by visitors', () => {
  it('appears everywhere when its publication fires and leaves when its withdrawal fires, though every answer was cached before', async () => {
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/shows',
      headers: auth(),
      payload: {
        name: 'Les Misérables',
        type: 'Grand format',
        year: '2026',
        pitch: 'Jean Valjean, forçat libéré.',
        note: 'Note de mise en scène',
        publishAt: at(30),
        unpublishAt: at(600),
        performances: [{ date: '2026-03-20T20:30:00+01:00', address: '8 rue du Théâtre, 37000 Tours', venueName: 'Théâtre Olympia' }],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const slug = created.json().data.slug as string;

    const before = await visitorView(slug);
    expect(before).toMatchObject({ inList: false, apiStatus: 404, pageShowsIt: false, inCatalogue: false, inSitemap: false, inAgenda: false });
    // 30 s before the publication, no copy may be kept longer than that.
    expect(before.maxAges).toEqual(['public, max-age=30', 'public, max-age=30', 'public, max-age=30', 'public, max-age=30']);
    const cached = ctx.app.publicCache.size();
    expect(cached).toBeGreaterThanOrEqual(3);

    // From the public cache, 20 s later: still hidden, and the copies expire with the publication.
    ctx.clock.advance(20_000);
    const later = await visitorView(slug);
    expect(later).toMatchObject({ inList: false, pageShowsIt: false, inCatalogue: false, inAgenda: false });
    expect(later.maxAges).toEqual(Array(4).fill('public, max-age=10'));
    expect(ctx.app.publicCache.size()).toBe(cached);

    // The time has come but the job has not run: nothing may be kept while the answer is about to change.
    ctx.clock.advance(11_000);
    expect((await visitorView(slug)).maxAges).toEqual(Array(4).fill('public, max-age=0'));

    expect((await runJob()).published).toBe(1);
    const published = await visitorView(slug);
    expect(published).toMatchObject({ inList: true, apiStatus: 200, pageShowsIt: true, inCatalogue: true, inSitemap: true, inAgenda: true });
    // Next change: the withdrawal, 569 s ahead, beyond the usual minute.
    expect(published.maxAges).toEqual(Array(4).fill('public, max-age=60'));

    ctx.clock.advance(570_000);
    expect((await runJob()).unpublished).toBe(1);
    const withdrawn = await visitorView(slug);
    expect(withdrawn).toMatchObject({ inList: false, apiStatus: 404, pageShowsIt: false, inCatalogue: false, inSitemap: false, inAgenda: false });
    expect(withdrawn.maxAges).toEqual(Array(4).fill('public, max-age=60'));
  });

  it('caps the max-age of other resources’ public lists too, and leaves admin and immutable answers alone', async () => {
    const member = await ctx.app.inject({ method: 'POST', url: '/api/members', headers: auth(), payload: { firstName: 'Cosette', lastName: 'Fauchelevent', role: 'Lectrice', publishAt: at(45) } });
    expect(member.statusCode, member.body).toBe(201);
    const list = await get('/api/members?published=true');
    expect(list.headers['cache-control']).toBe('public, max-age=45');
    expect(list.body).not.toContain('Cosette');
    ctx.clock.advance(45_000);
    await runJob();
    const after = await get('/api/members?published=true');
    expect(after.body).toContain('Cosette');
    expect(after.headers['cache-control']).toBe('public, max-age=60');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/members', headers: auth() })).headers['cache-control']).toBe('no-store');
  });
});

describe('cappedCacheControl', () => {
  const now = Date.parse('2026-03-03T19:30:00Z');
  it('shortens a public max-age to the whole seconds left before the next change, never below 0', () => {
    expect(cappedCacheControl('public, max-age=60', now + 12_900, now)).toBe('public, max-age=12');
    expect(cappedCacheControl('public, max-age=300', now + 90_000, now)).toBe('public, max-age=90');
    expect(cappedCacheControl('public, max-age=60', now - 5_000, now)).toBe('public, max-age=0');
  });
  it('keeps it when nothing is planned, when the change is further than the max-age, and for immutable or private answers', () => {
    expect(cappedCacheControl('public, max-age=60', null, now)).toBe('public, max-age=60');
    expect(cappedCacheControl('public, max-age=60', now + 61_000, now)).toBe('public, max-age=60');
    expect(cappedCacheControl('public, max-age=31536000, immutable', now + 1_000, now)).toBe('public, max-age=31536000, immutable');
    expect(cappedCacheControl('no-store', now + 1_000, now)).toBe('no-store');
  });
});
