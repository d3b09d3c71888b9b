import { campaignTexts, newsletterTexts } from '@bande/shared';
import type { DB } from '../../db/connection.ts';

/**
 * Who may receive a letter, and how an address leaves (issue 34). Every campaign send, retry, scheduled
 * letter and test copy asks `receivingSubscribers` at the moment it sends, so that an address that left
 * between two sends, or during one, gets nothing more:
 * - unsubscribed (link or RFC 8058 one-click) and erased by staff: the row is gone (`eraseSubscriber`);
 * - refused for good (SMTP 5xx at the send, a hard bounce later, or SOFT_BOUNCE_LIMIT soft ones):
 *   `bounced_at` is set (`markSubscriberBounced`); a new sign-up confirmed by its owner clears it;
 * - never confirmed: not yet a reader.
 */
export function receivingSubscribers(db: DB) {
  return db.selectFrom('newsletterSubscriptions').where('confirmedAt', 'is not', null).where('bouncedAt', 'is', null);
}

/**
 * The test copy's address: anyone the list does not know (the staff's own address), but not an address
 * the list knows and would not send to (refused for good, or not confirmed).
 */
export async function mayReceiveTest(db: DB, email: string): Promise<boolean> {
  const known = await db.selectFrom('newsletterSubscriptions').select('id').where('email', '=', email.toLowerCase()).executeTakeFirst();
  if (!known) return true;
  return Boolean(await receivingSubscribers(db).select('id').where('id', '=', known.id).executeTakeFirst());
}

/** Soft bounces (mailbox full, server busy...) reported after sends before the address counts as refused for good. */
export const SOFT_BOUNCE_LIMIT = 3;

export type BounceOutcome = 'bounced' | 'counted' | 'unknown';

/**
 * Refused for good: the subscriber is `bounced` (out of every later send until a new confirmation) and
 * its copies not sent yet, in a letter going out now, are failed with `reason` rather than sent to an
 * address known dead. Idempotent; the first date stays. Used by the sender (SMTP 5xx) and by the bounce
 * reports (modules/bounces/subscriber-exit.ts).
 */
export async function bounceSubscriber(db: DB, id: number, now: Date, reason: string = campaignTexts.bouncedLater): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('newsletterSubscriptions')
      .set((eb) => ({ bouncedAt: eb.fn.coalesce('bouncedAt', eb.val(now.toISOString())) }))
      .where('id', '=', id)
      .execute();
    await trx.updateTable('campaignRecipients').set({ status: 'failed', claimedUntil: null, lastError: reason, errorCode: null }).where('subscriberId', '=', id).where('status', '=', 'pending').execute();
  });
}

/**
 * A bounce for this address: permanent (SMTP 5xx, a hard bounce) marks it `bounced` at once; a soft one
 * counts (`soft_bounces`), and the SOFT_BOUNCE_LIMIT-th marks it `bounced`. Answers 'unknown' for an
 * address not on the list (unsubscribed or erased since: nothing is kept about it), 'counted' for a soft
 * bounce under the limit. The relays' reports (modules/bounces) keep their own soft count, per message
 * over 30 days, and call bounceSubscriber at their threshold.
 */
export async function markSubscriberBounced(db: DB, email: string, { permanent, now = new Date(), reason }: { permanent: boolean; now?: Date; reason?: string }): Promise<BounceOutcome> {
  const address = email.trim().toLowerCase();
  const found = await db
    .updateTable('newsletterSubscriptions')
    .set((eb) => ({ softBounces: permanent ? eb.ref('softBounces') : eb('softBounces', '+', 1) }))
    .where('email', '=', address)
    .returning(['id', 'softBounces'])
    .executeTakeFirst();
  if (!found) return 'unknown';
  if (!permanent && found.softBounces < SOFT_BOUNCE_LIMIT) return 'counted';
  await bounceSubscriber(db, found.id, now, reason);
  return 'bounced';
}

/**
 * Erases a subscriber (unsubscribe or staff): its copies not sent yet go, and the rows of its past copies
 * keep only their status, for the letters' counts: no address, no subscriber, no error text (SMTP
 * errors often quote the address), no link; its confirmation mails leave the mail queue. Call it inside
 * a transaction.
 */
export async function eraseSubscriber(trx: DB, id: number): Promise<boolean> {
  const subscriber = await trx.selectFrom('newsletterSubscriptions').select('email').where('id', '=', id).executeTakeFirst();
  if (!subscriber) return false;
  // Its confirmation mails in the outgoing queue (sent ones are kept a few days with their address).
  await trx.deleteFrom('mailQueue').where('recipient', '=', subscriber.email).where('subject', '=', newsletterTexts.confirmMailSubject).execute();
  await trx.deleteFrom('campaignRecipients').where('subscriberId', '=', id).where('status', '=', 'pending').execute();
  await trx
    .updateTable('campaignRecipients')
    .set({ subscriberId: null, email: null, lastError: null, unsubscribeToken: null, unsubscribeTokenHash: null })
    .where('subscriberId', '=', id)
    .execute();
  const result = await trx.deleteFrom('newsletterSubscriptions').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
