import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AUTH, SITE_NAME, texts, usersTexts } from '@bande/shared';
import { minutes } from '../../lib/clock.ts';
import { ADMIN, codeFromLastMail, createAuthTestApp, invitationKeyFromLastMail, lockAdmin, login, otherCode, requesterCookie, resetWith, type CodeHolding } from '../auth/auth-test-helpers.ts';

let ctx: Awaited<ReturnType<typeof createAuthTestApp>>;
let token: string;
beforeAll(async () => {
  ctx = await createAuthTestApp();
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await ctx.db.deleteFrom('adminUsers').where('email', '!=', ADMIN.email).execute();
  await ctx.resetState();
  token = (await login(ctx, ADMIN)).json().token;
});

const NEW = { email: 'camille@example.org', password: 'secret-de-camille' };
const auth = (t = token) => ({ authorization: `Bearer ${t}` });
const list = (t = token) => ctx.app.inject({ method: 'GET', url: '/api/users', headers: auth(t) });
const invite = (email: unknown, t = token) => ctx.app.inject({ method: 'POST', url: '/api/users', payload: { email }, headers: auth(t) });
const remove = (id: number | string, t = token) => ctx.app.inject({ method: 'DELETE', url: `/api/users/${id}`, headers: auth(t) });
const me = (t: string) => ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: auth(t) });
let lastIp = 0;
/** request-reset from its own address each time, so that the per-IP limit never answers here. */
const requestReset = (payload?: object) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/request-reset', ...(payload ? { payload } : {}), remoteAddress: `192.0.2.${++lastIp % 250}` });
/** A code with what its owner holds: the invitation link's key, or the asking browser's cookie. */
interface HeldCode extends CodeHolding {
  code: string;
}
const resetPassword = ({ code, ...holding }: HeldCode, newPassword = NEW.password) => resetWith(ctx, code, newPassword, holding);

async function inviteNew(email = NEW.email) {
  const res = await invite(email);
  expect(res.statusCode).toBe(201);
  return { id: res.json().id as number, code: codeFromLastMail(ctx), invitation: invitationKeyFromLastMail(ctx) };
}

