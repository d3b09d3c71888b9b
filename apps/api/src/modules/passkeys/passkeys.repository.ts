import type { Passkey } from '@bande/shared';
import type { DB } from '../../db/connection.ts';

export type Ceremony = 'registration' | 'authentication';

/** The account's passkeys as listed (never the key material). */
const LISTED = ['id', 'name', 'createdAt', 'lastUsedAt'] as const;

export const passkeysRepository = {
  listOfUser(db: DB, userId: number): Promise<Passkey[]> {
    return db.selectFrom('adminPasskeys').select(LISTED).where('userId', '=', userId).orderBy('id').execute();
  },

  credentialsOfUser(db: DB, userId: number) {
    return db.selectFrom('adminPasskeys').select(['credentialId', 'transports']).where('userId', '=', userId).execute();
  },

  countOfUser(db: DB, userId: number) {
    return db
      .selectFrom('adminPasskeys')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('userId', '=', userId)
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.n));
  },

  /** A credential with its account, for a login. */
  findByCredentialId(db: DB, credentialId: string) {
    return db
      .selectFrom('adminPasskeys')
      .innerJoin('adminUsers', 'adminUsers.id', 'adminPasskeys.userId')
      .select(['adminPasskeys.id', 'adminPasskeys.userId', 'adminPasskeys.credentialId', 'adminPasskeys.publicKey', 'adminPasskeys.counter', 'adminPasskeys.transports', 'adminPasskeys.name', 'adminPasskeys.lastUsedAt', 'adminUsers.email', 'adminUsers.role'])
      .where('adminPasskeys.credentialId', '=', credentialId)
      .executeTakeFirst();
  },

  /** Inserts unless the credential is known already (then undefined). */
  async insert(db: DB, row: { userId: number; credentialId: string; publicKey: string; counter: number; transports: string; name: string; createdAt: string }) {
    return db
      .insertInto('adminPasskeys')
      .values({ ...row, lastUsedAt: null })
      .onConflict((oc) => oc.column('credentialId').doNothing())
      .returning(LISTED)
      .executeTakeFirst();
  },

  /**
   * Records a use and its new counter in one statement that also checks the counter went forward
   * (or that the authenticator keeps none: 0 and 0), so two logins racing with one assertion cannot
   * both pass: false when the row was not updated.
   */
  async recordUse(db: DB, id: number, previousCounter: number, newCounter: number, now: Date): Promise<boolean> {
    const result = await db
      .updateTable('adminPasskeys')
      .set({ counter: newCounter, lastUsedAt: now.toISOString() })
      .where('id', '=', id)
      .where('counter', '=', previousCounter)
      .where((eb) => (newCounter === 0 ? eb('counter', '=', 0) : eb('counter', '<', newCounter)))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** Deletes one passkey of the account; its name when it existed. */
  async deleteOfUser(db: DB, userId: number, id: number) {
    const row = await db.deleteFrom('adminPasskeys').where('id', '=', id).where('userId', '=', userId).returning('name').executeTakeFirst();
    return row?.name;
  },

  async deleteAllOfUser(db: DB, userId: number): Promise<number> {
    const result = await db.deleteFrom('adminPasskeys').where('userId', '=', userId).executeTakeFirst();
    return Number(result.numDeletedRows);
  },
};

export const challengesRepository = {
  async insert(db: DB, row: { challenge: string; ceremony: Ceremony; userId: number | null; sessionId: number | null; expiresAt: string; createdAt: string }) {
    await db.insertInto('passkeyChallenges').values(row).execute();
  },

  /**
   * Takes a live challenge of this ceremony (and, for a registration, of this account and session) in
   * one statement: deleted as it is read, so that it serves once even when two servers race.
   */
  async take(db: DB, challenge: string, ceremony: Ceremony, now: Date, owner?: { userId: number; sessionId: number }): Promise<boolean> {
    let query = db
      .deleteFrom('passkeyChallenges')
      .where('challenge', '=', challenge)
      .where('ceremony', '=', ceremony)
      .where('expiresAt', '>', now.toISOString());
    if (owner) query = query.where('userId', '=', owner.userId).where('sessionId', '=', owner.sessionId);
    const rows = await query.returning('challenge').execute();
    return rows.length === 1;
  },

  deleteExpired(db: DB, now: Date) {
    return db.deleteFrom('passkeyChallenges').where('expiresAt', '<=', now.toISOString()).execute();
  },
};
