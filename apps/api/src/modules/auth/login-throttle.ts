import crypto from 'node:crypto';
import { texts, type LoginResponse } from '@bande/shared';
import type { AppDeps } from '../../deps.ts';
import type { DB } from '../../db/connection.ts';
import { minutes } from '../../lib/clock.ts';
import { HttpError, tooManyRequests } from '../../lib/http-error.ts';
import { incrementBuckets } from '../../plugins/rate-limit.ts';
import { normalizeEmail } from './auth.repository.ts';
import { login, type LoginAttempt } from './login.service.ts';

/**
 * Failed logins slow the address they come from on the accounts it targets, never the others: an
 * office sharing one connection keeps signing in while one of its computers (or a stranger behind the
 * same address) types wrong passwords. Two counters of failures, in rateLimitBuckets (shared by every
 * server, kept across restarts), per LOGIN_THROTTLE.windowMs:
 * - per address and account (email): past `perAccount`, that address is refused on that account;
 * - per address: past `perAddress`, that address is refused on every account it has failed on.
 * An account this address never failed on is always checked: a colleague's first correct login goes
 * through. The account's own lockout (5 failures, any address) is unchanged; the request flood guard
 * of the route (auth.routes.ts) is separate. docs/security.md says why.
 */
export const LOGIN_THROTTLE = { perAccount: 20, perAddress: 40, windowMs: minutes(15) } as const;

const digest = (text: string) => crypto.createHash('sha256').update(text).digest('hex');
// Hashed: the table holds neither the address nor the email typed.
const accountKey = (address: string, email: string) => `login-fail-account:${digest(`${address}\n${normalizeEmail(email)}`)}`;
const addressKey = (address: string) => `login-fail-address:${digest(address)}`;

async function liveCount(db: DB, key: string, nowMs: number): Promise<{ count: number; resetAt: number }> {
  const bucket = await db.selectFrom('rateLimitBuckets').select(['count', 'resetAt']).where('key', '=', key).executeTakeFirst();
  return bucket && bucket.resetAt > nowMs ? bucket : { count: 0, resetAt: nowMs };
}

/** The refusal: what can help is waiting, or another account; never an unlock code (the account is not locked). */
function throttled(resetAt: number, nowMs: number) {
  const message = texts.api.loginThrottledMinutes(Math.max(1, Math.ceil((resetAt - nowMs) / 60_000)));
  return tooManyRequests(message, { message, canRequestUnlock: false });
}

/** A failed login: a wrong password, email, unlock or second-factor code, or a locked account (not the mere request of the second factor). */
function isFailure(error: unknown): boolean {
  if (!(error instanceof HttpError) || (error.statusCode !== 401 && error.statusCode !== 429)) return false;
  return !(error.extra.totpRequired === true && error.extra.remainingAttempts === undefined);
}

/** login() from `address`, refused while that address is slowed on that account, its failures counted. */
export async function loginFrom(deps: AppDeps, attempt: LoginAttempt, address: string): Promise<LoginResponse> {
  const { db, clock } = deps;
  const nowMs = clock.now().getTime();
  const [onAccount, fromAddress] = await Promise.all([liveCount(db, accountKey(address, attempt.email), nowMs), liveCount(db, addressKey(address), nowMs)]);
  if (onAccount.count >= LOGIN_THROTTLE.perAccount) throw throttled(onAccount.resetAt, nowMs);
  if (onAccount.count > 0 && fromAddress.count >= LOGIN_THROTTLE.perAddress) throw throttled(Math.max(onAccount.resetAt, fromAddress.resetAt), nowMs);
  try {
    return await login(deps, attempt);
  } catch (error) {
    if (isFailure(error)) {
      await incrementBuckets(db, [accountKey(address, attempt.email), addressKey(address)].map((key) => ({ key, windowMs: LOGIN_THROTTLE.windowMs })), nowMs);
    }
    throw error;
  }
}