describe('staff accounts', () => {
  it('lists the accounts with their creation, last login and whether two-factor login is on', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [{ id: expect.any(Number), email: ADMIN.email, createdAt: expect.any(String), lastLoginAt: ctx.clock.now().toISOString(), totpEnabled: false, role: 'admin' }] });
  });

  it('invites: French mail with a code → the invited person sets a password, logs in and is herself', async () => {
    const res = await invite('  Camille@Example.ORG ');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email: NEW.email });
    const mail = ctx.mailer.last()!;
    expect(mail.to).toBe(NEW.email);
    expect(mail.subject).toContain(SITE_NAME);
    expect(mail.text).toContain(`${AUTH.inviteCodeDays} jours`);
    expect(mail.text).toMatch(/http:\/\/[^\s]+\/admin\/forgot-password#invitation=[\w-]{43}&code=\d{6}&email=[^\s]+\n/);
    const code = { code: codeFromLastMail(ctx), invitation: invitationKeyFromLastMail(ctx) };
    // Listed, never logged in; no password works before the invitation is used.
    const listed = (await list()).json().data;
    expect(listed.map((u: { email: string }) => u.email)).toEqual([ADMIN.email, NEW.email]);
    expect(listed[1]).not.toHaveProperty('lastLoginAt');
    expect((await login(ctx, NEW)).statusCode).toBe(401);

    const reset = await resetPassword(code);
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: texts.success.passwordReset });
    const logged = await login(ctx, NEW);
    expect(logged.statusCode).toBe(200);
    const who = await me(logged.json().token);
    expect(who.statusCode).toBe(200);
    expect(who.json().user.email).toBe(NEW.email);
    // The admin's own password is untouched; the invitation code is single-use.
    expect((await login(ctx, ADMIN)).statusCode).toBe(200);
    expect((await resetPassword(code, 'autre-secret')).statusCode).toBe(400);
  });

  it("a stranger's guesses never void an invitation, nor can he use its code without the mail's link", async () => {
    const invited = await inviteNew();
    // Typed right, the code alone is refused, also with a browser cookie of its own request.
    const strangerCookie = requesterCookie(await requestReset({ email: NEW.email }));
    expect((await resetPassword({ code: invited.code })).statusCode).toBe(400);
    expect((await resetPassword({ code: invited.code, cookie: strangerCookie })).statusCode).toBe(400);
    for (let i = 0; i < 30; i++) {
      const res = await resetWith(ctx, otherCode(invited.code), 'le-mien', i % 2 ? { cookie: strangerCookie } : {}, `203.0.113.${i + 1}`);
      expect(res.statusCode).toBe(400);
    }
    const rows = await ctx.db.selectFrom('oneTimeCodes').select(['purpose', 'attempts']).where('purpose', '=', 'invite').execute();
    expect(rows).toEqual([{ purpose: 'invite', attempts: 0 }]);
    expect((await resetPassword(invited)).statusCode).toBe(200);
    expect((await login(ctx, NEW)).statusCode).toBe(200);
  });

  it.each([
    ['admin', 'Administrateur', /comptes et leurs rôles/],
    ['editor', 'Éditeur', /contenus du site/],
    ['secretary', 'Secrétariat', /échanges avec le public/],
  ] as const)('an invitation as %s names the role and what it can do, with a link that fills the code in (issue 35)', async (role, label, can) => {
    const email = `${role}-invite@example.org`;
    const res = await ctx.app.inject({ method: 'POST', url: '/api/users', payload: { email, role }, headers: auth() });
    expect(res.statusCode).toBe(201);
    const mail = ctx.mailer.last()!;
    expect(mail.subject).toContain(label);
    expect(mail.text).toContain(`Un compte « ${label} »`);
    expect(mail.text).toMatch(can);
    if (role !== 'admin') expect(mail.text).not.toMatch(/compte administrateur/);
    const code = codeFromLastMail(ctx);
    const invitation = invitationKeyFromLastMail(ctx);
    // The key, the code and the address ride in the fragment, which the browser never sends to the server.
    expect(mail.text).toContain(`/admin/forgot-password#invitation=${invitation}&code=${code}&email=${encodeURIComponent(email)}`);
    expect(mail.text).toContain(`Votre code d'invitation : ${code}`);
    expect((await resetWith(ctx, code, 'un-secret-choisi', { invitation })).statusCode).toBe(200);
  });

  it('the invitation code lasts 7 days', async () => {
    const first = await inviteNew();
    ctx.clock.advance(minutes(AUTH.inviteCodeDays * 24 * 60) - 1000);
    const second = await inviteNew('dominique@example.org');
    ctx.clock.advance(1000);
    expect((await resetPassword(first)).statusCode).toBe(400);
    expect((await resetPassword(second)).statusCode).toBe(200);
  });

  it("burns an invitation code after 5 wrong guesses with its link's key", async () => {
    const invited = await inviteNew();
    for (let i = 0; i < AUTH.maxCodeAttempts; i++) expect((await resetPassword({ ...invited, code: otherCode(invited.code) })).statusCode).toBe(400);
    expect((await resetPassword(invited)).statusCode).toBe(400);
  });

  it('refuses a taken email (any case) with 409 and an invalid one with 400, in French', async () => {
    const taken = await invite('ADMIN@example.org');
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ error: usersTexts.emailTaken });
    const invalid = await invite('pas-une-adresse');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error).toBe('Veuillez entrer une adresse email valide');
    expect(ctx.mailer.sent).toHaveLength(0);
    expect((await list()).json().data).toHaveLength(1);
  });

  it('refuses to delete the last account, and oneself; 404 for an unknown id', async () => {
    const self = (await list()).json().data[0].id as number;
    const last = await remove(self);
    expect(last.statusCode).toBe(409);
    expect(last.json()).toEqual({ error: usersTexts.cannotDeleteLast });
    await inviteNew();
    const own = await remove(self);
    expect(own.statusCode).toBe(400);
    expect(own.json()).toEqual({ error: usersTexts.cannotDeleteSelf });
    const unknown = await remove(999_999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: usersTexts.notFound });
    expect((await list()).json().data).toHaveLength(2);
  });

  it('deletes another account: its sessions and codes end with it', async () => {
    const { id, ...invited } = await inviteNew();
    expect((await resetPassword(invited)).statusCode).toBe(200);
    const theirToken = (await login(ctx, NEW)).json().token;
    expect((await me(theirToken)).statusCode).toBe(200);
    await requestReset({ email: NEW.email });
    expect(await ctx.db.selectFrom('oneTimeCodes').selectAll().where('userId', '=', id).execute()).toHaveLength(1);

    const res = await remove(id);
    expect(res.statusCode).toBe(204);
    expect((await me(theirToken)).statusCode).toBe(401);
    expect((await login(ctx, NEW)).statusCode).toBe(401);
    expect(await ctx.db.selectFrom('oneTimeCodes').selectAll().where('userId', '=', id).execute()).toHaveLength(0);
    expect((await list()).json().data.map((u: { email: string }) => u.email)).toEqual([ADMIN.email]);
    expect((await remove(id)).statusCode).toBe(404);
  });

  it('keeps each account its own lockout: the admin locked, the other still logs in', async () => {
    const invited = await inviteNew();
    await resetPassword(invited);
    await lockAdmin(ctx);
    expect((await login(ctx, ADMIN)).statusCode).toBe(429);
    expect((await login(ctx, NEW)).statusCode).toBe(200);
  });

  it('request-reset with an email mails that account; an unknown address gets the same answer and no mail', async () => {
    await resetPassword(await inviteNew());
    ctx.mailer.sent.length = 0;
    const known = await requestReset({ email: 'CAMILLE@example.org' });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: texts.success.resetCodeSent });
    await new Promise((resolve) => setImmediate(resolve));
    expect(ctx.mailer.sent.map((m) => m.to)).toEqual([NEW.email]);
    expect((await resetPassword({ code: codeFromLastMail(ctx), cookie: requesterCookie(known) }, 'nouveau-camille')).statusCode).toBe(200);
    expect((await login(ctx, { email: NEW.email, password: 'nouveau-camille' })).statusCode).toBe(200);

    const unknown = await requestReset({ email: 'personne@example.org' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    // Past the account's hourly allowance: still the same answer, no more mails.
    for (let i = 0; i < AUTH.resetMailsPerHour + 1; i++) {
      const res = await requestReset({ email: NEW.email });
      expect(res.statusCode).toBe(200);
    }
    await new Promise((resolve) => setImmediate(resolve));
    expect(ctx.mailer.sent).toHaveLength(AUTH.resetMailsPerHour);
    // An address that cannot be one is refused in French.
    const malformed = await requestReset({ email: 'pas-une-adresse' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toBe(texts.validation.emailInvalid);
    // Without an email, the primary account still receives it.
    await requestReset();
    expect(ctx.mailer.last()!.to).toBe(ADMIN.email);
  });

  it('answers 401 without a token', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/users', payload: { email: NEW.email } })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'DELETE', url: '/api/users/1' })).statusCode).toBe(401);
    expect(ctx.mailer.sent).toHaveLength(0);
  });
});
