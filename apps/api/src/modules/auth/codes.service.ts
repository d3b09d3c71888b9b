import crypto from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import { AUTH } from '@bande/shared';
import type { DB } from '../../db/connection.ts';
import type { Database, OneTimeCodesTable } from '../../db/schema.ts';

type Executor = DB | Transaction<Database>;
export type CodePurpose = OneTimeCodesTable['purpose'];

export const CODE_MINUTES: Record<CodePurpose, number> = {
  unlock: AUTH.unlockCodeMinutes,
  reset: AUTH.resetCodeMinutes,
  invite: AUTH.inviteCodeDays * 24 * 60,
};

/** The purposes a code asked for `purpose` may have: a reset also takes a live invitation code. */
const ACCEPTED: Record<CodePurpose, CodePurpose[]> = { unlock: ['unlock'], reset: ['reset', 'invite'], invite: ['invite'] };

/*
 * One-time codes are stored as a SHA-256 only: a plain hash is enough because a code lives a few
 * minutes (an invitation's a few days, among a handful of live ones), is single-use and is burnt after AUTH.maxCodeAttempts wrong guesses, whereas argon2 would
 * forbid looking a reset code up by its hash.
 */
const hashCode = (purpose: CodePurpose, code: string) => crypto.createHash('sha256').update(`${purpose}:${code}`).digest('hex');

const sameHash = (a: string, b: string) => a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Six random digits, leading zeros kept. */
export const generateCode = () => String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');

/*
 * Codes are bound to whoever asked (issue 33, docs/security.md « Codes bound to who asked »). A reset
 * or invitation code is only looked at together with its requester's key: 256 random bits held by the
 * browser that asked for a reset (an httpOnly cookie) or carried by the invitation mail's link. A guess
 * without the key is answered « invalid » without reading any code and counts against none, so a
 * stranger can neither void the owner's code nor try his luck on it. An unlock code is bound to the
 * account's password instead (login.service.ts): only the password holder's guesses reach it.
 */
const REQUESTER_KEY = /^[\w-]{43}$/;

/** A fresh requester key (32 random bytes, base64url). */
export const newRequesterKey = () => crypto.randomBytes(32).toString('base64url');

/** True for a string shaped like a requester key (anything else is ignored, never looked up). */
export const isRequesterKey = (value: unknown): value is string => typeof value === 'string' && REQUESTER_KEY.test(value);

const hashRequesterKey = (key: string) => crypto.createHash('sha256').update(`requester:${key}`).digest('hex');

/** Who may use a code: the account whose password was given (unlock), or the holder of requester keys. */
type CodeHolder = number | { requesterKeys: readonly string[] };

/**
 * Creates a code for a user and answers it raw, to be mailed and forgotten; `requesterKey` binds it
 * to whoever asked (required for reset and invitation codes). Earlier live codes of the same purpose
 * keep working until they expire, are used or are burnt: otherwise anyone could void the code the
 * owner just received by asking for another one (the requests need no secret). Dead codes of the
 * account are swept here.
 */
export async function issueCode(db: DB, userId: number, purpose: CodePurpose, now: Date, requesterKey?: string): Promise<string> {
  const code = generateCode();
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('oneTimeCodes')
      .where('userId', '=', userId)
      .where('purpose', '=', purpose)
      .where((eb) => eb.or([eb('usedAt', 'is not', null), eb('expiresAt', '<=', now.toISOString()), eb('attempts', '>=', AUTH.maxCodeAttempts)]))
      .execute();
    await trx
      .insertInto('oneTimeCodes')
      .values({
        userId,
        purpose,
        codeHash: hashCode(purpose, code),
        expiresAt: new Date(now.getTime() + CODE_MINUTES[purpose] * 60_000).toISOString(),
        usedAt: null,
        createdAt: now.toISOString(),
        requesterHash: requesterKey === undefined ? null : hashRequesterKey(requesterKey),
      })
      .execute();
  });
  return code;
}

async function liveCodes(db: Executor, purpose: CodePurpose, now: Date, holder: CodeHolder) {
  let query = db
    .selectFrom('oneTimeCodes')
    .select(['id', 'userId', 'codeHash', 'purpose'])
    .where('purpose', 'in', ACCEPTED[purpose])
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now.toISOString())
    .where('attempts', '<', AUTH.maxCodeAttempts);
  if (typeof holder === 'number') {
    query = query.where('userId', '=', holder);
  } else {
    const hashes = holder.requesterKeys.filter(isRequesterKey).map(hashRequesterKey);
    // No key, no code: nothing is read, nothing will be counted.
    if (hashes.length === 0) return [];
    query = query.where('requesterHash', 'in', hashes);
  }
  return query.execute();
}

/** Counts one wrong guess against the live codes its holder may use; the last allowed guess burns them. */
async function countWrongGuess(db: Executor, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('oneTimeCodes')
    .set({ attempts: sql<number>`${sql.ref('attempts')} + 1` })
    .where('id', 'in', ids)
    .execute();
}

/**
 * Uses a code: answers the owner's id when it is live, right and held by `holder` (and marks it used,
 * once, even under concurrent requests), else counts a wrong guess against the holder's own codes
 * only and answers undefined.
 */
export async function consumeCode(db: Executor, purpose: CodePurpose, code: string, now: Date, holder: CodeHolder): Promise<number | undefined> {
  const codes = await liveCodes(db, purpose, now, holder);
  const match = codes.find((c) => sameHash(c.codeHash, hashCode(c.purpose, code)));
  if (!match) {
    await countWrongGuess(
      db,
      codes.map((c) => c.id),
    );
    return undefined;
  }
  const used = await db
    .updateTable('oneTimeCodes')
    .set({ usedAt: now.toISOString() })
    .where('id', '=', match.id)
    .where('usedAt', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return used ? match.userId : undefined;
}
