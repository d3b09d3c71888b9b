import crypto from 'node:crypto';
import { sql } from 'kysely';
import { AUTH, texts, twoFactorTexts, type LoginResponse } from '@bande/shared';
import type { AppDeps } from '../../deps.ts';
import type { DB } from '../../db/connection.ts';
import { tooManyRequests, unauthorized } from '../../lib/http-error.ts';
import { adminUsersRepository, normalizeEmail, sessionsRepository } from './auth.repository.ts';
import { consumeCode } from './codes.service.ts';
import { verifyPassword } from './passwords.ts';
import { acceptSecondFactor, enabledTwoFactor } from './two-factor.service.ts';
import { epochMs } from '../../plugins/rate-limit.ts';

const LOCK_MS = AUTH.lockMinutes * 60_000;
/** An unknown email's failure count is forgotten after a day without attempts. */
const UNKNOWN_IDLE_MS = 24 * 60 * 60 * 1000;

export interface LoginAttempt {
  email: string;
  password: string;
  unlockCode?: string | undefined;
  /** The authenticator app's code or a recovery code, for an account with two-factor login on. */
  totpCode?: string | undefined;
}

function lockedError(untilMs: number, nowMs: number) {
  const message = texts.api.accountLockedMinutes(Math.max(1, Math.ceil((untilMs - nowMs) / 60_000)));
  return tooManyRequests(message, { message, canRequestUnlock: true });
}

const badUnlockCodeError = () =>
  tooManyRequests(texts.api.unlockCodeInvalid, { message: texts.api.unlockCodeInvalid, canRequestUnlock: true });

const wrongCredentialsError = (failedAttempts: number) =>
  unauthorized(texts.errors.loginInvalid, { remainingAttempts: Math.max(0, AUTH.maxFailedAttempts - failedAttempts) });

/**
 * Checks credentials with the lockout rules: AUTH.maxFailedAttempts failures lock the account for
 * AUTH.lockMinutes; while locked only the right password together with a valid unlock code gets in
 * (any of the live codes mailed, each once).
 * Unknown emails get the very same answers (their failures are counted too), so that the replies
 * never tell whether an address has an account.
 * With two-factor login on, the right password (and unlock code while locked) is not enough: see
 * requireSecondFactor. Whether an account has it on is only told to whoever gave its password.
 */
export async function login(deps: AppDeps, attempt: LoginAttempt): Promise<LoginResponse> {
  const { db, clock } = deps;
  const now = clock.now();
  const user = await adminUsersRepository.findByEmail(db, attempt.email);
  const passwordOk = await verifyPassword(user?.passwordHash, attempt.password);
  if (!user) return refuseUnknownEmail(db, attempt, now.getTime());

  let lockedUntil = user.lockedUntil ? Date.parse(user.lockedUntil) : undefined;
  if (lockedUntil !== undefined && lockedUntil <= now.getTime()) {
    // The lock has lifted by itself: the next failure counts from one again.
    await adminUsersRepository.clearFailures(db, user.id, now);
    lockedUntil = undefined;
  }
  if (lockedUntil !== undefined) {
    if (!attempt.unlockCode) throw lockedError(lockedUntil, now.getTime());
    // Without the right password the code is not even looked at: a stranger's tries must neither
    // use, burn nor count against the code mailed to the owner. Only the password holder's wrong
    // codes count (AUTH.maxCodeAttempts), and the answer is the same in both cases.
    const unlocked = passwordOk && (await consumeCode(db, 'unlock', attempt.unlockCode, now, user.id)) !== undefined;
    if (!unlocked) throw badUnlockCodeError();
  } else if (!passwordOk) {
    const failure = await adminUsersRepository.recordFailure(db, user.id, now);
    if (failure.lockedUntil) throw lockedError(Date.parse(failure.lockedUntil), now.getTime());
    throw wrongCredentialsError(failure.failedAttempts);
  }

  const twoFactor = await enabledTwoFactor(db, user.id);
  if (twoFactor) {
    if (lockedUntil !== undefined) {
      // The unlock code has been used: the account is unlocked (its counter starts over), and the
      // second factor is asked as for any login, its wrong codes counting toward a new lock.
      await adminUsersRepository.clearFailures(db, user.id, now);
      lockedUntil = undefined;
    }
    await requireSecondFactor(deps, twoFactor, attempt.totpCode, now);
  }

  if (user.failedAttempts > 0 || lockedUntil !== undefined) await adminUsersRepository.clearFailures(db, user.id, now);
  await sessionsRepository.deleteExpired(db, user.id, now);
  const token = await sessionsRepository.create(db, user.id, now);
  return { token, user: { id: user.id, email: user.email, role: user.role } };
}

