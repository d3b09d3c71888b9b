import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AUTH, SITE_NAME, texts } from '@bande/shared';
import { minutes } from '../../lib/clock.ts';
import { ADMIN, codeFromLastMail, createAuthTestApp, lockAdmin, login, otherCode } from './auth-test-helpers.ts';

let ctx: Awaited<ReturnType<typeof createAuthTestApp>>;
beforeAll(async () => {
  ctx = await createAuthTestApp();
});
afterAll(() => ctx.close());
beforeEach(() => ctx.resetState());

const requestUnlock = (email: string, remoteAddress = '127.0.0.1') =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/request-unlock', payload: { email }, remoteAddress });

/** Locks the admin and asks for a code: answers the code mailed. */
async function lockAndGetCode() {
  await lockAdmin(ctx);
  const res = await requestUnlock(ADMIN.email);
  expect(res.statusCode).toBe(200);
  return codeFromLastMail(ctx);
}

describe('unlock code', () => {
  it('mails a 6-digit code in French to the locked admin, and it unlocks with the right password', async () => {
    const code = await lockAndGetCode();
    const mail = ctx.mailer.last()!;
    expect(mail.to).toBe(ADMIN.email);
    expect(mail.subject).toContain('déblocage');
    expect(mail.text).toContain(SITE_NAME);
    expect(mail.text).toContain('5 minutes');

    const res = await login(ctx, { ...ADMIN, unlockCode: code });
    expect(res.statusCode).toBe(200);
    expect(res.json().token).toEqual(expect.any(String));
    // Unlocked with a fresh counter: the next failure leaves 4 attempts.
    expect((await login(ctx, { email: ADMIN.email, password: 'faux' })).json().remainingAttempts).toBe(4);
  });

  it('stores the code hashed, never in clear', async () => {
    const code = await lockAndGetCode();
    const rows = await ctx.db.selectFrom('oneTimeCodes').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ purpose: 'unlock', attempts: 0, usedAt: null });
    expect(rows[0]!.codeHash).not.toContain(code);
  });

  it('answers the same whether or not the email has an account, and mails nobody for an unknown one', async () => {
    await lockAdmin(ctx);
    const known = await requestUnlock(ADMIN.email);
    const unknown = await requestUnlock('inconnu@example.org');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    expect(known.json()).toEqual({ message: texts.success.unlockCodeSent });
    expect(ctx.mailer.sent.map((m) => m.to)).toEqual([ADMIN.email]);
  });

  it('needs the right password along with the code, and a wrong password does not spend the code', async () => {
    const code = await lockAndGetCode();
    const res = await login(ctx, { email: ADMIN.email, password: 'faux', unlockCode: code });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ error: texts.api.unlockCodeInvalid, message: texts.api.unlockCodeInvalid, canRequestUnlock: true });
    expect((await login(ctx, { ...ADMIN, unlockCode: code })).statusCode).toBe(200);
  });

  it('expires after 5 minutes', async () => {
    const code = await lockAndGetCode();
    ctx.clock.advance(minutes(5));
    const res = await login(ctx, { ...ADMIN, unlockCode: code });
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toBe(texts.api.unlockCodeInvalid);
  });

  it('works just before 5 minutes', async () => {
    const code = await lockAndGetCode();
    ctx.clock.advance(minutes(5) - 1000);
    expect((await login(ctx, { ...ADMIN, unlockCode: code })).statusCode).toBe(200);
  });

  it('is burnt after 5 wrong codes', async () => {
    const code = await lockAndGetCode();
    for (let i = 0; i < 5; i++) {
      expect((await login(ctx, { ...ADMIN, unlockCode: otherCode(code) })).statusCode).toBe(429);
    }
    const res = await login(ctx, { ...ADMIN, unlockCode: code });
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toBe(texts.api.unlockCodeInvalid);
  });

  it('still works after 4 wrong codes', async () => {
    const code = await lockAndGetCode();
    for (let i = 0; i < 4; i++) await login(ctx, { ...ADMIN, unlockCode: otherCode(code) });
    expect((await login(ctx, { ...ADMIN, unlockCode: code })).statusCode).toBe(200);
  });

  it('is single-use', async () => {
    const code = await lockAndGetCode();
    expect((await login(ctx, { ...ADMIN, unlockCode: code })).statusCode).toBe(200);
    await lockAdmin(ctx);
    const res = await login(ctx, { ...ADMIN, unlockCode: code });
    expect(res.statusCode).toBe(429);
  });

  it('a new request leaves the codes already mailed working, each once', async () => {
    const first = await lockAndGetCode();
    await requestUnlock(ADMIN.email);
    const second = codeFromLastMail(ctx);
    expect((await login(ctx, { ...ADMIN, unlockCode: first })).statusCode).toBe(200);
    await lockAdmin(ctx);
    if (first !== second) expect((await login(ctx, { ...ADMIN, unlockCode: first })).statusCode).toBe(429);
    expect((await login(ctx, { ...ADMIN, unlockCode: second })).statusCode).toBe(200);
  });

  it('is burnt by 5 wrong codes typed with the right password, whatever the addresses', async () => {
    const code = await lockAndGetCode();
    for (let i = 0; i < AUTH.maxCodeAttempts; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { ...ADMIN, unlockCode: otherCode(code) },
        remoteAddress: `198.51.100.${i + 1}`,
      });
      expect(res.statusCode).toBe(429);
    }
    expect((await login(ctx, { ...ADMIN, unlockCode: code })).statusCode).toBe(429);
  });

  it("lets the owner in after a stranger's 10 wrong tries and 3 unlock requests (griefing)", async () => {
    const code = await lockAndGetCode();
    const rows = await ctx.db.selectFrom('oneTimeCodes').select(['id', 'attempts']).execute();
    // The stranger does not know the password; he tries codes, the mailed one included, from many addresses.
    for (let i = 0; i < 10; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: ADMIN.email, password: `devine-${i}`, unlockCode: i === 0 ? code : otherCode(code) },
        remoteAddress: `203.0.113.${i + 1}`,
      });
      expect(res.statusCode).toBe(429);
      expect(res.json().error).toBe(texts.api.unlockCodeInvalid);
    }
    for (let i = 0; i < 3; i++) expect((await requestUnlock(ADMIN.email, `192.0.2.${i + 1}`)).statusCode).toBe(200);
    // Nothing counted against the owner's code: not used, no attempt, still there.
    const after = await ctx.db.selectFrom('oneTimeCodes').select(['id', 'attempts', 'usedAt']).where('id', '=', rows[0]!.id).executeTakeFirstOrThrow();
    expect(after).toEqual({ id: rows[0]!.id, attempts: 0, usedAt: null });
    const res = await login(ctx, { ...ADMIN, unlockCode: code });
    expect(res.statusCode).toBe(200);
    expect(res.json().token).toEqual(expect.any(String));
  });

  it(`mails at most ${AUTH.unlockMailsPerHour} unlock codes per hour to one account, whatever the addresses, with the same answer`, async () => {
    await lockAdmin(ctx);
    const answers = [];
    for (let i = 0; i < AUTH.unlockMailsPerHour + 2; i++) answers.push(await requestUnlock(ADMIN.email, `198.51.100.${i + 1}`));
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: texts.success.unlockCodeSent });
    }
    expect(ctx.mailer.sent).toHaveLength(AUTH.unlockMailsPerHour);
    expect(await ctx.db.selectFrom('oneTimeCodes').select('id').execute()).toHaveLength(AUTH.unlockMailsPerHour);
    // The codes already mailed still work.
    const firstCode = ctx.mailer.sent[0]!.text.match(/\b\d{6}\b/)![0];
    expect((await login(ctx, { ...ADMIN, unlockCode: firstCode })).statusCode).toBe(200);

    // A new hour, a new allowance.
    ctx.clock.advance(minutes(60));
    await lockAdmin(ctx);
    expect((await requestUnlock(ADMIN.email, '198.51.100.99')).statusCode).toBe(200);
    expect(ctx.mailer.sent).toHaveLength(AUTH.unlockMailsPerHour + 1);
  });

  it('sends nothing when the account is not locked', async () => {
    const res = await requestUnlock(ADMIN.email);
    expect(res.statusCode).toBe(200);
    expect(ctx.mailer.sent).toHaveLength(0);
  });

  it('refuses an unlock code that is not digits, in French', async () => {
    const res = await login(ctx, { ...ADMIN, unlockCode: '12ab56' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(texts.validation.codeDigits);
  });
});
