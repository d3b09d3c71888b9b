import crypto from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import { AUTH } from '@bande/shared';
import type { DB } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';
import { hashToken } from '../../lib/token-hash.ts';

type Executor = DB | Transaction<Database>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Emails are compared without case or surrounding spaces: 'Admin@Example.org ' is the same account. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export const adminUsersRepository = {
  findByEmail(db: Executor, email: string) {
    return db.selectFrom('adminUsers').selectAll().where('email', '=', normalizeEmail(email)).executeTakeFirst();
  },

  findById(db: Executor, id: number) {
    return db.selectFrom('adminUsers').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** The account that receives reset codes: the configured ADMIN_EMAIL one, else the oldest. */
  async findPrimary(db: Executor, configuredEmail: string | undefined) {
    if (configuredEmail) {
      const configured = await adminUsersRepository.findByEmail(db, configuredEmail);
      if (configured) return configured;
    }
    return db.selectFrom('adminUsers').selectAll().orderBy('id').limit(1).executeTakeFirst();
  },

  count(db: Executor) {
    return db
      .selectFrom('adminUsers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.n));
  },

  /** Inserts unless the email is taken (two servers starting at once): true when this call created it. */
  async insertIfAbsent(db: Executor, email: string, passwordHash: string, now: Date) {
    const iso = now.toISOString();
    const rows = await db
      .insertInto('adminUsers')
      .values({ email: normalizeEmail(email), passwordHash, lockedUntil: null, createdAt: iso, updatedAt: iso })
      .onConflict((oc) => oc.column('email').doNothing())
      .returning('id')
      .execute();
    return rows.length > 0;
  },

  /**
   * Counts one failed login in one statement (safe with concurrent requests); the failure that reaches
   * the maximum also sets the end of the lock. Requests that read the account before it locked (a burst
   * of wrong passwords) still land here: they neither count beyond the maximum nor push the lock's end,
   * so a burst leaves the account exactly as the same failures sent in turn.
   */
  recordFailure(db: Executor, id: number, now: Date) {
    const lockedUntil = new Date(now.getTime() + AUTH.lockMinutes * 60_000).toISOString();
    const attempts = sql.ref('failedAttempts');
    const currentLock = sql.ref('lockedUntil');
    return db
      .updateTable('adminUsers')
      .set({
        failedAttempts: sql<number>`CASE WHEN ${attempts} >= ${AUTH.maxFailedAttempts} THEN ${attempts} ELSE ${attempts} + 1 END`,
        lockedUntil: sql<string | null>`CASE WHEN ${currentLock} > ${now.toISOString()} THEN ${currentLock} WHEN ${attempts} + 1 >= ${AUTH.maxFailedAttempts} THEN ${lockedUntil} ELSE NULL END`,
        updatedAt: now.toISOString(),
      })
      .where('id', '=', id)
      .returning(['failedAttempts', 'lockedUntil'])
      .executeTakeFirstOrThrow();
  },

  clearFailures(db: Executor, id: number, now: Date) {
    return db
      .updateTable('adminUsers')
      .set({ failedAttempts: 0, lockedUntil: null, updatedAt: now.toISOString() })
      .where('id', '=', id)
      .execute();
  },

  setPassword(db: Executor, id: number, passwordHash: string, now: Date) {
    return db
      .updateTable('adminUsers')
      .set({ passwordHash, failedAttempts: 0, lockedUntil: null, updatedAt: now.toISOString() })
      .where('id', '=', id)
      .execute();
  },
};

export const sessionsRepository = {
  /** Opens a session: the raw token goes to the client once; only its SHA-256 is stored. */
  async create(db: Executor, userId: number, now: Date): Promise<string> {
    const token = crypto.randomBytes(32).toString('base64url');
    await db
      .insertInto('adminSessions')
      .values({
        userId,
        tokenHash: hashToken(token),
        expiresAt: new Date(now.getTime() + AUTH.sessionDays * DAY_MS).toISOString(),
        createdAt: now.toISOString(),
      })
      .execute();
    return token;
  },

  /** The unexpired session of a token's SHA-256, with its account: the only read of sessions (the auth guard's). */
  findActive(db: Executor, tokenHash: string, now: Date) {
    return db
      .selectFrom('adminSessions')
      .innerJoin('adminUsers', 'adminUsers.id', 'adminSessions.userId')
      .select(['adminSessions.id as sessionId', 'adminUsers.id', 'adminUsers.email', 'adminUsers.role'])
      .where('adminSessions.tokenHash', '=', tokenHash)
      .where('adminSessions.expiresAt', '>', now.toISOString())
      .executeTakeFirst();
  },

  deleteExpired(db: Executor, userId: number, now: Date) {
    return db.deleteFrom('adminSessions').where('userId', '=', userId).where('expiresAt', '<=', now.toISOString()).execute();
  },

  delete(db: Executor, sessionId: number) {
    return db.deleteFrom('adminSessions').where('id', '=', sessionId).execute();
  },

  deleteAllOfUser(db: Executor, userId: number) {
    return db.deleteFrom('adminSessions').where('userId', '=', userId).execute();
  },
};
