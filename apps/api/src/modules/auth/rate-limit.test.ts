import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { texts } from '@bande/shared';
import { buildApp } from '../../app.ts';
import type { App } from '../../deps.ts';
import { minutes } from '../../lib/clock.ts';
import { createDiskStorage } from '../../plugins/storage.ts';
import { deleteExpiredBuckets } from '../../plugins/rate-limit.ts';
import { ADMIN, createAuthTestApp } from './auth-test-helpers.ts';

let ctx: Awaited<ReturnType<typeof createAuthTestApp>>;
/** A second server on the same database, as behind a load balancer. */
let other: App;
beforeAll(async () => {
  ctx = await createAuthTestApp();
  other = await buildApp({ ...ctx, storage: createDiskStorage(path.join(ctx.dataDir, 'uploads')) });
  await other.ready();
});
afterAll(async () => {
  await other.close();
  await ctx.close();
});
beforeEach(() => ctx.resetState());

const requestUnlock = (app: App, remoteAddress = '203.0.113.7') =>
  app.inject({ method: 'POST', url: '/api/auth/request-unlock', payload: { email: ADMIN.email }, remoteAddress });

describe('per-IP rate limits in the database', () => {
  it('answers 429 in French past the limit, per address and per route', async () => {
    for (let i = 0; i < 5; i++) expect((await requestUnlock(ctx.app)).statusCode).toBe(200);
    const res = await requestUnlock(ctx.app);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ error: texts.api.tooManyRequests });
    expect(Number(res.headers['retry-after'])).toBe(15 * 60);
    expect((await requestUnlock(ctx.app, '198.51.100.1')).statusCode).toBe(200);
    const reset = await ctx.app.inject({ method: 'POST', url: '/api/auth/request-reset', remoteAddress: '203.0.113.7' });
    expect(reset.statusCode).toBe(200);
  });

  it('keeps the bucket in the database, shared by two servers on it', async () => {
    for (let i = 0; i < 3; i++) expect((await requestUnlock(ctx.app)).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) expect((await requestUnlock(other)).statusCode).toBe(200);
    const rows = await ctx.db.selectFrom('rateLimitBuckets').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ count: 5, resetAt: ctx.clock.now().getTime() + minutes(15) });
    expect(rows[0]!.key).toContain('/api/auth/request-unlock');
    expect(rows[0]!.key).toContain('203.0.113.7');
    expect((await requestUnlock(other)).statusCode).toBe(429);
    expect((await requestUnlock(ctx.app)).statusCode).toBe(429);
  });

  it('opens a new window once the previous one has ended', async () => {
    for (let i = 0; i < 6; i++) await requestUnlock(ctx.app);
    ctx.clock.advance(minutes(15));
    expect((await requestUnlock(ctx.app)).statusCode).toBe(200);
    const row = await ctx.db.selectFrom('rateLimitBuckets').selectAll().executeTakeFirstOrThrow();
    expect(row.count).toBe(1);
  });

  it('guards login against a flood of requests from one address: 60 a minute, lifted the next minute', async () => {
    const attempt = () => ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: {}, remoteAddress: '192.0.2.9' });
    for (let i = 0; i < 60; i++) expect((await attempt()).statusCode).toBe(400);
    const res = await attempt();
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ error: texts.api.tooManyRequests });
    ctx.clock.advance(minutes(1));
    expect((await attempt()).statusCode).toBe(400);
  });

  it('deletes expired buckets only', async () => {
    const now = ctx.clock.now().getTime();
    await ctx.db
      .insertInto('rateLimitBuckets')
      .values([
        { key: 'ancien', count: 3, resetAt: now - 1 },
        { key: 'en-cours', count: 3, resetAt: now + 1000 },
      ])
      .execute();
    expect(await deleteExpiredBuckets(ctx.db, now)).toBe(1);
    const keys = (await ctx.db.selectFrom('rateLimitBuckets').select('key').execute()).map((r) => r.key);
    expect(keys).toEqual(['en-cours']);
  });
});
