import { Secret, TOTP as Totp } from 'otpauth';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AUTH, SITE_NAME, texts, twoFactorTexts } from '@bande/shared';
import { ensureAdminAccount } from './admin-bootstrap.ts';
import { ADMIN, codeFromLastMail, login, postJson, silentLog } from './auth-test-helpers.ts';
import { hashPassword } from './passwords.ts';
import { recoveryCodesRepository, totpRepository } from './two-factor.repository.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

const KEY = 'une-cle-de-test-de-plus-de-32-caracteres-aleatoires';
const STEP_MS = 30_000;

let ctx: TestContext;
let originalHash: string;
beforeAll(async () => {
  ctx = await createTestApp({ TOTP_ENCRYPTION_KEY: KEY });
  await ensureAdminAccount(ctx, silentLog);
  originalHash = await hashPassword(ADMIN.password);
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await ctx.db.deleteFrom('adminRecoveryCodes').execute();
  await ctx.db.deleteFrom('adminTotp').execute();
  await ctx.db.updateTable('adminUsers').set({ passwordHash: originalHash, failedAttempts: 0, lockedUntil: null }).execute();
  await ctx.db.deleteFrom('oneTimeCodes').execute();
  await ctx.db.deleteFrom('adminSessions').execute();
  await ctx.db.deleteFrom('rateLimitBuckets').execute();
  await ctx.db.deleteFrom('auditLog').execute();
  ctx.mailer.sent.length = 0;
});

/** The code an authenticator app shows for `secret`, `steps` periods from now on the test clock. */
const codeOf = (secret: string, steps = 0) =>
  Totp.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp: ctx.clock.now().getTime() + steps * STEP_MS });
/** Any 6 digits that are none of the codes accepted now (window ±1). */
const wrongCodeFor = (secret: string) => {
  const accepted = new Set([-1, 0, 1].map((s) => codeOf(secret, s)));
  let n = 0;
  while (accepted.has(String(n).padStart(6, '0'))) n++;
  return String(n).padStart(6, '0');
};

async function adminToken() {
  const res = await login(ctx, ADMIN);
  expect(res.statusCode).toBe(200);
  return res.json().token as string;
}

/** Sets two-factor login up and on for the admin; the clock then moves one step, as a person takes a moment before logging in. */
async function enableTwoFactor() {
  const token = await adminToken();
  const setup = await postJson(ctx, '/api/auth/totp/setup', {}, token);
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json() as { secret: string };
  const enabled = await postJson(ctx, '/api/auth/totp/enable', { code: codeOf(secret) }, token);
  expect(enabled.statusCode).toBe(200);
  ctx.clock.advance(STEP_MS);
  return { token, secret, recoveryCodes: enabled.json().recoveryCodes as string[] };
}

