import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AUTH, SITE_NAME, texts } from '@bande/shared';
import { minutes } from '../../lib/clock.ts';
import { ADMIN, codeFromLastMail, createAuthTestApp, lockAdmin, login, otherCode, postJson, requesterCookie, resetWith } from './auth-test-helpers.ts';

let ctx: Awaited<ReturnType<typeof createAuthTestApp>>;
beforeAll(async () => {
  ctx = await createAuthTestApp();
});
afterAll(() => ctx.close());
// The owner's browser: the requester cookie its request-reset received (sent back as a browser does).
let ownerCookie: string | undefined;
beforeEach(async () => {
  await ctx.resetState();
  ownerCookie = undefined;
});

const NEW_PASSWORD = 'nouveau-secret';

/** request-reset from the owner's browser (remoteAddress: any address), keeping the cookie it sets. */
async function requestResetCode(remoteAddress?: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/request-reset',
    ...(ownerCookie ? { headers: { cookie: ownerCookie } } : {}),
    ...(remoteAddress ? { remoteAddress } : {}),
  });
  expect(res.statusCode).toBe(200);
  ownerCookie = requesterCookie(res);
  return codeFromLastMail(ctx);
}

/** reset-password from the owner's browser. */
const resetPassword = (code: string, newPassword = NEW_PASSWORD) => resetWith(ctx, code, newPassword, { cookie: ownerCookie });

/** A stranger's browser: the cookie of its own request-reset, whose code goes to the owner's mailbox. */
async function strangerWithOwnRequest() {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/request-reset', remoteAddress: '203.0.113.200' });
  expect(res.statusCode).toBe(200);
  return requesterCookie(res);
}

const codeRows = () => ctx.db.selectFrom('oneTimeCodes').select(['id', 'attempts', 'usedAt']).orderBy('id').execute();

