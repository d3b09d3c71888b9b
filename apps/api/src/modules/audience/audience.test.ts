import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAdminToken } from '../../test/admin-token.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { NOT_ARCHIVED, TABLES } from '../../ops/archive-format.ts';
import { createLogger } from '../../logger.ts';
import { aggregateAudience } from './aggregation-job.ts';
import { audienceFigures } from './figures.ts';

// The real renderer over the real API (as ssr/web-pages.test.ts): the pages a visitor's first request gets.
const webSrc = fileURLToPath(new URL('../../../../web/', import.meta.url));
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const COMPUTER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const TABLET = 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/604.1';
const ADDRESS = '203.0.113.77';

let ctx: TestContext;
let webRoot: string;
let logged = '';

beforeAll(async () => {
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'bande-web-'));
  fs.copyFileSync(path.join(webSrc, 'index.html'), path.join(webRoot, 'index.html'));
  // The server's own logger (its serializers), writing where the test reads.
  const log = createLogger({ logLevel: 'info', production: true }, new Writable({ write(chunk, _encoding, next) { logged += String(chunk); next(); } }));
  ctx = await createTestApp({ SITE_URL: 'https://labande.example' }, { webRoot, ssrEntry: path.join(webSrc, 'src/entry-server.tsx') }, log);
}, 60_000);

