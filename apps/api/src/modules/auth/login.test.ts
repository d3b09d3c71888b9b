import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AUTH, texts } from '@bande/shared';
import { minutes } from '../../lib/clock.ts';
import { hashToken } from '../../lib/token-hash.ts';
import { ADMIN, createAuthTestApp, lockAdmin, login, postJson } from './auth-test-helpers.ts';

let ctx: Awaited<ReturnType<typeof createAuthTestApp>>;
beforeAll(async () => {
  ctx = await createAuthTestApp();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.resetState());

const wrong = { email: ADMIN.email, password: 'pas-le-bon' };

describe('POST /api/auth/login', () => {
  it('logs the admin in with a token and the user, and nothing secret', async () => {
    const res = await login(ctx, ADMIN);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['token', 'user']);
    expect(body.user).toEqual({ id: expect.any(Number), email: ADMIN.email, role: 'admin' });
    expect(body.token).toMatch(/^[\w-]{43}$/);
    const stored = await ctx.db.selectFrom('adminUsers').select('passwordHash').executeTakeFirstOrThrow();
    expect(stored.passwordHash).toMatch(/^\$argon2id\$/);
    expect(res.body).not.toContain(stored.passwordHash);
    expect(res.body).not.toContain('argon2');
  });

  it('accepts the email whatever its case and surrounding spaces', async () => {
    const res = await login(ctx, { email: '  Admin@Example.ORG ', password: ADMIN.password });
    expect(res.statusCode).toBe(200);
  });

  it('stores only the SHA-256 of the token, with an expiry of AUTH.sessionDays', async () => {
    const { token } = (await login(ctx, ADMIN)).json();
    const sessions = await ctx.db.selectFrom('adminSessions').selectAll().execute();
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.tokenHash).not.toBe(token);
    expect(sessions[0]!.tokenHash).toBe(hashToken(token));
    expect(Date.parse(sessions[0]!.expiresAt) - ctx.clock.now().getTime()).toBe(AUTH.sessionDays * 24 * 60 * 60 * 1000);
  });

  it('answers 401 with the remaining attempts 4, 3, 2, 1 on wrong passwords', async () => {
    for (const remaining of [4, 3, 2, 1]) {
      const res = await login(ctx, wrong);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'Email ou mot de passe incorrect', remainingAttempts: remaining });
    }
  });

  it('locks the account at the 5th failure: 429 with canRequestUnlock', async () => {
    for (let i = 0; i < 4; i++) await login(ctx, wrong);
    const res = await login(ctx, wrong);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({
      error: texts.api.accountLockedMinutes(15),
      message: texts.api.accountLockedMinutes(15),
      canRequestUnlock: true,
    });
  });

  it('locks after exactly 5 failures when 20 wrong passwords arrive at once, as when sent in turn', async () => {
    const burst = await Promise.all(Array.from({ length: 20 }, () => login(ctx, wrong)));
    const remaining = burst.filter((r) => r.statusCode === 401).map((r) => r.json().remainingAttempts as number);
    // Each of the 4 allowed failures is counted once: 4, 3, 2, 1 in some order, never twice the same.
    expect(remaining.sort()).toEqual([1, 2, 3, 4]);
    expect(burst.filter((r) => r.statusCode === 429)).toHaveLength(16);
    const afterBurst = await ctx.db.selectFrom('adminUsers').select(['failedAttempts', 'lockedUntil']).executeTakeFirstOrThrow();
    expect((await login(ctx, ADMIN)).statusCode).toBe(429);

    await ctx.resetState();
    await lockAdmin(ctx);
    const inTurn = await ctx.db.selectFrom('adminUsers').select(['failedAttempts', 'lockedUntil']).executeTakeFirstOrThrow();
    expect(afterBurst).toEqual(inTurn);
    expect(inTurn).toEqual({ failedAttempts: 5, lockedUntil: new Date(ctx.clock.now().getTime() + minutes(15)).toISOString() });
    expect((await login(ctx, ADMIN)).statusCode).toBe(429);
  });

  it('refuses even the right password while locked', async () => {
    await lockAdmin(ctx);
    ctx.clock.advance(minutes(14));
    const res = await login(ctx, ADMIN);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ error: texts.api.accountLockedMinutes(1), canRequestUnlock: true });
    expect(res.json()).not.toHaveProperty('token');
  });

  it('lifts the lock by itself after 15 minutes, with a fresh counter', async () => {
    await lockAdmin(ctx);
    ctx.clock.advance(minutes(15));
    const failed = await login(ctx, wrong);
    expect(failed.statusCode).toBe(401);
    expect(failed.json().remainingAttempts).toBe(4);
    expect((await login(ctx, ADMIN)).statusCode).toBe(200);
  });

  it('resets the counter after a successful login', async () => {
    for (let i = 0; i < 3; i++) await login(ctx, wrong);
    expect((await login(ctx, ADMIN)).statusCode).toBe(200);
    const res = await login(ctx, wrong);
    expect(res.json().remainingAttempts).toBe(4);
  });

  it('answers an unknown email exactly as a wrong password, lock included', async () => {
    const unknown = { email: 'personne@example.org', password: 'peu-importe' };
    for (const remaining of [4, 3, 2, 1]) {
      const [a, b] = [await login(ctx, unknown), await login(ctx, wrong)];
      expect(a.statusCode).toBe(b.statusCode);
      expect(a.json()).toEqual(b.json());
      expect(a.json().remainingAttempts).toBe(remaining);
    }
    const [a, b] = [await login(ctx, unknown), await login(ctx, wrong)];
    expect(a.statusCode).toBe(429);
    expect(a.json()).toEqual(b.json());
    const withCode = [await login(ctx, { ...unknown, unlockCode: '123456' }), await login(ctx, { ...ADMIN, unlockCode: '123456' })];
    expect(withCode[0]!.statusCode).toBe(429);
    expect(withCode[0]!.json()).toEqual(withCode[1]!.json());
  });

  it('answers 400 in French when a field is missing', async () => {
    const res = await login(ctx, { email: ADMIN.email } as never);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(texts.validation.required);
  });
});

describe('sessions', () => {
  it('GET /api/auth/me answers the user behind the token', async () => {
    const { token, user } = (await login(ctx, ADMIN)).json();
    const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user });
  });

  it('logout revokes the token', async () => {
    const { token } = (await login(ctx, ADMIN)).json();
    const res = await postJson(ctx, '/api/auth/logout', undefined, token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: texts.session.loggedOut });
    expect(await ctx.db.selectFrom('adminSessions').selectAll().execute()).toHaveLength(0);
    const after = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
    expect(after.statusCode).toBe(401);
    expect((await postJson(ctx, '/api/auth/logout', undefined, token)).statusCode).toBe(401);
  });

  it('logout only closes the current session', async () => {
    const first = (await login(ctx, ADMIN)).json().token;
    const second = (await login(ctx, ADMIN)).json().token;
    await postJson(ctx, '/api/auth/logout', undefined, first);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${second}` } });
    expect(res.statusCode).toBe(200);
  });

  it('a token expires after AUTH.sessionDays', async () => {
    const { token } = (await login(ctx, ADMIN)).json();
    const me = () => ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
    ctx.clock.advance(AUTH.sessionDays * 24 * 60 * 60 * 1000 - 1000);
    expect((await me()).statusCode).toBe(200);
    ctx.clock.advance(1000);
    const res = await me();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: texts.api.invalidToken });
  });
});