describe('setup and enable', () => {
  it('answers a base32 secret and an otpauth URL with the site name as issuer and the account email', async () => {
    const token = await adminToken();
    const res = await postJson(ctx, '/api/auth/totp/setup', {}, token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { secret, otpauthUrl } = res.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(otpauthUrl);
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe(`/${SITE_NAME}:${ADMIN.email}`);
    expect(url.searchParams.get('issuer')).toBe(SITE_NAME);
    expect(url.searchParams.get('secret')).toBe(secret);
    expect(url.searchParams.get('algorithm')).toBe('SHA1');
    expect(url.searchParams.get('digits')).toBe('6');
    expect(url.searchParams.get('period')).toBe('30');
  });

  it('stores the secret encrypted (AES-256-GCM with TOTP_ENCRYPTION_KEY), never as given', async () => {
    const token = await adminToken();
    const { secret } = (await postJson(ctx, '/api/auth/totp/setup', {}, token)).json();
    const row = await ctx.db.selectFrom('adminTotp').selectAll().executeTakeFirstOrThrow();
    expect(row.secret).toMatch(/^v1:/);
    expect(row.secret).not.toContain(secret);
    expect(row.enabledAt).toBeNull();
  });

  it('refuses a wrong code with a French 400 and stays off', async () => {
    const token = await adminToken();
    const { secret } = (await postJson(ctx, '/api/auth/totp/setup', {}, token)).json();
    const res = await postJson(ctx, '/api/auth/totp/enable', { code: wrongCodeFor(secret) }, token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: twoFactorTexts.codeInvalid });
    const malformed = await postJson(ctx, '/api/auth/totp/enable', { code: '12ab' }, token);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toBe(twoFactorTexts.codeFormat);
    expect((await login(ctx, ADMIN)).statusCode).toBe(200);
  });

  it('enables with a valid code and answers 10 distinct recovery codes, stored only as SHA-256', async () => {
    const { recoveryCodes, token } = await enableTwoFactor();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const stored = await ctx.db.selectFrom('adminRecoveryCodes').select('codeHash').execute();
    expect(stored).toHaveLength(10);
    for (const { codeHash } of stored) {
      expect(codeHash).toMatch(/^[0-9a-f]{64}$/);
      expect(recoveryCodes.some((code) => codeHash.includes(code.replace('-', '')))).toBe(false);
    }
    const status = await ctx.app.inject({ method: 'GET', url: '/api/auth/totp', headers: { authorization: `Bearer ${token}` } });
    expect(status.json()).toEqual({ enabled: true, recoveryCodesLeft: 10 });
  });

  it('lets a new setup replace one not yet enabled (the old secret no longer works), but not an enabled one', async () => {
    const token = await adminToken();
    const first = (await postJson(ctx, '/api/auth/totp/setup', {}, token)).json().secret;
    const second = (await postJson(ctx, '/api/auth/totp/setup', {}, token)).json().secret;
    expect(second).not.toBe(first);
    expect((await postJson(ctx, '/api/auth/totp/enable', { code: codeOf(first) }, token)).statusCode).toBe(400);
    expect((await postJson(ctx, '/api/auth/totp/enable', { code: codeOf(second) }, token)).statusCode).toBe(200);
    const again = await postJson(ctx, '/api/auth/totp/setup', {}, token);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: twoFactorTexts.alreadyEnabled });
  });

  it('refuses enable without a setup, and answers 429 after too many wrong codes for the account', async () => {
    const token = await adminToken();
    const none = await postJson(ctx, '/api/auth/totp/enable', { code: '123456' }, token);
    expect(none.statusCode).toBe(409);
    expect(none.json()).toEqual({ error: twoFactorTexts.notSetUp });
    const { secret } = (await postJson(ctx, '/api/auth/totp/setup', {}, token)).json();
    for (let i = 0; i < 5; i++) expect((await postJson(ctx, '/api/auth/totp/enable', { code: wrongCodeFor(secret) }, token)).statusCode).toBe(400);
    const blocked = await postJson(ctx, '/api/auth/totp/enable', { code: codeOf(secret) }, token);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ error: twoFactorTexts.tooManyCodes });
  });

  it('answers 401 without a valid token on every two-factor route', async () => {
    for (const url of ['/api/auth/totp/setup', '/api/auth/totp/enable', '/api/auth/totp/disable']) {
      expect((await postJson(ctx, url, { code: '123456' })).statusCode).toBe(401);
      expect((await postJson(ctx, url, { code: '123456' }, 'pas-un-jeton')).statusCode).toBe(401);
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/totp' })).statusCode).toBe(401);
  });
});

describe('the status read', () => {
  it('is not limited like the writes: the Comptes tab reads it on every visit', async () => {
    const token = await adminToken();
    for (let i = 0; i < 12; i++) expect((await postJson(ctx, '/api/auth/totp/setup', {}, token)).statusCode).not.toBe(500);
    const reads = await Promise.all(Array.from({ length: 15 }, () => ctx.app.inject({ method: 'GET', url: '/api/auth/totp', headers: { authorization: `Bearer ${token}` } })));
    expect(reads.map((read) => read.statusCode)).toEqual(Array(15).fill(200));
  });
});

