import type { DB } from '../../db/connection.ts';

export interface NewTokens {
  confirmTokenHash: string;
  unsubscribeTokenHash: string;
}

export const newsletterRepository = {
  /**
   * Stores an address once, pending until confirmed. ON CONFLICT DO NOTHING (rather than
   * read-then-insert) keeps two simultaneous sign-ups of the same address from failing on the unique
   * constraint. Returns true when the address was new.
   */
  async subscribe(db: DB, email: string, createdAt: string, tokens: NewTokens): Promise<boolean> {
    const rows = await db
      .insertInto('newsletterSubscriptions')
      .values({ email, createdAt, confirmedAt: null, ...tokens })
      .onConflict((oc) => oc.column('email').doNothing())
      .returning('id')
      .execute();
    return rows.length > 0;
  },

  /**
   * A new sign-up of a pending address: new links (the old tokens were only kept hashed, so they cannot
   * be mailed again) and a new start for the retention delay. Confirmed addresses are left alone, unless
   * bounced: a campaign copy was refused for good, and the new confirmation clears it.
   * Returns true when the address was pending (or bounced).
   */
  async renewPending(db: DB, email: string, createdAt: string, tokens: NewTokens): Promise<boolean> {
    const result = await db
      .updateTable('newsletterSubscriptions')
      .set({ createdAt, ...tokens })
      .where('email', '=', email)
      .where((eb) => eb.or([eb('confirmedAt', 'is', null), eb('bouncedAt', 'is not', null)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  /** Confirms the address whose link holds this token; a second click finds it confirmed already. */
  async confirm(db: DB, confirmTokenHash: string, now: string, pendingSince: string) {
    await db
      .updateTable('newsletterSubscriptions')
      .set({ confirmedAt: now, bouncedAt: null })
      .where('confirmTokenHash', '=', confirmTokenHash)
      .where((eb) => eb.or([eb('confirmedAt', 'is', null), eb('bouncedAt', 'is not', null)]))
      .where('createdAt', '>', pendingSince)
      .execute();
    return db.selectFrom('newsletterSubscriptions').select(['id', 'confirmedAt']).where('confirmTokenHash', '=', confirmTokenHash).where('confirmedAt', 'is not', null).where('bouncedAt', 'is', null).executeTakeFirst();
  },

  /**
   * The address whose link holds this token: the sign-up's own link, or the link of one of its campaign
   * copies (each copy has its own token). Its copies not sent yet are dropped with it.
   */
  async deleteByUnsubscribeToken(db: DB, unsubscribeTokenHash: string): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      const viaCampaign = await trx.selectFrom('campaignRecipients').select('subscriberId').where('unsubscribeTokenHash', '=', unsubscribeTokenHash).executeTakeFirst();
      const subscriber = await trx
        .selectFrom('newsletterSubscriptions')
        .select('id')
        .where((eb) => eb.or([eb('unsubscribeTokenHash', '=', unsubscribeTokenHash), ...(viaCampaign ? [eb('id', '=', viaCampaign.subscriberId)] : [])]))
        .executeTakeFirst();
      if (!subscriber) return false;
      await trx.deleteFrom('campaignRecipients').where('subscriberId', '=', subscriber.id).where('status', '=', 'pending').execute();
      await trx.deleteFrom('newsletterSubscriptions').where('id', '=', subscriber.id).execute();
      return true;
    });
  },

  async deleteById(db: DB, id: number): Promise<boolean> {
    const result = await db.deleteFrom('newsletterSubscriptions').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  },

  /** Erases sign-ups never confirmed and started before `before` (retention). Returns how many. */
  async deletePendingBefore(db: DB, before: string): Promise<number> {
    const result = await db.deleteFrom('newsletterSubscriptions').where('confirmedAt', 'is', null).where('createdAt', '<', before).executeTakeFirst();
    return Number(result.numDeletedRows);
  },

  /** The staff list: addresses and states, never the token hashes. */
  async listSubscribers(db: DB, { confirmedOnly = false } = {}) {
    return db
      .selectFrom('newsletterSubscriptions')
      .select(['id', 'email', 'createdAt', 'confirmedAt', 'bouncedAt'])
      .$if(confirmedOnly, (q) => q.where('confirmedAt', 'is not', null).where('bouncedAt', 'is', null))
      .orderBy('id')
      .execute();
  },

  async findAll(db: DB) {
    return db.selectFrom('newsletterSubscriptions').selectAll().orderBy('id').execute();
  },
};
