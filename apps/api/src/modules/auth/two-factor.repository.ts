import crypto from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { DB } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';

type Executor = DB | Transaction<Database>;

/** Recovery codes are high-entropy random strings: a plain SHA-256 is enough to keep them unusable if read. */
export const hashRecoveryCode = (code: string) => crypto.createHash('sha256').update(code.replace(/-/g, '')).digest('hex');

export const totpRepository = {
  find(db: Executor, userId: number) {
    return db.selectFrom('adminTotp').selectAll().where('userId', '=', userId).executeTakeFirst();
  },

  /**
   * Stores a new setup, replacing one not yet enabled; an enabled one is left alone (the answer is
   * then false). One statement, so that two setups at once cannot overwrite an enabled secret.
   */
  async saveSetup(db: Executor, userId: number, secret: string, now: Date): Promise<boolean> {
    const rows = await db
      .insertInto('adminTotp')
      .values({ userId, secret, enabledAt: null, lastStep: null, createdAt: now.toISOString() })
      .onConflict((oc) =>
        oc
          .column('userId')
          .doUpdateSet({ secret, lastStep: null, createdAt: now.toISOString() })
          .where('adminTotp.enabledAt', 'is', null),
      )
      .returning('userId')
      .execute();
    return rows.length > 0;
  },

  /**
   * Turns a pending setup on: false when it was enabled meanwhile. The step of the code that proved
   * the app is not spent for login: that code was typed by someone already logged in, and the login
   * that usually follows at once (same 30 s) must not be refused as a replay. A login code is spent.
   */
  async enable(db: Executor, userId: number, now: Date): Promise<boolean> {
    const result = await db
      .updateTable('adminTotp')
      .set({ enabledAt: now.toISOString(), lastStep: null })
      .where('userId', '=', userId)
      .where('enabledAt', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  /**
   * Records `step` as the last accepted one unless it is not after it: the compare and the write are
   * one statement, so the same code sent twice at once (two servers) is accepted once.
   */
  async acceptStep(db: Executor, userId: number, step: number): Promise<boolean> {
    const lastStep = sql.ref('lastStep');
    const result = await db
      .updateTable('adminTotp')
      .set({ lastStep: step })
      .where('userId', '=', userId)
      .where('enabledAt', 'is not', null)
      .where(sql<boolean>`(${lastStep} IS NULL OR ${lastStep} < ${step})`)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  remove(db: Executor, userId: number) {
    return db.deleteFrom('adminTotp').where('userId', '=', userId).execute();
  },

  enabledUserIds(db: Executor) {
    return db.selectFrom('adminTotp').select('userId').where('enabledAt', 'is not', null).execute();
  },
};

export const recoveryCodesRepository = {
  async replaceAll(db: Executor, userId: number, codes: string[], now: Date) {
    await db.deleteFrom('adminRecoveryCodes').where('userId', '=', userId).execute();
    await db
      .insertInto('adminRecoveryCodes')
      .values(codes.map((code) => ({ userId, codeHash: hashRecoveryCode(code), usedAt: null, createdAt: now.toISOString() })))
      .execute();
  },

  /** Marks the code used if it is one of the account's unused ones; true only for the request that did. */
  async consume(db: Executor, userId: number, code: string, now: Date): Promise<boolean> {
    const result = await db
      .updateTable('adminRecoveryCodes')
      .set({ usedAt: now.toISOString() })
      .where('userId', '=', userId)
      .where('codeHash', '=', hashRecoveryCode(code))
      .where('usedAt', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  countUnused(db: Executor, userId: number) {
    return db
      .selectFrom('adminRecoveryCodes')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('userId', '=', userId)
      .where('usedAt', 'is', null)
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.n));
  },

  removeAll(db: Executor, userId: number) {
    return db.deleteFrom('adminRecoveryCodes').where('userId', '=', userId).execute();
  },
};
