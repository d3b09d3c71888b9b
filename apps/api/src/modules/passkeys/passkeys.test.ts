import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AUTH, passkeyTexts, twoFactorTexts } from '@bande/shared';
import { buildApp } from '../../app.ts';
import type { App } from '../../deps.ts';
import { createAdminToken } from '../../test/admin-token.ts';
import { ADMIN, createAuthTestApp, lockAdmin, login, postJson } from '../auth/auth-test-helpers.ts';
import { SoftAuthenticator } from './soft-authenticator.ts';

// createTestApp's SITE_URL is http://localhost:3000: the RP ID is its host, the origin the only one accepted.
const RP = { rpId: 'localhost', origin: 'http://localhost:3000' };

let ctx: Awaited<ReturnType<typeof createAuthTestApp>>;
let token: string;
beforeAll(async () => {
  ctx = await createAuthTestApp();
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await ctx.resetState();
  await ctx.db.deleteFrom('adminPasskeys').execute();
  await ctx.db.deleteFrom('passkeyChallenges').execute();
  await ctx.db.deleteFrom('adminTotp').execute();
  await ctx.db.deleteFrom('auditLog').execute();
  token = ((await login(ctx, ADMIN)).json() as { token: string }).token;
  ctx.mailer.sent.length = 0;
});

const bearer = (t: string) => ({ authorization: `Bearer ${t}` });
const get = (url: string, t = token, app: App = ctx.app) => app.inject({ method: 'GET', url, headers: bearer(t) });
const del = (url: string, t = token) => ctx.app.inject({ method: 'DELETE', url, headers: bearer(t) });

async function registrationOptions(t = token) {
  const res = await postJson(ctx, '/api/auth/passkeys/register/options', undefined, t);
  expect(res.statusCode).toBe(200);
  return res.json() as { challenge: string; user: { id: string } };
}

/** Adds a passkey held by a new software authenticator to the account of `t`. */
async function addPasskey(name = 'Téléphone', t = token, authenticator = new SoftAuthenticator(RP)) {
  const response = authenticator.register(await registrationOptions(t));
  const res = await postJson(ctx, '/api/auth/passkeys/register', { name, response }, t);
  return { authenticator, res };
}

async function loginOptions(app: App = ctx.app) {
  const res = await app.inject({ method: 'POST', url: '/api/auth/passkey/options' });
  expect(res.statusCode).toBe(200);
  return (res.json() as { challenge: string }).challenge;
}

const passkeyLogin = (response: object, app: App = ctx.app) => app.inject({ method: 'POST', url: '/api/auth/passkey/login', payload: { response } });
const loginWith = async (authenticator: SoftAuthenticator) => passkeyLogin(authenticator.sign(await loginOptions()));

async function auditActions() {
  await ctx.app.auditLogSettled();
  return ctx.db.selectFrom('auditLog').select(['action', 'userEmail']).orderBy('id').execute();
}

describe('adding a passkey and logging in with it', () => {
  it('keeps a named passkey, lists it with its last use, and logs in without a password', async () => {
    const { authenticator, res } = await addPasskey('Ordinateur du bureau');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ data: { name: 'Ordinateur du bureau', lastUsedAt: null } });
    expect(ctx.mailer.last()).toMatchObject({ to: ADMIN.email, subject: 'Nouvelle clé d’accès sur votre compte' });

    const loggedIn = await loginWith(authenticator);
    expect(loggedIn.statusCode).toBe(200);
    const session = loggedIn.json() as { token: string; user: { email: string } };
    expect(session.user.email).toBe(ADMIN.email);
    expect((await get('/api/auth/me', session.token)).statusCode).toBe(200);
    expect(ctx.mailer.last()).toMatchObject({ to: ADMIN.email, subject: 'Première connexion avec une clé d’accès' });
    // Its next sign-ins are not mailed (issue 35): a mail at each would be ignored, then the one that matters too.
    const mailsBefore = ctx.mailer.sent.length;
    expect((await loginWith(authenticator)).statusCode).toBe(200);
    expect((await loginWith(authenticator)).statusCode).toBe(200);
    expect(ctx.mailer.sent.length).toBe(mailsBefore);

    const list = (await get('/api/auth/passkeys')).json() as { data: Array<{ name: string; lastUsedAt: string | null; publicKey?: string }> };
    expect(list.data).toHaveLength(1);
    expect(list.data[0]!.lastUsedAt).toBe(ctx.clock.now().toISOString());
    expect(list.data[0]).not.toHaveProperty('publicKey');

    expect(await auditActions()).toEqual(
      expect.arrayContaining([
        { action: 'passkey-register-start', userEmail: ADMIN.email },
        { action: 'passkey-add', userEmail: ADMIN.email },
        { action: 'login-passkey', userEmail: ADMIN.email },
      ]),
    );
  });

  it('refuses a nameless passkey in French and keeps nothing', async () => {
    const { res } = await addPasskey('   ');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(passkeyTexts.nameRequired);
    expect((await get('/api/auth/passkeys')).json()).toEqual({ data: [] });
  });

  it('refuses a registration signed for another site (origin)', async () => {
    const authenticator = new SoftAuthenticator(RP);
    const response = authenticator.register(await registrationOptions(), { origin: 'https://evil.example' });
    const res = await postJson(ctx, '/api/auth/passkeys/register', { name: 'Piège', response }, token);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(passkeyTexts.registrationFailed);
    expect((await get('/api/auth/passkeys')).json()).toEqual({ data: [] });
  });

  it('refuses an authenticator that does not verify its user, at registration and at login', async () => {
    const { res } = await addPasskey('Sans vérification', token, new SoftAuthenticator({ ...RP, userVerified: false }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(passkeyTexts.userVerificationRequired);

    const { authenticator } = await addPasskey();
    authenticator.userVerified = false;
    const refused = await loginWith(authenticator);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error).toBe(passkeyTexts.userVerificationRequired);
    expect(refused.json()).not.toHaveProperty('token');
  });

  it('answers 400 in French to a body that is no WebAuthn answer, and 401 to an unknown passkey', async () => {
    const bad = await passkeyLogin({ id: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(typeof bad.json().error).toBe('string');
    const unknown = await loginWith(new SoftAuthenticator(RP));
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error).toBe(passkeyTexts.loginFailed);
  });
});