/**
 * The second step of a login with the right password: without a code, 401 `totpRequired` (not counted
 * as a failure: the password was right); a wrong, expired or already used code, or a used recovery
 * code, counts as a failed login (AUTH.maxFailedAttempts lock the account, as wrong passwords do).
 */
async function requireSecondFactor(deps: AppDeps, twoFactor: Parameters<typeof acceptSecondFactor>[1], code: string | undefined, now: Date) {
  if (!code) throw unauthorized(twoFactorTexts.codeRequired, { totpRequired: true });
  if (await acceptSecondFactor(deps, twoFactor, code, now)) return;
  const failure = await adminUsersRepository.recordFailure(deps.db, twoFactor.userId, now);
  if (failure.lockedUntil) throw lockedError(Date.parse(failure.lockedUntil), now.getTime());
  throw unauthorized(twoFactorTexts.codeInvalid, { totpRequired: true, remainingAttempts: Math.max(0, AUTH.maxFailedAttempts - failure.failedAttempts) });
}

const unknownEmailKey = (email: string) =>
  `login-unknown:${crypto.createHash('sha256').update(normalizeEmail(email)).digest('hex')}`;

/** Mirrors the lockout of a real account for an address without one (counter in rateLimitBuckets). */
async function refuseUnknownEmail(db: DB, attempt: LoginAttempt, nowMs: number): Promise<never> {
  const key = unknownEmailKey(attempt.email);
  const bucket = await db.selectFrom('rateLimitBuckets').select(['count', 'resetAt']).where('key', '=', key).executeTakeFirst();
  if (bucket && bucket.count >= AUTH.maxFailedAttempts && bucket.resetAt > nowMs) {
    throw attempt.unlockCode ? badUnlockCodeError() : lockedError(bucket.resetAt, nowMs);
  }
  const failure = await recordUnknownFailure(db, key, nowMs);
  if (failure.count >= AUTH.maxFailedAttempts) throw lockedError(failure.resetAt, nowMs);
  throw wrongCredentialsError(failure.count);
}

function recordUnknownFailure(db: DB, key: string, nowMs: number) {
  const count = sql.ref('rateLimitBuckets.count');
  const resetAt = sql.ref('rateLimitBuckets.resetAt');
  const lockEnd = nowMs + LOCK_MS;
  const idleEnd = nowMs + UNKNOWN_IDLE_MS;
  return db
    .insertInto('rateLimitBuckets')
    .values({ key, count: 1, resetAt: idleEnd })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`CASE WHEN ${resetAt} <= ${nowMs} THEN 1 ELSE ${count} + 1 END`,
        resetAt: sql<number>`CASE WHEN ${resetAt} > ${nowMs} AND ${count} + 1 >= ${AUTH.maxFailedAttempts} THEN ${epochMs(lockEnd)} ELSE ${epochMs(idleEnd)} END`,
      }),
    )
    .returning(['count', 'resetAt'])
    .executeTakeFirstOrThrow();
}

/** True while the account is locked (the lock lifts by itself at lockedUntil). */
export const isLocked = (lockedUntil: string | null, now: Date) => lockedUntil !== null && lockedUntil > now.toISOString();