afterAll(async () => {
  await ctx.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

beforeEach(async () => {
  await ctx.app.audience.flush();
  for (const table of ['audienceCounts', 'audienceVisitors', 'audienceDays', 'audienceKeys'] as const) await ctx.db.deleteFrom(table).execute();
  await ctx.db.deleteFrom('rateLimitBuckets').execute();
  // 15:00 in Paris (UTC+1 in winter).
  ctx.clock.set(new Date('2026-11-28T14:00:00.000Z'));
});

const page = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET', remoteAddress = ADDRESS) =>
  ctx.app.inject({ method, url, remoteAddress, headers: { 'user-agent': COMPUTER, host: 'labande.example', ...headers } });
const beacon = (payload: unknown, headers: Record<string, string> = {}, remoteAddress = ADDRESS) =>
  ctx.app.inject({ method: 'POST', url: '/api/audience/view', remoteAddress, headers: { 'user-agent': COMPUTER, host: 'labande.example', ...headers }, payload: payload as object });

async function figures(from = '2026-11-28', to = '2026-11-28') {
  await ctx.app.audience.flush();
  return audienceFigures(ctx.db, from, to);
}

describe('audience measurement', () => {
  it('counts the pages the server renders, cached or not, with their referrer, campaign and device, and the beacon’s views', async () => {
    expect((await page('/', { referer: 'https://www.facebook.com/some/post' })).statusCode).toBe(200);
    // The second one comes from the public answer cache.
    expect((await page('/?utm_source=Lettre&utm_campaign=novembre', { 'user-agent': PHONE })).statusCode).toBe(200);
    expect((await page('/shows', { referer: 'https://labande.example/' }, 'GET', '198.51.100.2')).statusCode).toBe(200);
    const sent = await beacon({ kind: 'view', path: '/team', search: '', referrer: 'https://labande.example/' }, { 'user-agent': TABLET });
    expect(sent.statusCode).toBe(204);
    expect(sent.headers['set-cookie']).toBeUndefined();
    expect((await beacon({ kind: 'booking-dialog', path: '/show/bovary', performanceId: 7 })).statusCode).toBe(204);

    const { audience, pageViewsByPath, dialogsByPerformance } = await figures();
    expect(audience.pageViews).toBe(4);
    expect(Object.fromEntries(pageViewsByPath)).toEqual({ '/': 2, '/shows': 1, '/team': 1 });
    expect(Object.fromEntries(dialogsByPerformance)).toEqual({ 7: 1 });
    expect(audience.referrers).toEqual([{ domain: 'facebook.com', pageViews: 1 }]);
    expect(audience.campaigns).toEqual([{ source: 'lettre', campaign: 'novembre', pageViews: 1 }]);
    expect(audience.devices).toEqual({ phone: 1, tablet: 1, computer: 2 });
    // Same address, three user agents: three visitors; a second address: four.
    expect(audience.visitors).toBe(4);
    expect(audience.perDay).toEqual([{ day: '2026-11-28', pageViews: 4, visitors: 4 }]);
  });

  it('does not count bots, link previews, prefetches, Sec-GPC, the staff, HEAD requests or error pages', async () => {
    await page('/', { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' });
    await page('/', { 'user-agent': 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)' });
    await page('/', { 'user-agent': 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)' });
    await page('/', { 'user-agent': '' });
    await page('/', { 'sec-purpose': 'prefetch;prerender' });
    await page('/', { purpose: 'prefetch' });
    await page('/', { 'sec-gpc': '1' });
    await page('/', { cookie: 'theme=dark; staff=1' });
    await page('/', {}, 'HEAD');
    await page('/page-qui-n-existe-pas');
    await beacon({ kind: 'view', path: '/' }, { 'sec-gpc': '1' });
    await beacon({ kind: 'view', path: '/' }, { cookie: 'staff=1' });
    await beacon({ kind: 'view', path: 'https://ailleurs.example/' });
    expect((await figures()).audience.pageViews).toBe(0);
    // The same request without what stopped it is counted.
    await page('/', { cookie: 'theme=dark' });
    expect((await figures()).audience.pageViews).toBe(1);
  });

  it('marks a signed-in backoffice browser with the staff cookie, and removes it at logout', async () => {
    const token = await createAdminToken(ctx);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
    expect(String(me.headers['set-cookie'])).toMatch(/^staff=1;.*HttpOnly/);
    const out = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { authorization: `Bearer ${token}`, cookie: 'staff=1' } });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/^staff=;.*Max-Age=0/);
    // A visitor's page sets no cookie.
    expect((await page('/')).headers['set-cookie']).toBeUndefined();
  });

  it('refuses a bad beacon in French, counting nothing', async () => {
    for (const payload of [{ kind: 'clic', path: '/' }, { kind: 'view' }, { kind: 'view', path: 'x'.repeat(301) }, { kind: 'booking-dialog', path: '/', performanceId: -1 }]) {
      const res = await beacon(payload);
      expect(res.statusCode).toBe(400);
      expect((res.json() as { error: string }).error).toMatch(/[a-zé]/);
      expect(res.body).not.toMatch(/Internal|expected/);
    }
    const notJson = await ctx.app.inject({ method: 'POST', url: '/api/audience/view', headers: { 'content-type': 'application/json' }, payload: '{' });
    expect(notJson.statusCode).toBe(400);
    expect((await figures()).audience.pageViews).toBe(0);
  });

  it('counts a visitor once a day with a key that changes at midnight in Paris, and drops the day’s key and hashes once it is over', async () => {
    // A day no other test counted in (the counter keeps the day's key in memory).
    ctx.clock.set(new Date('2026-12-05T14:00:00.000Z'));
    await page('/');
    await page('/shows');
    await ctx.app.audience.flush();
    const [firstKey] = await ctx.db.selectFrom('audienceKeys').selectAll().execute();
    expect(firstKey?.day).toBe('2026-12-05');
    // 23:59:50 then 00:00:10 in Paris: the same visitor is a visitor of each day.
    ctx.clock.set(new Date('2026-12-05T22:59:50.000Z'));
    await page('/');
    ctx.clock.set(new Date('2026-12-05T23:00:10.000Z'));
    await page('/');
    await page('/team');
    await ctx.app.audience.flush();
    const hashes = await ctx.db.selectFrom('audienceVisitors').select(['day', 'hash']).orderBy('day').execute();
    expect(hashes.map((row) => row.day)).toEqual(['2026-12-05', '2026-12-06']);
    expect(hashes[0]!.hash).not.toBe(hashes[1]!.hash);
    // Two minutes past midnight the day is over: its visitors counted, its hashes and key gone.
    ctx.clock.set(new Date('2026-12-05T23:02:00.000Z'));
    expect((await aggregateAudience(ctx.db, ctx.clock.now())).days).toEqual(['2026-12-05']);
    const keys = await ctx.db.selectFrom('audienceKeys').select('day').execute();
    expect(keys.map((row) => row.day)).toEqual(['2026-12-06']);
    expect(await ctx.db.selectFrom('audienceVisitors').select('day').execute()).toEqual([{ day: '2026-12-06' }]);
    const { audience } = await figures('2026-12-04', '2026-12-06');
    expect(audience.perDay).toEqual([
      { day: '2026-12-04', pageViews: 0, visitors: 0 },
      { day: '2026-12-05', pageViews: 3, visitors: 1 },
      { day: '2026-12-06', pageViews: 2, visitors: 1 },
    ]);
    expect(audience.visitors).toBe(2);
  });

  it('aggregates a day exactly once, whoever runs it and however often', async () => {
    await page('/');
    await page('/', {}, 'GET', '198.51.100.9');
    await ctx.app.audience.flush();
    ctx.clock.set(new Date('2026-11-29T09:00:00.000Z'));
    const now = ctx.clock.now();
    const runs = await Promise.all([aggregateAudience(ctx.db, now), aggregateAudience(ctx.db, now), aggregateAudience(ctx.db, now)]);
    expect(runs.filter((run) => run.ran)).toHaveLength(1);
    // Past the lease, another run finds nothing left to add.
    expect((await aggregateAudience(ctx.db, new Date(now.getTime() + 120_000))).ran).toBe(true);
    expect(await ctx.db.selectFrom('audienceDays').selectAll().execute()).toEqual([{ day: '2026-11-28', visitors: 2 }]);
  });

  it('keeps statistics 25 months', async () => {
    await ctx.db.insertInto('audienceDays').values([{ day: '2024-10-27', visitors: 3 }, { day: '2024-10-28', visitors: 4 }]).execute();
    await aggregateAudience(ctx.db, ctx.clock.now());
    expect(await ctx.db.selectFrom('audienceDays').select('day').execute()).toEqual([{ day: '2024-10-28' }]);
  });

  it('writes what is counted at the graceful close', async () => {
    const other = await createTestApp({ SITE_URL: 'https://labande.example' });
    try {
      await other.app.inject({ method: 'POST', url: '/api/audience/view', remoteAddress: ADDRESS, headers: { 'user-agent': COMPUTER }, payload: { kind: 'view', path: '/' } });
      expect(await other.db.selectFrom('audienceCounts').selectAll().execute()).toEqual([]);
      await other.app.close();
      expect((await other.db.selectFrom('audienceCounts').select('views').execute()).map((row) => row.views)).toEqual([1]);
    } finally {
      await other.close().catch(() => {});
    }
  });

  it('keeps no address, user agent or identifier in the database or in the log', async () => {
    const token = await createAdminToken(ctx);
    await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
    await ctx.db.deleteFrom('auditLog').execute();
    await ctx.db.deleteFrom('rateLimitBuckets').execute();
    logged = '';
    await page('/?utm_source=lettre', { 'user-agent': PHONE, referer: 'https://www.qwant.com/' });
    await beacon({ kind: 'view', path: '/shows', referrer: 'https://duckduckgo.com/' }, { 'user-agent': PHONE });
    await ctx.app.audience.flush();
    expect((await figures()).audience.pageViews).toBe(2);
    const dump: string[] = [];
    for (const name of [...TABLES.map((table) => table.name), ...NOT_ARCHIVED]) dump.push(JSON.stringify(await ctx.db.selectFrom(name).selectAll().execute()));
    const everything = dump.join('\n');
    for (const secret of [ADDRESS, PHONE, 'iPhone', 'Mobile/15E148']) {
      expect(everything).not.toContain(secret);
      expect(logged).not.toContain(secret);
    }
    expect(logged).toContain('incoming request');
  });

  it('answers the figures of a season of 500,000 page views quickly', async () => {
    const rows = [];
    for (let d = 0; d < 300; d++) {
      const day = new Date(Date.UTC(2025, 8, 1) + d * 86_400_000).toISOString().slice(0, 10);
      for (let p = 0; p < 40; p++) for (const device of ['phone', 'computer'] as const) rows.push({ day, kind: 'view' as const, path: `/spectacles/s${p}`, referrer: p % 5 === 0 ? `site${p}.example` : '', utmSource: '', utmCampaign: '', device, performanceId: 0, views: 21 });
    }
    for (let start = 0; start < rows.length; start += 500) await ctx.db.insertInto('audienceCounts').values(rows.slice(start, start + 500)).execute();
    await sql`analyze`.execute(ctx.db).catch(() => {});
    const started = performance.now();
    const { audience } = await audienceFigures(ctx.db, '2025-09-01', '2026-08-31');
    const elapsed = performance.now() - started;
    expect(audience.pageViews).toBe(504_000);
    expect(elapsed).toBeLessThan(1000);
  });
});
