import crypto from 'node:crypto';
import { Secret, TOTP as Totp } from 'otpauth';
import { RECOVERY_ALPHABET, TOTP, isTotpCode, twoFactorTexts, type TotpSetupResponse, type TotpStatus } from '@bande/shared';
import type { AppDeps } from '../../deps.ts';
import type { DB } from '../../db/connection.ts';
import type { AdminTotpTable } from '../../db/schema.ts';
import { badRequest, conflict, tooManyRequests } from '../../lib/http-error.ts';
import { incrementBucket } from '../../plugins/rate-limit.ts';
import { openTotpSecret, sealTotpSecret } from './totp-secret.ts';
import { recoveryCodesRepository, totpRepository } from './two-factor.repository.ts';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config'>;
interface Account {
  id: number;
  email: string;
}

const PERIOD_MS = TOTP.periodSeconds * 1000;
const MANAGE_WINDOW_MS = TOTP.manageWindowMinutes * 60_000;

function totpOf(base32: string, email = '') {
  return new Totp({ issuer: TOTP.issuer, label: email, algorithm: 'SHA1', digits: TOTP.digits, period: TOTP.periodSeconds, secret: Secret.fromBase32(base32) });
}

/**
 * The time step whose code `code` is, within ±TOTP.window steps of now and after `lastStep` (a code
 * of a step already accepted is refused: no replay); undefined when none.
 */
export function matchingStep(base32: string, code: string, now: Date, lastStep: number | null): number | undefined {
  const delta = totpOf(base32).validate({ token: code, timestamp: now.getTime(), window: TOTP.window });
  if (delta === null) return undefined;
  const step = Math.floor(now.getTime() / PERIOD_MS) + delta;
  return lastStep !== null && step <= lastStep ? undefined : step;
}

/** 10 characters of RECOVERY_ALPHABET (about 49 bits) from node:crypto, shown as `abcde-23456`. */
function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[crypto.randomInt(RECOVERY_ALPHABET.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/**
 * Accepts an app code (its step recorded, so it works once) or an unused recovery code (marked used)
 * for an account whose two-factor login is on. Each check-and-write is one statement.
 */
export async function acceptSecondFactor({ db, config }: Pick<AppDeps, 'db' | 'config'>, row: Selected, code: string, now: Date): Promise<boolean> {
  if (isTotpCode(code)) {
    const step = matchingStep(openTotpSecret(row.secret, config.totpEncryptionKey), code, now, row.lastStep);
    return step !== undefined && (await totpRepository.acceptStep(db, row.userId, step));
  }
  return recoveryCodesRepository.consume(db, row.userId, code, now);
}
type Selected = Pick<AdminTotpTable, 'userId' | 'secret' | 'lastStep'>;

/** The account's two-factor row when it is on, else undefined. */
export async function enabledTwoFactor(db: DB, userId: number) {
  const row = await totpRepository.find(db, userId);
  return row?.enabledAt ? row : undefined;
}

export async function twoFactorStatus({ db }: Pick<AppDeps, 'db'>, userId: number): Promise<TotpStatus> {
  const row = await enabledTwoFactor(db, userId);
  return { enabled: row !== undefined, recoveryCodesLeft: row ? await recoveryCodesRepository.countUnused(db, userId) : 0 };
}

/** A new secret for the account, replacing a setup not yet enabled; refused while two-factor is on. */
export async function beginSetup({ db, clock, config }: Deps, account: Account): Promise<TotpSetupResponse> {
  const secret = new Secret({ size: 20 });
  const saved = await totpRepository.saveSetup(db, account.id, sealTotpSecret(secret.base32, config.totpEncryptionKey), clock.now());
  if (!saved) throw conflict(twoFactorTexts.alreadyEnabled);
  return { secret: secret.base32, otpauthUrl: totpOf(secret.base32, account.email).toString() };
}

/**
 * Counts the account's wrong codes on enable/disable in the shared buckets (several servers, one
 * count): past TOTP.manageAttempts in the window, 429 until it ends, whatever the address.
 */
async function refuseWhileTooManyWrongCodes(db: DB, userId: number, nowMs: number) {
  const bucket = await db.selectFrom('rateLimitBuckets').select(['count', 'resetAt']).where('key', '=', manageKey(userId)).executeTakeFirst();
  if (bucket && bucket.resetAt > nowMs && bucket.count >= TOTP.manageAttempts) throw tooManyRequests(twoFactorTexts.tooManyCodes);
}
const manageKey = (userId: number) => `totp-manage:${userId}`;
const wrongCode = async (db: DB, userId: number, nowMs: number) => {
  await incrementBucket(db, manageKey(userId), MANAGE_WINDOW_MS, nowMs);
  return badRequest(twoFactorTexts.codeInvalid);
};

/** Turns two-factor login on with a first app code; answers the recovery codes, shown this once. */
export async function enable({ db, clock, config }: Deps, userId: number, code: string): Promise<string[]> {
  const now = clock.now();
  await refuseWhileTooManyWrongCodes(db, userId, now.getTime());
  const row = await totpRepository.find(db, userId);
  if (!row) throw conflict(twoFactorTexts.notSetUp);
  if (row.enabledAt) throw conflict(twoFactorTexts.alreadyEnabled);
  const step = matchingStep(openTotpSecret(row.secret, config.totpEncryptionKey), code, now, row.lastStep);
  if (step === undefined) throw await wrongCode(db, userId, now.getTime());
  const recoveryCodes = Array.from({ length: TOTP.recoveryCodeCount }, newRecoveryCode);
  await db.transaction().execute(async (trx) => {
    if (!(await totpRepository.enable(trx, userId, now))) throw conflict(twoFactorTexts.alreadyEnabled);
    await recoveryCodesRepository.replaceAll(trx, userId, recoveryCodes, now);
  });
  return recoveryCodes;
}

/** Turns two-factor login off with an app code or a recovery code; the secret and codes are erased. */
export async function disable(deps: Deps, userId: number, code: string): Promise<void> {
  const { db, clock } = deps;
  const now = clock.now();
  await refuseWhileTooManyWrongCodes(db, userId, now.getTime());
  const row = await enabledTwoFactor(db, userId);
  if (!row) throw conflict(twoFactorTexts.notEnabled);
  if (!(await acceptSecondFactor(deps, row, code, now))) throw await wrongCode(db, userId, now.getTime());
  await db.transaction().execute(async (trx) => {
    await recoveryCodesRepository.removeAll(trx, userId);
    await totpRepository.remove(trx, userId);
  });
}
