import type { DB } from '../../db/connection.ts';
import { subscriberStatus } from '@bande/shared';
import { eraseSubscriber, leaverHash, receivingSubscribers } from './subscribers.ts';

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

  /**
   * Confirms the address whose link holds this token; a second click finds it confirmed already.
   * `confirmedNow` says whether this click did it (the welcome mail goes once). The owner's own click
   * lifts the opposition list's entry for the address, if it had left before.
   */
  async confirm(db: DB, confirmTokenHash: string, now: string, pendingSince: string) {
    return db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('newsletterSubscriptions')
        .set({ confirmedAt: now, bouncedAt: null })
        .where('confirmTokenHash', '=', confirmTokenHash)
        .where((eb) => eb.or([eb('confirmedAt', 'is', null), eb('bouncedAt', 'is not', null)]))
        .where('createdAt', '>', pendingSince)
        .returning(['id', 'email', 'unsubscribeTokenHash'])
        .executeTakeFirst();
      if (updated) await trx.deleteFrom('newsletterSuppressions').where('emailHash', '=', leaverHash(updated.email)).execute();
      const row = await trx
        .selectFrom('newsletterSubscriptions')
        .select(['id', 'email', 'confirmedAt'])
        .where('confirmTokenHash', '=', confirmTokenHash)
        .where('confirmedAt', 'is not', null)
        .where('bouncedAt', 'is', null)
        .executeTakeFirst();
      return row && { ...row, confirmedNow: Boolean(updated) };
    });
  },

  /**
   * The address whose link holds this token: the sign-up's own link, or the link of one of its campaign
   * copies (each copy has its own token). It is erased with every trace in the letters but the counts.
   */
  async deleteByUnsubscribeToken(db: DB, unsubscribeTokenHash: string, now: string): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      const viaCampaign = await trx.selectFrom('campaignRecipients').select('subscriberId').where('unsubscribeTokenHash', '=', unsubscribeTokenHash).executeTakeFirst();
      const subscriber = await trx
        .selectFrom('newsletterSubscriptions')
        .select('id')
        .where((eb) => eb.or([eb('unsubscribeTokenHash', '=', unsubscribeTokenHash), ...(viaCampaign?.subscriberId ? [eb('id', '=', viaCampaign.subscriberId)] : [])]))
        .executeTakeFirst();
      return subscriber ? eraseSubscriber(trx, subscriber.id, { unsubscribedAt: now }) : false;
    });
  },

  /** Erasure by staff: the same as an unsubscribe. */
  async deleteById(db: DB, id: number): Promise<boolean> {
    return db.transaction().execute((trx) => eraseSubscriber(trx, id));
  },

  /** Erases sign-ups never confirmed and started before `before` (retention). Returns how many. */
  async deletePendingBefore(db: DB, before: string): Promise<number> {
    const result = await db.deleteFrom('newsletterSubscriptions').where('confirmedAt', 'is', null).where('createdAt', '<', before).executeTakeFirst();
    return Number(result.numDeletedRows);
  },

  /** The staff list: addresses and states (pending, confirmed, bounced), never the token hashes. */
  async listSubscribers(db: DB, { confirmedOnly = false } = {}) {
    const rows = await (confirmedOnly ? receivingSubscribers(db) : db.selectFrom('newsletterSubscriptions'))
      .select(['id', 'email', 'createdAt', 'confirmedAt', 'bouncedAt'])
      .orderBy('id')
      .execute();
    return rows.map((r) => ({ ...r, status: subscriberStatus(r) }));
  },

  async findAll(db: DB) {
    return db.selectFrom('newsletterSubscriptions').selectAll().orderBy('id').execute();
  },
};
