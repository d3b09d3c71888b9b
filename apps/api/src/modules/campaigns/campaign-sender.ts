import { setTimeout } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { DB, DialectName } from '../../db/connection.ts';
import { minutes, type Clock } from '../../lib/clock.ts';
import type { Mailer } from '../../plugins/mailer.ts';
import { unsubscribeUrl } from '../newsletter/newsletter.service.ts';
import { newsletterHeaders } from '../newsletter/newsletter.service.ts';
import { markSubscriberBounced, receivingSubscribers } from '../newsletter/subscribers.ts';
import { personalize } from './campaign-mail.ts';
import { dropLeavers, finishCampaigns, SENDABLE, startDueCampaigns, writableReservations } from './campaigns.service.ts';
import { failureDetail, failureText, isPermanent, replyCode } from './smtp-failure.ts';

/** A temporary refusal (4xx, or no answer) is tried again after each of these; then the copy is failed. */
export const CAMPAIGN_RETRY_DELAYS_MS = [minutes(1), minutes(5), minutes(30), minutes(120), minutes(360)] as const;
/**
 * How long a server holds the rows it claimed. A batch is sent in parallel, each copy bounded by the SMTP
 * timeouts (30 s at worst), so a live server is done well before; a killed server's rows are free again
 * after it, so an interrupted send resumes within a minute.
 */
export const CAMPAIGN_CLAIM_MS = 60_000;
/** Rows claimed at once, sent in parallel. */
const BATCH = 10;
/**
 * After each batch the sender waits half the time the batch took, so that it uses at most two thirds of
 * the server and the site's visitors keep the rest: a 5,000-letter send, `GET /` under load beside it,
 * went from 62–65 % of its rate without a send to 71–75 % (SQLite; 65 % on PostgreSQL, which shares the
 * machine), at 297–305 messages per second instead of 405–419 (245–258 on PostgreSQL; docs/performance.md).
 */
const PAUSE_PER_BUSY = 0.5;
/** Key of the PostgreSQL advisory lock that makes "count the last minute, then claim" one step across servers. */
const RATE_LOCK_KEY = 240_024;
const WINDOW_MS = 60_000;

export interface CampaignSenderOptions {
  db: DB;
  dialect: DialectName;
  clock: Clock;
  transport: Mailer;
  log: FastifyBaseLogger;
  siteUrl: string;
  /** Copies per 60 s across servers; 0 for no limit. */
  ratePerMinute: number;
}

interface Claimed {
  id: number;
  campaignId: number;
  subscriberId: number | null;
  /** A thank-you's copy (campaign kind 'thanks'): the reservation of the people who came. */
  reservationId: number | null;
  email: string | null;
  attempts: number;
  unsubscribeToken: string | null;
}

