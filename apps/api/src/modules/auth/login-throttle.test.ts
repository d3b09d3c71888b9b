import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AUTH, texts } from '@bande/shared';
import { minutes } from '../../lib/clock.ts';
import { ADMIN, createAuthTestApp } from './auth-test-helpers.ts';
import { hashPassword } from './passwords.ts';
import { LOGIN_THROTTLE } from './login-throttle.ts';

/**
 * Issue 35: a shared connection does not lock out colleagues. Failed logins slow their address on the
 * accounts it targets; another account's correct login from the same address goes through.
 */
let ctx: Awaited<ReturnType<typeof createAuthTestApp>>;
const OFFICE = '198.51.100.20';
const ELSEWHERE = '203.0.113.50';
const COLLEAGUE = { email: 'collegue@example.org', password: 'mot-de-passe-collegue' };

let colleagueHash: string;

beforeAll(async () => {
  ctx = await createAuthTestApp();
  const now = ctx.clock.now().toISOString();
  colleagueHash = await hashPassword(COLLEAGUE.password);
  await ctx.db
    .insertInto('adminUsers')
    .values({ email: COLLEAGUE.email, role: 'editor', passwordHash: colleagueHash, lockedUntil: null, createdAt: now, updatedAt: now })
    .execute();
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await ctx.resetState();
  // resetState gives every account the administrator's password: the colleague gets hers back.
  await ctx.db.updateTable('adminUsers').set({ failedAttempts: 0, lockedUntil: null, passwordHash: colleagueHash }).where('email', '=', COLLEAGUE.email).execute();
  // The flood guard counts per minute: each test starts on a fresh one.
  ctx.clock.advance(minutes(1));
});

const login = (payload: Record<string, string>, remoteAddress = OFFICE) => ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload, remoteAddress });

/** Forty wrong passwords from the office: on the administrator's account, and on addresses without one. */
async function fortyWrongPasswords() {
  for (let attempt = 0; attempt < 40; attempt++) {
    const email = attempt < 10 ? ADMIN.email : `inconnu-${attempt % 6}@example.org`;
    const res = await login({ email, password: 'pas-le-bon' });
    expect([401, 429]).toContain(res.statusCode);
  }
}

describe('failed logins from one address (issue 35)', () => {
  it('forty wrong passwords from the office: a colleague’s first correct login from it goes through', async () => {
    await fortyWrongPasswords();
    const colleague = await login(COLLEAGUE);
    expect(colleague.statusCode).toBe(200);
    expect(colleague.json().user.email).toBe(COLLEAGUE.email);
  });

  it('the accounts they targeted are slowed from that address only, and the answer offers no unlock code', async () => {
    await fortyWrongPasswords();
    // Even the right password is refused from the office on the targeted account…
    const refused = await login({ email: 'inconnu-1@example.org', password: 'nimporte' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ canRequestUnlock: false });
    expect(refused.json().error).toBe(texts.api.loginThrottledMinutes(15));
    const admin = await login(ADMIN);
    expect(admin.statusCode).toBe(429);
    expect(admin.json()).toMatchObject({ canRequestUnlock: false, error: texts.api.loginThrottledMinutes(15) });
    // …while from elsewhere the account answers as its own lockout says (locked after 5 failures: the unlock code helps there).
    const elsewhere = await login(ADMIN, ELSEWHERE);
    expect(elsewhere.statusCode).toBe(429);
    expect(elsewhere.json()).toMatchObject({ canRequestUnlock: true });
    // The window ends: the office may try again.
    ctx.clock.advance(LOGIN_THROTTLE.windowMs + AUTH.lockMinutes * 60_000);
    expect((await login(ADMIN)).statusCode).toBe(200);
  });

  it(`${LOGIN_THROTTLE.perAccount} failures on one account from one address slow that pair, not the address`, async () => {
    for (let attempt = 0; attempt < LOGIN_THROTTLE.perAccount; attempt++) {
      expect((await login({ email: 'personne@example.org', password: 'faux' })).statusCode).not.toBe(200);
    }
    expect((await login({ email: 'personne@example.org', password: 'faux' })).json().error).toBe(texts.api.loginThrottledMinutes(15));
    expect((await login(COLLEAGUE)).statusCode).toBe(200);
    expect((await login({ email: 'personne@example.org', password: 'faux' }, ELSEWHERE)).json().error).not.toBe(texts.api.loginThrottledMinutes(15));
  });

  it('the counters live in the database (hashed keys: neither the address nor the email in clear)', async () => {
    await login({ email: 'personne@example.org', password: 'faux' });
    const keys = (await ctx.db.selectFrom('rateLimitBuckets').select('key').execute()).map((row) => row.key).filter((key) => key.startsWith('login-fail'));
    expect(keys).toHaveLength(2);
    expect(keys.join(' ')).not.toMatch(/personne|198\.51/);
  });
});
