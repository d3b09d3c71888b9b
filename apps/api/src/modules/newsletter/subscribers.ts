import { campaignTexts, newsletterTexts } from '@bande/shared';
import type { DB } from '../../db/connection.ts';
import { hashToken } from '../../lib/token-hash.ts';

/**
 * Who may receive a letter, and how an address leaves (issue 34). Every campaign send, retry, scheduled
 * letter and test copy asks `receivingSubscribers` at the moment it sends, so that an address that left
 * between two sends, or during one, gets nothing more:
 * - unsubscribed (link or RFC 8058 one-click) and erased by staff: the row is gone (`eraseSubscriber`);
 * - refused for good (SMTP 5xx at the send, a hard bounce later, or SOFT_BOUNCE_LIMIT soft ones counted
 *   in bounce_events): `bounced_at` is set (`bounceSubscriber`); a new sign-up confirmed by its owner clears it;
 * - an address that left by unsubscribe or erasure leaves its hash in the opposition list
 *   (newsletter_suppressions): the staff cannot add it again, only its owner can sign up again;
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

export type BounceOutcome = 'bounced' | 'unknown';

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
 * An address refused for good at the time of sending (SMTP 5xx): marked `bounced` at once. Answers
 * 'unknown' for an address not on the list (unsubscribed or erased since: nothing is kept about it).
 * Soft bounces are counted in one place only, bounce_events (modules/bounces: SOFT_BOUNCE_LIMIT reports
 * for different messages within 30 days), which calls bounceSubscriber at its threshold.
 */
export async function markSubscriberBounced(db: DB, email: string, { now = new Date(), reason }: { now?: Date; reason?: string } = {}): Promise<BounceOutcome> {
  const found = await db.selectFrom('newsletterSubscriptions').select('id').where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
  if (!found) return 'unknown';
  await bounceSubscriber(db, found.id, now, reason);
  return 'bounced';
}

/**
 * Erases a subscriber (unsubscribe or staff): its copies not sent yet go, and the rows of its past copies
 * keep only their status, for the letters' counts: no address, no subscriber, no error text (SMTP
 * errors often quote the address), no link; its confirmation mails leave the mail queue. The hash of
 * the address goes to the opposition list, so that the staff cannot add it back (only its owner's own
 * confirmed sign-up lifts it). `unsubscribedAt`, when the person left by themselves (a link, the relay),
 * is written on the past copies, which then count for their letter's unsubscribes within 7 days.
 * Call it inside a transaction.
 */
export async function eraseSubscriber(trx: DB, id: number, { unsubscribedAt }: { unsubscribedAt?: string } = {}): Promise<boolean> {
  const subscriber = await trx.selectFrom('newsletterSubscriptions').select('email').where('id', '=', id).executeTakeFirst();
  if (!subscriber) return false;
  // Its confirmation mails in the outgoing queue (sent ones are kept a few days with their address).
  await trx.deleteFrom('mailQueue').where('recipient', '=', subscriber.email).where('subject', '=', newsletterTexts.confirmMailSubject).execute();
  await trx.deleteFrom('campaignRecipients').where('subscriberId', '=', id).where('status', '=', 'pending').execute();
  await trx
    .updateTable('campaignRecipients')
    .set({ subscriberId: null, email: null, lastError: null, unsubscribeToken: null, unsubscribeTokenHash: null, ...(unsubscribedAt ? { unsubscribedAt } : {}) })
    .where('subscriberId', '=', id)
    .execute();
  const result = await trx.deleteFrom('newsletterSubscriptions').where('id', '=', id).executeTakeFirst();
  await trx
    .insertInto('newsletterSuppressions')
    .values({ emailHash: leaverHash(subscriber.email), createdAt: unsubscribedAt ?? new Date().toISOString() })
    .onConflict((oc) => oc.column('emailHash').doNothing())
    .execute();
  return Number(result.numDeletedRows) > 0;
}

/** How the opposition list names an address: the SHA-256 of its lower-cased form, never the address. */
export const leaverHash = (email: string) => hashToken(email.trim().toLowerCase());