describe('challenges', () => {
  it('serve once: an assertion replayed with its challenge is refused', async () => {
    const { authenticator } = await addPasskey();
    const challenge = await loginOptions();
    expect((await passkeyLogin(authenticator.sign(challenge))).statusCode).toBe(200);
    const replay = await passkeyLogin(authenticator.sign(challenge));
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error).toBe(passkeyTexts.challengeInvalid);
  });

  it('serve once for a registration too', async () => {
    const authenticator = new SoftAuthenticator(RP);
    const options = await registrationOptions();
    expect((await postJson(ctx, '/api/auth/passkeys/register', { name: 'Un', response: authenticator.register(options) }, token)).statusCode).toBe(201);
    const again = await postJson(ctx, '/api/auth/passkeys/register', { name: 'Deux', response: new SoftAuthenticator(RP).register(options) }, token);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe(passkeyTexts.challengeInvalid);
  });

  it('expire after a few minutes', async () => {
    const { authenticator } = await addPasskey();
    const challenge = await loginOptions();
    ctx.clock.advance(5 * 60_000 + 1);
    const late = await passkeyLogin(authenticator.sign(challenge));
    expect(late.statusCode).toBe(400);
    expect(late.json().error).toBe(passkeyTexts.challengeInvalid);
  });

  it('are bound to their ceremony and to the session that asked', async () => {
    const { authenticator } = await addPasskey();
    // A registration challenge does not open a session…
    const registration = await registrationOptions();
    expect((await passkeyLogin(authenticator.sign(registration.challenge))).statusCode).toBe(400);
    // …and another session (of the same account) cannot finish a registration this one began.
    const other = ((await login(ctx, ADMIN)).json() as { token: string }).token;
    const options = await registrationOptions();
    const res = await postJson(ctx, '/api/auth/passkeys/register', { name: 'Autre', response: new SoftAuthenticator(RP).register(options) }, other);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(passkeyTexts.challengeInvalid);
  });

  it('are kept in the database: a ceremony begun on one server ends on another', async () => {
    const { authenticator } = await addPasskey();
    const otherServer = await buildApp({ db: ctx.db, dialect: ctx.dialect, config: ctx.config, mailer: ctx.mailer, storage: ctx.storage, clock: ctx.clock });
    try {
      await otherServer.ready();
      const challenge = await loginOptions(ctx.app);
      const res = await passkeyLogin(authenticator.sign(challenge), otherServer);
      expect(res.statusCode).toBe(200);
      expect((await get('/api/auth/me', (res.json() as { token: string }).token, ctx.app)).statusCode).toBe(200);
    } finally {
      await otherServer.close();
    }
  });
});

describe('the signature counter', () => {
  it('refuses a counter that goes back (a copied key) and tells the account', async () => {
    const { authenticator } = await addPasskey();
    expect((await passkeyLogin(authenticator.sign(await loginOptions(), { step: 5 }))).statusCode).toBe(200);
    authenticator.counter = 2;
    const cloned = await loginWith(authenticator);
    expect(cloned.statusCode).toBe(401);
    expect(cloned.json().error).toBe(passkeyTexts.counterRegressed);
    expect(ctx.mailer.last()).toMatchObject({ to: ADMIN.email, subject: 'Clé d’accès refusée' });
    // The same counter again is no better.
    authenticator.counter = 4;
    expect((await loginWith(authenticator)).statusCode).toBe(401);
    expect(await auditActions()).toContainEqual({ action: 'login-passkey-failed', userEmail: ADMIN.email });
  });
});

