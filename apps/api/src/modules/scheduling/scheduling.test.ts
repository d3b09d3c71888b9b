import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { texts } from '@bande/shared';
import { systemClock } from '../../lib/clock.ts';
import { createAdminToken } from '../../test/admin-token.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { createPublicationJob, fireDueSchedules, runPublicationSchedules } from './publication-job.ts';

let ctx: TestContext;
let token: string;
const auth = () => ({ authorization: `Bearer ${token}` });
const silent = { info: () => {}, error: () => {} };

beforeAll(async () => {
  ctx = await createTestApp();
  token = await createAdminToken(ctx);
});
afterAll(() => ctx.close());
// Tests move the clock by hours: a session valid a day from the clock's now for each.
beforeEach(async () => {
  token = await createAdminToken(ctx);
});

const send = (method: 'POST' | 'PUT', url: string, payload?: object) => ctx.app.inject({ method, url, headers: auth(), ...(payload ? { payload } : {}) });
const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });
const runJob = () => runPublicationSchedules({ db: ctx.db, clock: ctx.clock, log: silent, bumpContentVersion: () => ctx.app.publicCache.bump() });
const inMinutes = (n: number) => new Date(ctx.clock.now().getTime() + n * 60_000).toISOString();

let category = 0;
/** Each resource's create and update addresses and a valid body. */
const RESOURCES = {
  show: { url: '/api/shows', body: () => ({ name: `Spectacle ${Math.random()}`, type: 'Pépite', year: '2026', pitch: 'Un pitch', note: 'Une note' }) },
  member: { url: '/api/members', body: () => ({ firstName: 'Emma', lastName: 'Rouault', role: 'Comédienne' }) },
  partner: { url: '/api/partners', body: () => ({ title: 'Librairie du Centre', description: 'Une librairie amie' }) },
  gallery: { url: '/api/gallery', body: () => ({ type: 'youtube', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', title: 'Extrait' }) },
  category: { url: '/api/origins/admin/categories', body: () => ({ title: 'Les débuts' }) },
  event: { url: '/api/origins/admin/events', body: () => ({ title: 'Première lecture', date: '2014-06', description: 'Au café', categoryId: category }) },
} as const;
type Resource = keyof typeof RESOURCES;
const ALL = Object.keys(RESOURCES) as Resource[];

async function create(resource: Resource, extra: object = {}) {
  const res = await send('POST', RESOURCES[resource].url, { ...RESOURCES[resource].body(), ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; published: boolean; publishAt: string | null; unpublishAt: string | null };
}

beforeAll(async () => {
  category = (await create('category')).id;
});

/** The item as the admin reads it (origins have no GET of one category or event: the admin list). */
async function readBack(resource: Resource, id: number) {
  if (resource !== 'category' && resource !== 'event') return (await get(`${RESOURCES[resource].url}/${id}`, auth())).json().data;
  const categories = (await get('/api/origins/admin/categories', auth())).json() as { id: number; events: { id: number }[] }[];
  return resource === 'category' ? categories.find((c) => c.id === id) : categories.flatMap((c) => c.events).find((e) => e.id === id);
}

describe('publishAt and unpublishAt on create and update', () => {
  it.each(ALL)('%s: refuses an unreadable date, and a withdrawal not after the publication, in French (400)', async (resource) => {
    const { url, body } = RESOURCES[resource];
    const cases: [object, string, string][] = [
      [{ publishAt: 'demain soir' }, 'publishAt', texts.validation.publishAtInvalid],
      [{ publishAt: '2026-02-30T20:30' }, 'publishAt', texts.validation.publishAtInvalid],
      [{ unpublishAt: '2026-03-10' }, 'unpublishAt', texts.validation.unpublishAtInvalid],
      [{ unpublishAt: 12 }, 'unpublishAt', texts.validation.unpublishAtInvalid],
      [{ publishAt: '2026-03-10T20:30:00+01:00', unpublishAt: '2026-03-10T19:30:00Z' }, 'unpublishAt', texts.validation.unpublishNotAfterPublish],
      [{ publishAt: '2026-03-10T20:30', unpublishAt: '2026-03-10T19:00:00Z' }, 'unpublishAt', texts.validation.unpublishNotAfterPublish],
    ];
    for (const [fields, path, message] of cases) {
      const res = await send('POST', url, { ...body(), ...fields });
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json()).toEqual({ error: message, issues: [{ path, message }] });
    }
  });

  it.each(ALL)('%s: stores both dates as ISO UTC (Paris time when no offset), returns them to the admin, keeps them when omitted, clears them with null', async (resource) => {
    const created = await create(resource, { publishAt: '2026-03-10T20:30', unpublishAt: '2026-06-30T23:00:00+02:00' });
    // A planned publication: the item waits for it as a draft, even where new items are published by default.
    expect(created).toMatchObject({ published: false, publishAt: '2026-03-10T19:30:00.000Z', unpublishAt: '2026-06-30T21:00:00.000Z' });
    const itemUrl = `${RESOURCES[resource].url}/${created.id}`;

    const kept = await send('PUT', itemUrl, RESOURCES[resource].body());
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data).toMatchObject({ publishAt: '2026-03-10T19:30:00.000Z', unpublishAt: '2026-06-30T21:00:00.000Z' });

    // A withdrawal sent alone is checked against the publication already planned.
    const early = await send('PUT', itemUrl, { ...RESOURCES[resource].body(), unpublishAt: '2026-03-09T12:00:00Z' });
    expect(early.statusCode).toBe(400);
    expect(early.json().error).toBe(texts.validation.unpublishNotAfterPublish);

    const cleared = await send('PUT', itemUrl, { ...RESOURCES[resource].body(), publishAt: null, unpublishAt: '' });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().data).toMatchObject({ publishAt: null, unpublishAt: null });
  });

  it('keeps the plans out of public answers', async () => {
    const member = await create('member', { published: true, unpublishAt: inMinutes(60) });
    expect(member.unpublishAt).not.toBeNull();
    const show = await create('show', { published: true, unpublishAt: inMinutes(60) });
    const slug = (await get(`/api/shows/${show.id}`, auth())).json().data.slug as string;
    await create('gallery', { unpublishAt: inMinutes(60) });
    await create('event', { unpublishAt: inMinutes(60) });
    const partner = await create('partner', { unpublishAt: inMinutes(60) });
    expect((await send('POST', `/api/partners/${partner.id}/publish`)).statusCode).toBe(200);
    for (const url of ['/api/members?published=true', '/api/shows?published=true', `/api/shows/slug/${slug}`, '/api/gallery?published=true', '/api/partners?published=true', '/api/origins/categories']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toMatch(/publishAt|unpublishAt/);
    }
    expect((await get('/api/members', auth())).json().data.some((m: { unpublishAt: string | null }) => m.unpublishAt !== null)).toBe(true);
  });
});

describe('manual publish and unpublish', () => {
  it.each(ALL)('%s: publishing clears a planned publication and keeps a planned withdrawal; unpublishing clears both', async (resource) => {
    const created = await create(resource, { publishAt: inMinutes(30), unpublishAt: inMinutes(90) });
    const base = `${RESOURCES[resource].url}/${created.id}`;
    const publish = (published: boolean) =>
      resource === 'category' || resource === 'event' ? send('PUT', `${base}/publish`, { published }) : send('POST', `${base}/${published ? 'publish' : 'unpublish'}`);

    const published = await publish(true);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().data).toMatchObject({ published: true, publishAt: null, unpublishAt: inMinutes(90) });

    await send('PUT', base, { ...RESOURCES[resource].body(), publishAt: inMinutes(200), unpublishAt: inMinutes(300) });
    const unpublished = await publish(false);
    expect(unpublished.json().data).toMatchObject({ published: false, publishAt: null, unpublishAt: null });

    // Nothing planned is left to publish it again: it stays a draft.
    ctx.clock.advance(400 * 60_000);
    await runJob();
    expect(await readBack(resource, created.id)).toMatchObject({ published: false, publishAt: null, unpublishAt: null });
  });
});

