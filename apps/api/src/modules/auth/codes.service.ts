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

/**
 * Creates a code for a user and answers it raw, to be mailed and forgotten. Earlier live codes of the
 * same purpose keep working until they expire, are used or are burnt: otherwise anyone could void the
 * code the owner just received by asking for another one (the requests need no secret). Dead codes
 * of the account are swept here.
 */
export async function issueCode(db: DB, userId: number, purpose: CodePurpose, now: Date): Promise<string> {
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
      })
      .execute();
  });
  return code;
}

function liveCodes(db: Executor, purpose: CodePurpose, now: Date, userId?: number) {
  let query = db
    .selectFrom('oneTimeCodes')
    .select(['id', 'userId', 'codeHash', 'purpose'])
    .where('purpose', 'in', ACCEPTED[purpose])
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now.toISOString())
    .where('attempts', '<', AUTH.maxCodeAttempts);
  if (userId !== undefined) query = query.where('userId', '=', userId);
  return query.execute();
}

/** Counts one wrong guess against every live code concerned (a reset's: invitation codes too); the last allowed guess burns them. */
export async function countWrongGuess(db: Executor, purpose: CodePurpose, now: Date, userId?: number): Promise<void> {
  const ids = (await liveCodes(db, purpose, now, userId)).map((c) => c.id);
  if (ids.length === 0) return;
  await db
    .updateTable('oneTimeCodes')
    .set({ attempts: sql<number>`${sql.ref('attempts')} + 1` })
    .where('id', 'in', ids)
    .execute();
}

/**
 * Uses a code: answers the owner's id when it is live and right (and marks it used, once, even under
 * concurrent requests), else counts a wrong guess and answers undefined.
 */
export async function consumeCode(
  db: Executor,
  purpose: CodePurpose,
  code: string,
  now: Date,
  userId?: number,
): Promise<number | undefined> {
  const match = (await liveCodes(db, purpose, now, userId)).find((c) => sameHash(c.codeHash, hashCode(c.purpose, code)));
  if (!match) {
    await countWrongGuess(db, purpose, now, userId);
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
