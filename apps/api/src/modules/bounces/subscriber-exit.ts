import type { DB } from '../../db/connection.ts';

/*
 * ─── INTEGRATION POINT (issue 34) ────────────────────────────────────────────────────────────────────
 * The only two places where a relay's report changes a subscriber. Branch h34-left adds the `bounced`
 * status and markSubscriberBounced(...) to the newsletter module, and owns how an address leaves the
 * list: when both land, these two bodies become calls to its functions. Until then they do what main
 * does for a refusal at the time of sending (campaign-sender.ts: `bounced_at`) and for the unsubscribe
 * link (newsletter.repository.ts: deleteByUnsubscribeToken).
 */

/**
 * An address refused for good: out of every later send until its owner subscribes and confirms again
 * (`bounced_at`, shown « adresse refusée (bounce) » in « Abonnés »). Its copies not sent yet, in a
 * letter going out now, are failed rather than sent to an address known dead.
 */
export async function markBounced(db: DB, subscriberId: number, now: Date, reason: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('newsletterSubscriptions').set({ bouncedAt: now.toISOString() }).where('id', '=', subscriberId).where('bouncedAt', 'is', null).execute();
    await trx
      .updateTable('campaignRecipients')
      .set({ status: 'failed', claimedUntil: null, lastError: reason })
      .where('subscriberId', '=', subscriberId)
      .where('status', '=', 'pending')
      .execute();
  });
}

/**
 * The person unsubscribed through the relay's own link, or reported the letter as spam: as with the
 * site's unsubscribe link, the address is erased and its unsent copies dropped.
 */
export async function eraseSubscriber(db: DB, subscriberId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('campaignRecipients').where('subscriberId', '=', subscriberId).where('status', '=', 'pending').execute();
    await trx.deleteFrom('newsletterSubscriptions').where('id', '=', subscriberId).execute();
  });
}