describe('password reset', () => {
  it('mails a 6-digit code in French to the admin address, without any input', async () => {
    const res = await postJson(ctx, '/api/auth/request-reset');
    expect(res.json()).toEqual({ message: texts.success.resetCodeSent });
    const mail = ctx.mailer.last()!;
    expect(mail.to).toBe(ADMIN.email);
    expect(mail.text).toContain(SITE_NAME);
    expect(mail.text).toContain('10 minutes');
    expect(mail.text).toMatch(/\b\d{6}\b/);
  });

  it('accepts an empty body sent with a JSON content type, or {}', async () => {
    const empty = await ctx.app.inject({ method: 'POST', url: '/api/auth/request-reset', headers: { 'content-type': 'application/json' }, payload: '' });
    expect(empty.statusCode).toBe(200);
    const object = await postJson(ctx, '/api/auth/request-reset', {});
    expect(object.statusCode).toBe(200);
    const broken = await ctx.app.inject({ method: 'POST', url: '/api/auth/request-reset', headers: { 'content-type': 'application/json' }, payload: '{' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error).toBe(texts.api.invalidJson);
  });

  it('changes the password: the old one fails, the new one works', async () => {
    const code = await requestResetCode();
    const res = await resetPassword(code);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: texts.success.passwordReset });
    expect((await login(ctx, ADMIN)).statusCode).toBe(401);
    expect((await login(ctx, { email: ADMIN.email, password: NEW_PASSWORD })).statusCode).toBe(200);
    const stored = await ctx.db.selectFrom('adminUsers').select('passwordHash').executeTakeFirstOrThrow();
    expect(stored.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('unlocks a locked account', async () => {
    await lockAdmin(ctx);
    const code = await requestResetCode();
    expect((await resetPassword(code)).statusCode).toBe(200);
    const res = await login(ctx, { email: ADMIN.email, password: NEW_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect((await login(ctx, { email: ADMIN.email, password: 'faux' })).json().remainingAttempts).toBe(4);
  });

  it('closes every session opened before the reset', async () => {
    const tokens = [(await login(ctx, ADMIN)).json().token, (await login(ctx, ADMIN)).json().token];
    const code = await requestResetCode();
    await resetPassword(code);
    for (const token of tokens) {
      const me = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
      expect(me.statusCode).toBe(401);
      expect((await postJson(ctx, '/api/auth/logout', undefined, token)).statusCode).toBe(401);
    }
  });

  it('refuses a wrong code with 400 and keeps the password', async () => {
    const code = await requestResetCode();
    const res = await resetPassword(otherCode(code));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: texts.api.resetCodeInvalid });
    expect((await login(ctx, ADMIN)).statusCode).toBe(200);
  });

  it('refuses a code after 10 minutes, accepts it just before', async () => {
    const code = await requestResetCode();
    ctx.clock.advance(minutes(10));
    expect((await resetPassword(code)).statusCode).toBe(400);
    const fresh = await requestResetCode();
    ctx.clock.advance(minutes(10) - 1000);
    expect((await resetPassword(fresh)).statusCode).toBe(200);
  });

  it('refuses a password shorter than 6 characters with the French message', async () => {
    const code = await requestResetCode();
    const res = await resetPassword(code, '12345');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Le mot de passe doit contenir au moins 6 caractères');
    // The code was not spent by a refused request.
    expect((await resetPassword(code)).statusCode).toBe(200);
  });

  it('burns the code after 5 wrong guesses', async () => {
    const code = await requestResetCode();
    for (let i = 0; i < 5; i++) expect((await resetPassword(otherCode(code))).statusCode).toBe(400);
    expect((await resetPassword(code)).statusCode).toBe(400);
  });

  it('is single-use; a new request leaves the earlier code working, and a reset ends them all', async () => {
    const first = await requestResetCode();
    const second = await requestResetCode();
    expect((await resetPassword(first)).statusCode).toBe(200);
    expect((await resetPassword(first, 'encore-un-autre')).statusCode).toBe(400);
    if (first !== second) expect((await resetPassword(second, 'encore-un-autre')).statusCode).toBe(400);
  });

  it('burns the code after 5 wrong guesses from its requester\'s browser, whatever the addresses', async () => {
    const code = await requestResetCode();
    for (let i = 0; i < AUTH.maxCodeAttempts; i++) {
      expect((await resetWith(ctx, otherCode(code), NEW_PASSWORD, { cookie: ownerCookie }, `198.51.100.${i + 1}`)).statusCode).toBe(400);
    }
    expect((await resetPassword(code)).statusCode).toBe(400);
    // A fresh code asked later works.
    ctx.clock.advance(minutes(1));
    const fresh = await requestResetCode();
    expect((await resetPassword(fresh)).statusCode).toBe(200);
  });

  it("a stranger's wrong guesses from 30 addresses, with or without a code of his own, never touch the owner's code", async () => {
    const code = await requestResetCode();
    const strangerCookie = await strangerWithOwnRequest();
    const before = await codeRows();
    for (let i = 0; i < 30; i++) {
      const res = await resetWith(ctx, otherCode(code), NEW_PASSWORD, i % 2 ? { cookie: strangerCookie } : {}, `203.0.113.${i + 1}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: texts.api.resetCodeInvalid });
    }
    // The owner's code has not counted one guess; the stranger's own code is burnt.
    const after = await codeRows();
    expect(after[0]).toEqual({ ...before[0], attempts: 0 });
    expect(after[1]!.attempts).toBe(AUTH.maxCodeAttempts);
    expect((await resetPassword(code)).statusCode).toBe(200);
    expect((await login(ctx, { email: ADMIN.email, password: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it('never accepts a live code from a browser that did not ask for it, even typed right (no guess can hit)', async () => {
    const code = await requestResetCode();
    const strangerCookie = await strangerWithOwnRequest();
    const forged = `code-requester=${'A'.repeat(43)}`;
    for (const holding of [{}, { cookie: strangerCookie }, { cookie: forged }, { invitation: 'A'.repeat(43) }]) {
      expect((await resetWith(ctx, code, NEW_PASSWORD, holding, '203.0.113.9')).statusCode).toBe(400);
    }
    expect((await codeRows())[0]).toMatchObject({ attempts: 0, usedAt: null });
    expect((await login(ctx, ADMIN)).statusCode).toBe(200);
    expect((await resetPassword(code)).statusCode).toBe(200);
  });

  it('binds a browser once: the codes it asks again all work there, each once', async () => {
    const first = await requestResetCode('198.51.100.1');
    const cookie = ownerCookie;
    const second = await requestResetCode('198.51.100.2');
    expect(ownerCookie).toBe(cookie);
    expect((await resetPassword(second)).statusCode).toBe(200);
    // The reset ends every code of the account, the first one too.
    if (first !== second) expect((await resetPassword(first, 'encore-un-autre')).statusCode).toBe(400);
  });

  it('sets its cookie httpOnly, SameSite=Strict, on /api/auth only, for the life of a code, whatever the address', async () => {
    const res = await postJson(ctx, '/api/auth/request-reset', { email: 'personne@example.org' });
    const header = String(res.headers['set-cookie']);
    expect(header).toMatch(/^code-requester=[\w-]{43}; Max-Age=600; Path=\/api\/auth; HttpOnly; SameSite=Strict$/);
  });

  it(`mails at most ${AUTH.resetMailsPerHour} reset codes per hour, whatever the addresses, then answers 429 in French`, async () => {
    const request = (i: number) => ctx.app.inject({ method: 'POST', url: '/api/auth/request-reset', remoteAddress: `198.51.100.${i}` });
    for (let i = 0; i < AUTH.resetMailsPerHour; i++) {
      const res = await request(i + 1);
      expect(res.statusCode).toBe(200);
      ownerCookie ??= requesterCookie(res);
    }
    const refused = await request(50);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: 'Trop de codes envoyés pour ce compte : réessayez dans une heure.' });
    expect(ctx.mailer.sent).toHaveLength(AUTH.resetMailsPerHour);
    // The codes already mailed still work.
    expect((await resetPassword(ctx.mailer.sent[0]!.text.match(/\b\d{6}\b/)![0])).statusCode).toBe(200);
    ctx.clock.advance(minutes(60));
    expect((await request(51)).statusCode).toBe(200);
    expect(ctx.mailer.sent).toHaveLength(AUTH.resetMailsPerHour + 1);
  });

  it('does not accept an unlock code as a reset code', async () => {
    await lockAdmin(ctx);
    await postJson(ctx, '/api/auth/request-unlock', { email: ADMIN.email });
    const unlockCode = codeFromLastMail(ctx);
    expect((await resetPassword(unlockCode)).statusCode).toBe(400);
  });
});