describe('the password lockout and two-factor login', () => {
  it('neither slows nor refuses a passkey login: a stranger who locked the password cannot keep the owner out', async () => {
    const { authenticator } = await addPasskey();
    await lockAdmin(ctx);
    expect((await login(ctx, ADMIN)).statusCode).toBe(429);
    const res = await loginWith(authenticator);
    expect(res.statusCode).toBe(200);
    // The password stays locked: the passkey login does not lift what the stranger caused.
    expect((await login(ctx, ADMIN)).statusCode).toBe(429);
    const user = await ctx.db.selectFrom('adminUsers').select(['failedAttempts', 'lockedUntil']).where('email', '=', ADMIN.email).executeTakeFirstOrThrow();
    expect(user.failedAttempts).toBe(AUTH.maxFailedAttempts);
    expect(user.lockedUntil).not.toBeNull();
  });

  it('satisfies two-factor login: no code asked after a passkey', async () => {
    const { authenticator } = await addPasskey();
    const user = await ctx.db.selectFrom('adminUsers').select('id').where('email', '=', ADMIN.email).executeTakeFirstOrThrow();
    const now = ctx.clock.now().toISOString();
    await ctx.db.insertInto('adminTotp').values({ userId: user.id, secret: 'plain:JBSWY3DPEHPK3PXP', enabledAt: now, lastStep: null, createdAt: now }).execute();
    const password = await login(ctx, ADMIN);
    expect(password.statusCode).toBe(401);
    expect(password.json().error).toBe(twoFactorTexts.codeRequired);
    expect((await loginWith(authenticator)).statusCode).toBe(200);
  });
});

describe('deleting passkeys', () => {
  it('a deleted passkey no longer logs in; the account is mailed', async () => {
    const { authenticator, res } = await addPasskey('Vieux téléphone');
    const { id } = (res.json() as { data: { id: number } }).data;
    const deleted = await del(`/api/auth/passkeys/${id}`);
    expect(deleted.statusCode).toBe(200);
    expect(ctx.mailer.last()).toMatchObject({ to: ADMIN.email, subject: 'Clé d’accès supprimée de votre compte' });
    const refused = await loginWith(authenticator);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error).toBe(passkeyTexts.loginFailed);
    expect(await auditActions()).toContainEqual({ action: 'passkey-delete', userEmail: ADMIN.email });
  });

  it('an account cannot see nor delete another account’s passkey (404, nothing changed)', async () => {
    const { res } = await addPasskey();
    const { id } = (res.json() as { data: { id: number } }).data;
    const stranger = await createAdminToken(ctx);
    expect((await get('/api/auth/passkeys', stranger)).json()).toEqual({ data: [] });
    const attempt = await del(`/api/auth/passkeys/${id}`, stranger);
    expect(attempt.statusCode).toBe(404);
    expect(attempt.json().error).toBe(passkeyTexts.notFound);
    expect((await get('/api/auth/passkeys')).json().data).toHaveLength(1);
  });

  it('an administrator removes another account’s passkeys (lost devices); that account is mailed', async () => {
    const { authenticator } = await addPasskey();
    await addPasskey('Clé USB');
    const user = await ctx.db.selectFrom('adminUsers').select('id').where('email', '=', ADMIN.email).executeTakeFirstOrThrow();
    const admin = await createAdminToken(ctx);
    const res = await del(`/api/users/${user.id}/passkeys`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(passkeyTexts.removedByAdmin(2));
    expect(ctx.mailer.last()).toMatchObject({ to: ADMIN.email, subject: 'Clés d’accès supprimées de votre compte' });
    expect((await loginWith(authenticator)).statusCode).toBe(401);
    // The password still works.
    expect((await login(ctx, ADMIN)).statusCode).toBe(200);
    expect((await del('/api/users/999999/passkeys', admin)).statusCode).toBe(404);
    expect(await auditActions()).toContainEqual({ action: 'passkey-remove', userEmail: expect.stringMatching(/^admin-/) });
  });
});

describe('changing one’s own password', () => {
  const change = (body: object, t = token) => ctx.app.inject({ method: 'PUT', url: '/api/auth/me/password', headers: bearer(t), payload: body });

  it('refuses a wrong current password in French and changes nothing', async () => {
    const res = await change({ currentPassword: 'mauvais', newPassword: 'nouveau-mot-de-passe' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(passkeyTexts.currentPasswordWrong);
    expect((await login(ctx, ADMIN)).statusCode).toBe(200);
  });

  it('sets the new password and closes the account’s other sessions, not this one', async () => {
    const other = ((await login(ctx, ADMIN)).json() as { token: string }).token;
    const res = await change({ currentPassword: ADMIN.password, newPassword: 'nouveau-mot-de-passe' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(passkeyTexts.passwordChanged);
    expect((await get('/api/auth/me')).statusCode).toBe(200);
    expect((await get('/api/auth/me', other)).statusCode).toBe(401);
    expect((await login(ctx, ADMIN)).statusCode).toBe(401);
    expect((await login(ctx, { email: ADMIN.email, password: 'nouveau-mot-de-passe' })).statusCode).toBe(200);
    expect(await auditActions()).toContainEqual({ action: 'password-change', userEmail: ADMIN.email });
  });

  it('refuses a too short new password in French', async () => {
    const res = await change({ currentPassword: ADMIN.password, newPassword: 'abc' });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain('au moins 6 caractères');
  });
});
