import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '@bande/shared';
import { createTestApp, type TestContext } from './test/test-app.ts';

/**
 * The per-address rate limits key on request.ip. A visitor who writes his own X-Forwarded-For must
 * not get a fresh bucket per request, whatever TRUST_PROXY says; only the configured proxies are believed.
 */
const LIMIT = 10; // publicFormRateLimit on /api/newsletter/subscribe

async function withApp(env: Record<string, string>, body: (ctx: () => TestContext) => void) {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp(env);
  });
  afterAll(async () => {
    await ctx.close();
  });
  body(() => ctx);
}

const subscribe = (ctx: TestContext, remoteAddress: string, forwardedFor: string | undefined, n: number) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/newsletter/subscribe',
    remoteAddress,
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
    payload: { email: `visiteur${n}-${Math.random().toString(36).slice(2)}@example.org` },
  });

/** The address each rate-limit bucket was counted for (its key ends with it). */
async function bucketAddresses(ctx: TestContext): Promise<string[]> {
  const rows = await ctx.db.selectFrom('rateLimitBuckets').select('key').execute();
  return rows.map((row) => row.key.slice(row.key.lastIndexOf('-') + 1)).sort();
}

describe('without TRUST_PROXY', () => {
  withApp({}, (ctx) => {
    it('a forged X-Forwarded-For gives no fresh bucket: the socket address is counted', async () => {
      const statuses: number[] = [];
      for (let i = 0; i <= LIMIT; i++) statuses.push((await subscribe(ctx(), '198.51.100.20', `203.0.113.${i}`, i)).statusCode);
      expect(statuses.slice(0, LIMIT).every((s) => s < 300)).toBe(true);
      expect(statuses[LIMIT]).toBe(429);
      expect(await bucketAddresses(ctx())).toEqual(['198.51.100.20']);
    });
  });
});

describe('TRUST_PROXY=1 (one proxy in front)', () => {
  withApp({ TRUST_PROXY: '1' }, (ctx) => {
    it('counts the right-most entry, so a visitor writing his own left-most entries cannot dodge the limit', async () => {
      const statuses: number[] = [];
      // The proxy (10.0.0.1) appends the address it saw; everything left of it is the visitor's own writing.
      for (let i = 0; i <= LIMIT; i++) statuses.push((await subscribe(ctx(), '10.0.0.1', `203.0.113.${i}, 198.51.100.7`, i)).statusCode);
      expect(statuses.slice(0, LIMIT).every((s) => s < 300)).toBe(true);
      const refused = await subscribe(ctx(), '10.0.0.1', '192.0.2.99, 198.51.100.7', 99);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ error: texts.api.tooManyRequests });
      // Another visitor behind the same proxy has his own bucket: the proxy's address is not what is counted.
      expect((await subscribe(ctx(), '10.0.0.1', '198.51.100.8', 100)).statusCode).toBeLessThan(300);
      expect(await bucketAddresses(ctx())).toEqual(['198.51.100.7', '198.51.100.8']);
    });
  });
});

describe('TRUST_PROXY as a list of addresses and CIDRs', () => {
  withApp({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }, (ctx) => {
    it('believes only the listed proxies, however many there are', async () => {
      // Two listed proxies in a row: the visitor is the first address that is not one of them.
      await subscribe(ctx(), '10.0.0.1', '203.0.113.1, 198.51.100.9, 10.20.30.40', 1);
      // A peer outside the list is the visitor itself, whatever it writes.
      await subscribe(ctx(), '192.0.2.50', '203.0.113.2', 2);
      expect(await bucketAddresses(ctx())).toEqual(['192.0.2.50', '198.51.100.9']);
    });

    it('a visitor reaching the server directly cannot dodge the limit with forged entries', async () => {
      const statuses: number[] = [];
      for (let i = 0; i <= LIMIT; i++) statuses.push((await subscribe(ctx(), '192.0.2.60', `10.0.0.${i}, 203.0.113.${i}`, i)).statusCode);
      expect(statuses[LIMIT]).toBe(429);
    });
  });
});
