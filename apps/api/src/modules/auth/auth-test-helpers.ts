import pino from 'pino';
import { expect } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { ensureAdminAccount } from './admin-bootstrap.ts';
import { hashPassword } from './passwords.ts';

/** The admin account of createTestApp's configuration. */
export const ADMIN = { email: 'admin@example.org', password: 'motdepasse-test' };

export const silentLog = pino({ level: 'silent' });

/** A test app with the configured admin account created, as at server start. */
export async function createAuthTestApp(): Promise<TestContext & { resetState(): Promise<void> }> {
  const ctx = await createTestApp();
  await ensureAdminAccount(ctx, silentLog);
  const originalHash = await hashPassword(ADMIN.password);
  return {
    ...ctx,
    /** Back to a fresh account (password, counters, codes, sessions, rate-limit buckets) between tests. */
    async resetState() {
      await ctx.db.updateTable('adminUsers').set({ passwordHash: originalHash, failedAttempts: 0, lockedUntil: null }).execute();
      await ctx.db.deleteFrom('oneTimeCodes').execute();
      await ctx.db.deleteFrom('adminSessions').execute();
      await ctx.db.deleteFrom('rateLimitBuckets').execute();
      ctx.mailer.sent.length = 0;
    },
  };
}

export function postJson(ctx: Pick<TestContext, 'app'>, url: string, payload?: object, token?: string) {
  return ctx.app.inject({
    method: 'POST',
    url,
    ...(payload ? { payload } : {}),
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
  });
}

export const login = (ctx: Pick<TestContext, 'app'>, body: { email: string; password: string; unlockCode?: string }) =>
  postJson(ctx, '/api/auth/login', body);

/** The 6-digit code of the last mail sent, checking that there is exactly one in it. */
export function codeFromLastMail(ctx: Pick<TestContext, 'mailer'>): string {
  const mail = ctx.mailer.last();
  expect(mail).toBeDefined();
  // One code, said once or also in a link (the invitation's).
  const codes = [...new Set(mail!.text.match(/\b\d{6}\b/g))];
  expect(codes).toHaveLength(1);
  return codes![0]!;
}

/** Fails the real admin's login until the account is locked. */
export async function lockAdmin(ctx: Pick<TestContext, 'app'>) {
  for (let i = 0; i < 5; i++) await login(ctx, { email: ADMIN.email, password: 'mauvais' });
}

/** Any code other than `code` (to test wrong guesses). */
export const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** What a code's owner holds besides the code: the asking browser's cookie, or the invitation link's key. */
export interface CodeHolding {
  cookie?: string | undefined;
  invitation?: string | undefined;
}

/** The requester cookie a request-reset answer sets, as `name=value` for a later request's Cookie header. */
export function requesterCookie(res: { headers: Record<string, unknown> }): string {
  const header = res.headers['set-cookie'];
  expect(typeof header).toBe('string');
  return (header as string).split(';')[0]!;
}

/** The key after `#invitation=` in the last mail's link. */
export function invitationKeyFromLastMail(ctx: Pick<TestContext, 'mailer'>): string {
  const key = /#invitation=([\w-]+)/.exec(ctx.mailer.last()!.text)?.[1];
  expect(key).toBeDefined();
  return key!;
}

/** POST /api/auth/reset-password as the holder of `holding` (nothing: a stranger), from `remoteAddress`. */
export function resetWith(ctx: Pick<TestContext, 'app'>, code: string, newPassword: string, holding: CodeHolding = {}, remoteAddress?: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: { code, newPassword, ...(holding.invitation ? { invitation: holding.invitation } : {}) },
    ...(holding.cookie ? { headers: { cookie: holding.cookie } } : {}),
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}