describe('the publication job', () => {
  it('publishes what is due, then unpublishes what is due, clearing each date as it fires', async () => {
    const member = await create('member', { publishAt: inMinutes(10), unpublishAt: inMinutes(20) });
    const partner = await create('partner', { publishAt: inMinutes(10) });
    expect(await runJob()).toEqual({ published: 0, unpublished: 0, rows: [] });

    ctx.clock.advance(10 * 60_000);
    const fired = await runJob();
    expect(fired.published).toBe(2);
    const atPublication = (await get(`/api/members/${member.id}`, auth())).json().data;
    expect(atPublication).toMatchObject({ published: true, publishAt: null, unpublishAt: inMinutes(10), publishedAt: ctx.clock.now().toISOString() });
    expect((await get(`/api/partners/${partner.id}`, auth())).json().data).toMatchObject({ published: true, publishAt: null });

    // Fired once: a manual unpublish of the partner now stays.
    await send('POST', `/api/partners/${partner.id}/unpublish`);
    ctx.clock.advance(10 * 60_000);
    expect((await runJob()).unpublished).toBe(1);
    expect((await get(`/api/members/${member.id}`, auth())).json().data).toMatchObject({ published: false, publishAt: null, unpublishAt: null, publishedAt: null });
    expect((await get(`/api/partners/${partner.id}`, auth())).json().data.published).toBe(false);
  });

  it('publishes at the next run a publication saved in the past, and ends unpublished when both dates have passed', async () => {
    const late = await create('gallery', { publishAt: inMinutes(-5) });
    const missed = await create('event', { publishAt: inMinutes(-30), unpublishAt: inMinutes(-10) });
    expect(late.published).toBe(false);
    await runJob();
    expect((await get(`/api/gallery/${late.id}`, auth())).json().data).toMatchObject({ published: true, publishAt: null });
    const event = (await get('/api/origins/admin/categories', auth())).json().flatMap((c: { events: unknown[] }) => c.events).find((e: { id: number }) => e.id === missed.id);
    expect(event).toMatchObject({ published: false, publishAt: null, unpublishAt: null });
  });

  it('fires each schedule once when several servers run at the same moment, and bumps the content version only when a row changed', async () => {
    await create('show', { publishAt: inMinutes(1) });
    await create('member', { unpublishAt: inMinutes(1), published: true });
    ctx.clock.advance(60_000);
    const runs = await Promise.all([1, 2, 3].map(() => fireDueSchedules(ctx.db, ctx.clock.now())));
    expect(runs.reduce((sum, run) => sum + run.published, 0)).toBe(1);
    expect(runs.reduce((sum, run) => sum + run.unpublished, 0)).toBe(1);

    const before = await ctx.app.publicCache.version();
    expect(await runJob()).toEqual({ published: 0, unpublished: 0, rows: [] });
    expect(await ctx.app.publicCache.version()).toBe(before);
    await create('partner', { publishAt: inMinutes(0) });
    const versionBeforeRun = await ctx.app.publicCache.version();
    await runJob();
    expect(await ctx.app.publicCache.version()).toBeGreaterThan(versionBeforeRun);
  });

  it("records each fired schedule in the entity's history, with no account, and only once when several servers fire together", async () => {
    const show = await create('show', { publishAt: inMinutes(1), unpublishAt: inMinutes(2) });
    const event = await create('event', { publishAt: inMinutes(1) });
    ctx.clock.advance(60_000);
    await Promise.all([runJob(), runJob()]);
    ctx.clock.advance(60_000);
    await runJob();
    const history = async (entity: string, id: number) =>
      (await get(`/api/revisions?entity=${entity}&entityId=${id}`, auth())).json().data as { id: number; action: string; userEmail: string | null }[];
    const showHistory = await history('show', show.id);
    expect(showHistory.map((revision) => [revision.action, revision.userEmail])).toEqual([
      ['unpublish', null],
      ['publish', null],
      ['create', expect.stringMatching(/@example\.org$/)],
    ]);
    const published = (await get(`/api/revisions/${showHistory[1]!.id}`, auth())).json().data.snapshot;
    expect(published).toMatchObject({ id: show.id, published: true, publishAt: null });
    expect((await history('origin-event', event.id)).map((revision) => revision.action)).toEqual(['publish', 'create']);
  });

  it('runs by itself: with a short interval, a show planned 300 ms ahead appears in the public list without anyone acting', async () => {
    const name = `Publication en temps réel ${Date.now()}`;
    // This job reads the real time (the test app's clock stands still).
    const job = createPublicationJob({ db: ctx.db, clock: systemClock, log: silent, bumpContentVersion: () => ctx.app.publicCache.bump() }, { everyMs: 50, firstDelayMs: 0 });
    await create('show', { name, publishAt: new Date(Date.now() + 300).toISOString() });
    expect((await get('/api/shows?published=true')).body).not.toContain(name);
    job.start();
    try {
      const started = Date.now();
      let body = '';
      while (!body.includes(name) && Date.now() - started < 5_000) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        body = (await get('/api/shows?published=true')).body;
      }
      expect(body).toContain(name);
    } finally {
      await job.stop();
    }
  });
});
