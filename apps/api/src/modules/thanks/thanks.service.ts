import { scheduleInstant, thanksTexts, type ThanksInput, type ThanksState } from '@bande/shared';
import type { DB } from '../../db/connection.ts';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import { LetterRenderError, letterProblem, renderCampaign } from '../campaigns/campaign-mail.ts';
import { statsOf, writableReservations } from '../campaigns/campaigns.service.ts';

/**
 * « Remercier les spectateurs » (issue 32). The thank-you is a campaign of kind 'thanks' for one
 * performance (unique): its recipients are frozen when it is written, then the campaign sender sends it
 * like a letter (NEWSLETTER_RATE_PER_MINUTE, row leases, exactly once across servers and restarts).
 */

/**
 * The people who came and can be written to: checked in at the door (a party arrived in part counts),
 * still confirmed, with an address, not erased by the retention rule. Walk-ins have no address. One
 * mail per address (a family booking twice from one address gets one), the oldest reservation named.
 */
async function arrivals(db: DB, performanceId: number) {
  const rows = await db
    .selectFrom('reservations')
    .select(['id', 'email'])
    .where('performanceId', '=', performanceId)
    .where('status', '=', 'confirmed')
    .where('checkedInAt', 'is not', null)
    .where((eb) => eb.or([eb('checkedInSeats', 'is', null), eb('checkedInSeats', '>', 0)]))
    .where('id', 'in', writableReservations(db))
    .orderBy('id')
    .execute();
  const seen = new Set<string>();
  return rows.filter((row) => {
    const key = row.email!.trim().toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

async function performanceOf(db: DB, performanceId: number) {
  const row = await db
    .selectFrom('performances')
    .innerJoin('shows', 'shows.id', 'performances.showId')
    .select(['performances.id', 'performances.date', 'shows.name'])
    .where('performances.id', '=', performanceId)
    .executeTakeFirst();
  if (!row) throw notFound(thanksTexts.notFound);
  return row;
}

const INSERT_CHUNK = 500;

const hasStarted = (date: string, now: Date) => scheduleInstant(date) <= now.getTime();

export async function thanksState(db: DB, performanceId: number, now: Date): Promise<ThanksState> {
  const performance = await performanceOf(db, performanceId);
  const campaign = await db.selectFrom('campaigns').select(['id', 'startedAt']).where('kind', '=', 'thanks').where('performanceId', '=', performanceId).executeTakeFirst();
  const stats = campaign ? (await statsOf(db, [campaign.id])).get(campaign.id)! : null;
  return {
    started: hasStarted(performance.date, now),
    recipients: (await arrivals(db, performanceId)).length,
    defaults: { subject: thanksTexts.defaultSubject(performance.name), body: thanksTexts.defaultBody(performance.name, performance.date) },
    sent: campaign && stats ? { at: campaign.startedAt!, recipients: stats.recipients, delivered: stats.sent, pending: stats.pending, failed: stats.failed } : null,
  };
}

/**
 * Writes the thank-you: refused before the performance started and when one was written already (the
 * unique performance_id makes that hold for two requests at once, on two servers). The campaign and its
 * recipients are written in one transaction, already 'sending': the sender job takes them up.
 */
export async function sendThanks(db: DB, siteUrl: string, performanceId: number, input: ThanksInput, now: Date): Promise<ThanksState> {
  const performance = await performanceOf(db, performanceId);
  if (!hasStarted(performance.date, now)) throw conflict(thanksTexts.notStarted);
  const problem = await letterProblem(input.body, siteUrl);
  if (problem) throw badRequest(problem, { fields: { body: problem } });
  let letter;
  try {
    letter = await renderCampaign({ subject: input.subject, body: input.body, upcoming: [] }, siteUrl, { transactional: true });
  } catch (err) {
    if (err instanceof LetterRenderError) throw badRequest(err.message, { fields: { body: err.message } });
    throw err;
  }
  const nowIso = now.toISOString();
  const written = await db.transaction().execute(async (trx) => {
    const campaign = await trx
      .insertInto('campaigns')
      .values({ kind: 'thanks', performanceId, subject: input.subject, body: input.body, includeUpcoming: 0, status: 'sending', html: letter.html, text: letter.text, startedAt: nowIso, createdAt: nowIso, updatedAt: nowIso })
      .onConflict((oc) => oc.column('performanceId').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!campaign) return false;
    // Read in the same transaction as the campaign is written: the list frozen is the list counted.
    const people = await arrivals(trx as unknown as DB, performanceId);
    // Nobody to write to (yet: offline check-ins may still come): nothing is recorded, it can be sent later.
    if (!people.length) throw conflict(thanksTexts.nobody);
    for (let i = 0; i < people.length; i += INSERT_CHUNK) {
      await trx
        .insertInto('campaignRecipients')
        .values(people.slice(i, i + INSERT_CHUNK).map((p) => ({ campaignId: campaign.id, reservationId: p.id, subscriberId: null, email: p.email, status: 'pending' as const, nextAttemptAt: nowIso, unsubscribeToken: null, unsubscribeTokenHash: null })))
        .execute();
    }
    return true;
  });
  if (!written) throw conflict(thanksTexts.alreadySent);
  return thanksState(db, performanceId, now);
}