describe('login with two-factor on', () => {
  it('answers 401 totpRequired and no token to the right password without a code', async () => {
    await enableTwoFactor();
    const res = await login(ctx, ADMIN);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: twoFactorTexts.codeRequired, totpRequired: true });
    expect(res.body).not.toContain('token');
  });

  it('answers a wrong password exactly as for an account without two-factor (nothing told)', async () => {
    const before = (await login(ctx, { email: ADMIN.email, password: 'pas-le-bon' })).json();
    await ctx.db.updateTable('adminUsers').set({ failedAttempts: 0 }).execute();
    await enableTwoFactor();
    const after = await login(ctx, { email: ADMIN.email, password: 'pas-le-bon', totpCode: '123456' } as never);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual(before);
    expect(after.json()).not.toHaveProperty('totpRequired');
  });

  it('logs in with a valid code, refuses the same code again, accepts the next one', async () => {
    const { secret } = await enableTwoFactor();
    const code = codeOf(secret);
    const ok = await login(ctx, { ...ADMIN, totpCode: code } as never);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().token).toMatch(/^[\w-]{43}$/);
    const replay = await login(ctx, { ...ADMIN, totpCode: code } as never);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ error: twoFactorTexts.codeInvalid, totpRequired: true, remainingAttempts: 4 });
    ctx.clock.advance(STEP_MS);
    expect((await login(ctx, { ...ADMIN, totpCode: codeOf(secret) } as never)).statusCode).toBe(200);
  });

  it('logs in with the very code that enabled it (same 30 s), once: the login spends it, not the enabling', async () => {
    const token = await adminToken();
    const { secret } = (await postJson(ctx, '/api/auth/totp/setup', {}, token)).json() as { secret: string };
    const code = codeOf(secret);
    expect((await postJson(ctx, '/api/auth/totp/enable', { code }, token)).statusCode).toBe(200);
    expect((await login(ctx, { ...ADMIN, totpCode: code } as never)).statusCode).toBe(200);
    expect((await login(ctx, { ...ADMIN, totpCode: code } as never)).statusCode).toBe(401);
  });

  it('accepts a code sent several times at once only once (the step is compared and written in one statement)', async () => {
    const { secret, recoveryCodes } = await enableTwoFactor();
    const code = codeOf(secret);
    const burst = await Promise.all(Array.from({ length: 5 }, () => login(ctx, { ...ADMIN, totpCode: code } as never)));
    expect(burst.map((r) => r.statusCode).sort()).toEqual([200, 401, 401, 401, 401]);
    await ctx.db.updateTable('adminUsers').set({ failedAttempts: 0 }).execute();
    const recoveryBurst = await Promise.all(Array.from({ length: 5 }, () => login(ctx, { ...ADMIN, totpCode: recoveryCodes[0] } as never)));
    expect(recoveryBurst.map((r) => r.statusCode).sort()).toEqual([200, 401, 401, 401, 401]);
    // Two servers may both have read the row before either wrote it: the write itself refuses a step
    // that is not after the stored one.
    const { userId, lastStep } = await ctx.db.selectFrom('adminTotp').select(['userId', 'lastStep']).executeTakeFirstOrThrow();
    expect(await totpRepository.acceptStep(ctx.db, userId, lastStep!)).toBe(false);
    expect(await totpRepository.acceptStep(ctx.db, userId, lastStep! - 1)).toBe(false);
    expect(await totpRepository.acceptStep(ctx.db, userId, lastStep! + 1)).toBe(true);
    expect(await recoveryCodesRepository.consume(ctx.db, userId, recoveryCodes[0]!, ctx.clock.now())).toBe(false);
  });

  it('accepts one step of clock drift either way, not two; an older step than one accepted is refused', async () => {
    const { secret } = await enableTwoFactor();
    ctx.clock.advance(10 * STEP_MS);
    expect((await login(ctx, { ...ADMIN, totpCode: codeOf(secret, -2) } as never)).statusCode).toBe(401);
    expect((await login(ctx, { ...ADMIN, totpCode: codeOf(secret, 2) } as never)).statusCode).toBe(401);
    expect((await login(ctx, { ...ADMIN, totpCode: codeOf(secret, 1) } as never)).statusCode).toBe(200);
    // The code of the step before was never used, but a later step was: refused (no replay).
    expect((await login(ctx, { ...ADMIN, totpCode: codeOf(secret, -1) } as never)).statusCode).toBe(401);
  });

  it('accepts a recovery code once, in totpCode, whatever its case and dash', async () => {
    const { recoveryCodes } = await enableTwoFactor();
    const first = await login(ctx, { ...ADMIN, totpCode: recoveryCodes[0] } as never);
    expect(first.statusCode).toBe(200);
    const again = await login(ctx, { ...ADMIN, totpCode: recoveryCodes[0] } as never);
    expect(again.statusCode).toBe(401);
    expect(again.json().totpRequired).toBe(true);
    const loose = recoveryCodes[1]!.replace('-', '').toUpperCase();
    expect((await login(ctx, { ...ADMIN, totpCode: loose } as never)).statusCode).toBe(200);
    const token = first.json().token;
    const status = await ctx.app.inject({ method: 'GET', url: '/api/auth/totp', headers: { authorization: `Bearer ${token}` } });
    expect(status.json()).toEqual({ enabled: true, recoveryCodesLeft: 8 });
  });

  it('answers a malformed code with a French 400', async () => {
    await enableTwoFactor();
    const res = await login(ctx, { ...ADMIN, totpCode: '12' } as never);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(twoFactorTexts.codeFormat);
  });

  it('counts wrong codes toward the lockout: 4, 3, 2, 1 left, then locked, even for a valid code', async () => {
    const { secret } = await enableTwoFactor();
    const wrong = wrongCodeFor(secret);
    for (const remaining of [4, 3, 2, 1]) {
      const res = await login(ctx, { ...ADMIN, totpCode: wrong } as never);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: twoFactorTexts.codeInvalid, totpRequired: true, remainingAttempts: remaining });
    }
    const locked = await login(ctx, { ...ADMIN, totpCode: wrong } as never);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ error: texts.api.accountLockedMinutes(AUTH.lockMinutes), canRequestUnlock: true });
    const stillLocked = await login(ctx, { ...ADMIN, totpCode: codeOf(secret) } as never);
    expect(stillLocked.statusCode).toBe(429);
    expect(stillLocked.json()).not.toHaveProperty('token');
  });

  it('after the unlock code, still asks for the second factor (the lock is lifted, the code is not bypassed)', async () => {
    const { secret } = await enableTwoFactor();
    for (let i = 0; i < 5; i++) await login(ctx, { ...ADMIN, totpCode: wrongCodeFor(secret) } as never);
    expect((await postJson(ctx, '/api/auth/request-unlock', { email: ADMIN.email })).statusCode).toBe(200);
    const unlockCode = codeFromLastMail(ctx);
    const unlocked = await login(ctx, { ...ADMIN, unlockCode });
    expect(unlocked.statusCode).toBe(401);
    expect(unlocked.json()).toEqual({ error: twoFactorTexts.codeRequired, totpRequired: true });
    const ok = await login(ctx, { ...ADMIN, totpCode: codeOf(secret) } as never);
    expect(ok.statusCode).toBe(200);
  });
});

