import type { DB } from '../../db/connection.ts';
import { bounceSubscriber, eraseSubscriber as eraseFromList } from '../newsletter/subscribers.ts';

/*
 * The only two places where a relay's report changes a subscriber: both are the newsletter list's own
 * ways out (modules/newsletter/subscribers.ts, issue 34), so that a report does exactly what a refusal at
 * the time of sending or the site's unsubscribe link does.
 */

/**
 * An address refused for good: out of every later send until its owner subscribes and confirms again
 * (`bounced`, shown « adresse refusée » in « Abonnés »). Its copies not sent yet, in a letter going out
 * now, are failed with `reason` rather than sent to an address known dead.
 */
export async function markBounced(db: DB, subscriberId: number, now: Date, reason: string): Promise<void> {
  await bounceSubscriber(db, subscriberId, now, reason);
}

/**
 * The person unsubscribed through the relay's own link, or reported the letter as spam: as with the
 * site's unsubscribe link, the address is erased, its unsent copies dropped, and its past copies keep
 * only their counts.
 */
export async function eraseSubscriber(db: DB, subscriberId: number, now: Date): Promise<void> {
  await db.transaction().execute((trx) => eraseFromList(trx, subscriberId, { unsubscribedAt: now.toISOString() }));
}
