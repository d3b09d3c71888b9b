import type { DB } from '../../db/connection.ts';

export const newsletterRepository = {
  /**
   * Stores an address once. ON CONFLICT DO NOTHING (rather than read-then-insert) keeps two
   * simultaneous sign-ups of the same address from failing on the unique constraint.
   * Returns true when the address was new.
   */
  async subscribe(db: DB, email: string, createdAt: string): Promise<boolean> {
    const rows = await db
      .insertInto('newsletterSubscriptions')
      .values({ email, createdAt })
      .onConflict((oc) => oc.column('email').doNothing())
      .returning('id')
      .execute();
    return rows.length > 0;
  },

  async findAll(db: DB) {
    return db.selectFrom('newsletterSubscriptions').selectAll().orderBy('id').execute();
  },
};
