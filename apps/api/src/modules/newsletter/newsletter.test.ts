import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { texts } from '@bande/shared';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { newsletterRepository } from './newsletter.repository.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await ctx.db.deleteFrom('newsletterSubscriptions').execute();
});

// Each request comes from its own address unless a test says otherwise, so that the per-IP limit
// only shows up in the test about it.
let lastIp = 0;
const nextIp = () => `10.1.${Math.floor(++lastIp / 250)}.${lastIp % 250}`;

const subscribe = (payload: unknown, ip = nextIp()) =>
  ctx.app.inject({ method: 'POST', url: '/api/newsletter/subscribe', payload: payload as object, remoteAddress: ip });

describe('POST /api/newsletter/subscribe', () => {
  it('stores a valid address in lower case and answers the French success message', async () => {
    const res = await subscribe({ email: '  Lectrice@Example.ORG ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: texts.success.newsletterSubscribed });
    const rows = await newsletterRepository.findAll(ctx.db);
    expect(rows.map((r) => r.email)).toEqual(['lectrice@example.org']);
    expect(rows[0]!.createdAt).toBe(ctx.clock.now().toISOString());
  });

  it('treats a second sign-up of the same address (any case) as a success that stores nothing new', async () => {
    expect((await subscribe({ email: 'fidele@example.org' })).statusCode).toBe(200);
    const again = await subscribe({ email: 'FIDELE@example.org' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: texts.success.newsletterSubscribed });
    expect(await newsletterRepository.findAll(ctx.db)).toHaveLength(1);
  });

  it('survives simultaneous sign-ups of one address without a 500', async () => {
    const replies = await Promise.all(Array.from({ length: 5 }, () => subscribe({ email: 'course@example.org' })));
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await newsletterRepository.findAll(ctx.db)).toHaveLength(1);
  });

  it.each([
    ['no at sign', { email: 'pas-une-adresse' }],
    ['no domain dot', { email: 'a@b' }],
    ['spaces inside', { email: 'a b@example.org' }],
    ['empty', { email: '' }],
    ['missing', {}],
    ['a number', { email: 42 }],
    ['too long', { email: `${'a'.repeat(250)}@example.org` }],
    ['a NUL character', { email: 'a\u0000b@example.org' }],
    ['a control character', { email: 'a\u0007b@example.org' }],
  ])('refuses an invalid address (%s) with the spec message', async (_label, payload) => {
    const res = await subscribe(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Veuillez entrer une adresse email valide');
    expect(await newsletterRepository.findAll(ctx.db)).toHaveLength(0);
  });

  it.each([
    ['malformed JSON', '{"email": "a@example.org"', 'application/json'],
    ['a JSON array', '[{"email": "a@example.org"}]', 'application/json'],
    ['a JSON string', '"a@example.org"', 'application/json'],
    ['plain text', 'email=a@example.org', 'text/plain'],
    ['a huge body', JSON.stringify({ email: 'a@example.org', pad: 'x'.repeat(2 * 1024 * 1024) }), 'application/json'],
  ])('answers a hostile body (%s) with a French 4xx and stores nothing', async (_label, body, type) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/newsletter/subscribe',
      payload: body,
      headers: { 'content-type': type },
      remoteAddress: nextIp(),
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(typeof res.json().error).toBe('string');
    expect(res.json().error).not.toMatch(/Bad Request|Unsupported|too large|Invalid|expected|received/);
    expect(await newsletterRepository.findAll(ctx.db)).toHaveLength(0);
  });

  it('limits sign-ups per IP address to 10 per 15 minutes, with a French 429', async () => {
    for (let i = 0; i < 10; i += 1) {
      expect((await subscribe({ email: `n${i}@example.org` }, '10.0.0.42')).statusCode).toBe(200);
    }
    const blocked = await subscribe({ email: 'onze@example.org' }, '10.0.0.42');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toBe(texts.api.tooManyRequests);
    expect(await newsletterRepository.findAll(ctx.db)).toHaveLength(10);
    // Another visitor is not affected, and the same one may come back once the window is over.
    expect((await subscribe({ email: 'autre@example.org' }, '10.0.0.43')).statusCode).toBe(200);
    ctx.clock.advance(15 * 60 * 1000 + 1);
    expect((await subscribe({ email: 'plus-tard@example.org' }, '10.0.0.42')).statusCode).toBe(200);
  });
});