describe('disable', () => {
  it('refuses a wrong code with a French 400, then turns off with a recovery code and erases secret and codes', async () => {
    const { token, secret, recoveryCodes } = await enableTwoFactor();
    const wrong = await postJson(ctx, '/api/auth/totp/disable', { code: wrongCodeFor(secret) }, token);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: twoFactorTexts.codeInvalid });
    const res = await postJson(ctx, '/api/auth/totp/disable', { code: recoveryCodes[3] }, token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: twoFactorTexts.disabled });
    expect(await ctx.db.selectFrom('adminTotp').selectAll().execute()).toEqual([]);
    expect(await ctx.db.selectFrom('adminRecoveryCodes').selectAll().execute()).toEqual([]);
    expect((await login(ctx, ADMIN)).statusCode).toBe(200);
    const off = await postJson(ctx, '/api/auth/totp/disable', { code: codeOf(secret) }, token);
    expect(off.statusCode).toBe(409);
    expect(off.json()).toEqual({ error: twoFactorTexts.notEnabled });
  });

  it('turns off with an app code', async () => {
    const { token, secret } = await enableTwoFactor();
    expect((await postJson(ctx, '/api/auth/totp/disable', { code: codeOf(secret) }, token)).statusCode).toBe(200);
    expect((await login(ctx, ADMIN)).statusCode).toBe(200);
  });
});

describe('the secret never comes back', () => {
  it('is in no other answer: users list (which shows totpEnabled), me, status', async () => {
    const { token, secret } = await enableTwoFactor();
    const headers = { authorization: `Bearer ${token}` };
    const users = await ctx.app.inject({ method: 'GET', url: '/api/users', headers });
    expect(users.json().data[0]).toMatchObject({ email: ADMIN.email, totpEnabled: true });
    for (const url of ['/api/users', '/api/auth/me', '/api/auth/totp']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(secret);
      expect(res.body.toLowerCase()).not.toContain('secret');
    }
  });
});

describe('activity log', () => {
  it('tells a code asked or refused from a wrong password, and logs enable/disable without any secret or code', async () => {
    const { token, secret, recoveryCodes } = await enableTwoFactor();
    await login(ctx, ADMIN);
    await login(ctx, { ...ADMIN, totpCode: wrongCodeFor(secret) } as never);
    await login(ctx, { email: ADMIN.email, password: 'pas-le-bon' });
    await postJson(ctx, '/api/auth/totp/disable', { code: recoveryCodes[0] }, token);
    await ctx.app.auditLogSettled();
    const entries = await ctx.db.selectFrom('auditLog').selectAll().orderBy('id').execute();
    expect(entries.map((e) => e.action)).toEqual(['login', 'totp-setup', 'totp-enable', 'totp-required', 'totp-failed', 'login-failed', 'totp-disable']);
    const written = JSON.stringify(entries);
    expect(written).not.toContain(secret);
    for (const code of recoveryCodes) expect(written).not.toContain(code);
  });
});