export function createCampaignSender({ db, dialect, clock, transport, log, siteUrl, ratePerMinute }: CampaignSenderOptions) {
  /**
   * Takes up to BATCH due rows of sending campaigns, as few as the rate allows. Under one lock (an
   * advisory lock on PostgreSQL; SQLite writes one transaction at a time) it counts the copies of the
   * last 60 s (sent_at, written once the SMTP server accepted the copy) plus those in flight on any
   * server (claimed, lease running), and claims only what keeps that under the rate. Any 60 s window at
   * the receiver then holds at most the rate: the last copy claimed for it saw every other one either
   * sent less than 60 s before or still in flight. The claim itself repeats the "free" test in its WHERE,
   * as mail-queue.ts does, so that two servers never hold the same row, and asks, in the same
   * statement, that the subscriber still receives letters (receivingSubscribers): an address that left
   * since the letter started (unsubscribed, erased, bounced) is never claimed. A thank-you's copy is
   * transactional: it asks only that its reservation was not erased by the retention rule since. Rows of a sent letter are
   * claimed too: « Renvoyer aux échecs » puts some back to pending without touching the letter.
   */
  async function claim(now: Date): Promise<Claimed[]> {
    const nowIso = now.toISOString();
    return db.transaction().execute(async (trx) => {
      if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(${RATE_LOCK_KEY})`.execute(trx);
      let room = BATCH;
      if (ratePerMinute > 0) {
        const since = new Date(now.getTime() - WINDOW_MS).toISOString();
        const used = await trx
          .selectFrom('campaignRecipients')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .where((eb) => eb.or([eb('sentAt', '>', since), eb.and([eb('status', '=', 'pending'), eb('claimedUntil', '>', nowIso)])]))
          .executeTakeFirstOrThrow();
        room = Math.min(BATCH, ratePerMinute - Number(used.n));
      }
      if (room <= 0) return [];
      const due = trx
        .selectFrom('campaignRecipients')
        .select('campaignRecipients.id')
        .where('status', '=', 'pending')
        .where('nextAttemptAt', '<=', nowIso)
        .where((eb) => eb.or([eb('claimedUntil', 'is', null), eb('claimedUntil', '<=', nowIso)]))
        .where('campaignId', 'in', (eb) => eb.selectFrom('campaigns').select('campaigns.id').where('campaigns.status', 'in', SENDABLE))
        .where((eb) =>
          eb.or([
            eb('subscriberId', 'in', receivingSubscribers(trx as unknown as DB).select('newsletterSubscriptions.id')),
            eb('reservationId', 'in', writableReservations(trx as unknown as DB)),
          ]),
        )
        .orderBy('campaignRecipients.id')
        .limit(room);
      return trx
        .with((cte) => cte('due').materialized(), () => due)
        .updateTable('campaignRecipients')
        .set({ claimedUntil: new Date(now.getTime() + CAMPAIGN_CLAIM_MS).toISOString(), attempts: sql<number>`${sql.ref('attempts')} + 1` })
        .where('id', 'in', (eb) => eb.selectFrom('due').select('due.id'))
        .where('status', '=', 'pending')
        .where((eb) => eb.or([eb('claimedUntil', 'is', null), eb('claimedUntil', '<=', nowIso)]))
        .returning(['id', 'campaignId', 'subscriberId', 'reservationId', 'email', 'attempts', 'unsubscribeToken'])
        .execute();
    });
  }

  const letters = new Map<number, { subject: string; html: string; text: string; thanks: boolean }>();
  async function letterOf(campaignId: number) {
    let letter = letters.get(campaignId);
    if (!letter) {
      const row = await db.selectFrom('campaigns').select(['subject', 'html', 'text', 'kind']).where('id', '=', campaignId).executeTakeFirstOrThrow();
      letter = { subject: row.subject, html: row.html ?? '', text: row.text ?? '', thanks: row.kind === 'thanks' };
      letters.set(campaignId, letter);
    }
    return letter;
  }

  async function deliver(row: Claimed): Promise<boolean> {
    if (!row.email) return false; // erased between the claim and now (its row has no address any more)
    const letter = await letterOf(row.campaignId);
    const token = row.unsubscribeToken ?? '';
    const host = new URL(siteUrl).hostname;
    // A thank-you is transactional: the same letter for all, no unsubscribe link nor List-Unsubscribe header.
    const copy = letter.thanks ? letter : personalize(letter, unsubscribeUrl(siteUrl, token));
    const headers = letter.thanks
      ? { 'Message-ID': `<merci-${row.campaignId}-${row.reservationId}@${host}>` }
      : {
          ...newsletterHeaders(siteUrl, token),
          'Message-ID': `<campagne-${row.campaignId}-${row.subscriberId}@${host}>`,
          // Mailjet does not hand the Message-ID back in its events, but returns this header as
          // `CustomID` (dev.mailjet.com, « Event tracking »): the same name, so that a Mailjet bounce
          // counts for its letter (bounces.service.ts, campaignOfMessageId). Other relays ignore it.
          'X-MJ-CustomID': `campagne-${row.campaignId}-${row.subscriberId}`,
        };
    try {
      await transport.send({ to: row.email, subject: letter.subject, text: copy.text, html: copy.html, headers });
    } catch (err) {
      await recordFailure(row, err);
      return false;
    }
    // Only a row still ours is marked (a lease that ran out would have let another server take it).
    await db
      .updateTable('campaignRecipients')
      .set({ status: 'sent', sentAt: clock.now().toISOString(), claimedUntil: null, lastError: null, errorCode: null, unsubscribeToken: null })
      .where('id', '=', row.id)
      .execute();
    return true;
  }

  async function recordFailure(row: Claimed, err: unknown) {
    const now = clock.now();
    const errorCode = replyCode(err);
    const lastError = failureDetail(err);
    const permanent = isPermanent(errorCode);
    if (permanent || row.attempts > CAMPAIGN_RETRY_DELAYS_MS.length) {
      await db.updateTable('campaignRecipients').set({ status: 'failed', claimedUntil: null, lastError, errorCode }).where('id', '=', row.id).execute();
      // A 5xx: the address is refused for good; no letter goes to it until its owner confirms again.
      if (permanent && row.email) await markSubscriberBounced(db, row.email, { now, reason: failureText(errorCode) });
      log.warn({ campaignId: row.campaignId, code: errorCode, error: lastError }, 'lettre non distribuée');
      return;
    }
    const nextAttemptAt = new Date(now.getTime() + CAMPAIGN_RETRY_DELAYS_MS[row.attempts - 1]!).toISOString();
    await db.updateTable('campaignRecipients').set({ nextAttemptAt, claimedUntil: null, lastError, errorCode }).where('id', '=', row.id).execute();
    log.info({ campaignId: row.campaignId, code: errorCode, nextAttemptAt }, 'lettre refusée pour l’instant, nouvel essai prévu');
  }

  /** One round: starts due campaigns, sends while rows are due and the rate allows, closes finished ones. */
  async function runOnce(signal?: AbortSignal): Promise<number> {
    await startDueCampaigns(db, siteUrl, clock.now(), log);
    let sent = 0;
    while (!signal?.aborted) {
      const started = performance.now();
      const batch = await claim(clock.now());
      if (!batch.length) break;
      const results = await Promise.all(batch.map(deliver));
      sent += results.filter(Boolean).length;
      await setTimeout((performance.now() - started) * PAUSE_PER_BUSY);
    }
    await dropLeavers(db);
    await finishCampaigns(db, clock.now());
    return sent;
  }

  return { runOnce };
}
