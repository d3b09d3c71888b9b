import crypto from 'node:crypto';
import type { Selectable } from 'kysely';
import { campaignTexts, UNSUBSCRIBE_WINDOW_DAYS, type Campaign, type CampaignFailure, type CampaignStatusValue } from '@bande/shared';
import type { DB } from '../../db/connection.ts';
import type { CampaignsTable } from '../../db/schema.ts';
import { hashToken } from '../../lib/token-hash.ts';
import { bouncesByCampaign } from '../bounces/bounces.service.ts';
import { legalRepository } from '../legal/legal.repository.ts';
import { receivingSubscribers } from '../newsletter/subscribers.ts';
import { failureText, isPermanent } from './smtp-failure.ts';
import { bodyHtml, LetterRenderError, renderCampaign, upcomingPerformances, type RenderedCampaign, type UpcomingPerformance } from './campaign-mail.ts';

type Row = Selectable<CampaignsTable>;
type Stats = Campaign['stats'];

const emptyStats = (): Stats => ({ recipients: 0, sent: 0, failed: 0, pending: 0, bounced: 0, unsubscribed: 0 });
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Aggregate counts per campaign, never per reader (nothing tells who opened what): copies by state,
 * bounces reported after the send (bounce_events, through the copies' Message-ID or Mailjet CustomID),
 * and the copies whose reader unsubscribed within UNSUBSCRIBE_WINDOW_DAYS of receiving it (an erased
 * reader's row keeps only its status, sent_at and unsubscribed_at).
 */
export async function statsOf(db: DB, ids: number[]): Promise<Map<number, Stats>> {
  const stats = new Map<number, Stats>(ids.map((id) => [id, emptyStats()]));
  if (!ids.length) return stats;
  const rows = await db
    .selectFrom('campaignRecipients')
    .select(['campaignId', 'status', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('campaignId', 'in', ids)
    .groupBy(['campaignId', 'status'])
    .execute();
  for (const row of rows) {
    const s = stats.get(row.campaignId)!;
    const n = Number(row.count);
    s.recipients += n;
    s[row.status] += n;
  }
  for (const [id, n] of await bouncesByCampaign(db, ids)) stats.get(id)!.bounced = n;
  const left = await db
    .selectFrom('campaignRecipients')
    .select(['campaignId', 'sentAt', 'unsubscribedAt'])
    .where('campaignId', 'in', ids)
    .where('status', '=', 'sent')
    .where('unsubscribedAt', 'is not', null)
    .execute();
  for (const row of left) {
    const after = Date.parse(row.unsubscribedAt!) - Date.parse(row.sentAt ?? '');
    if (after >= 0 && after <= UNSUBSCRIBE_WINDOW_DAYS * DAY_MS) stats.get(row.campaignId)!.unsubscribed += 1;
  }
  return stats;
}

const toCampaign = (row: Row, stats: Stats): Campaign => ({
  id: row.id,
  subject: row.subject,
  body: row.body,
  includeUpcoming: row.includeUpcoming === 1,
  status: row.status,
  sendAt: row.sendAt,
  startedAt: row.startedAt,
  sentAt: row.sentAt,
  slug: row.slug,
  failureReason: row.failureReason,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
  stats,
});

/** « Lettres » knows the newsletters only: a performance's thank-you is read from « Réservations ». */
const NEWSLETTER = 'newsletter';

export async function listCampaigns(db: DB): Promise<Campaign[]> {
  const rows = await db.selectFrom('campaigns').selectAll().where('kind', '=', NEWSLETTER).orderBy('id', 'desc').execute();
  const stats = await statsOf(db, rows.map((r) => r.id));
  return rows.map((r) => toCampaign(r, stats.get(r.id)!));
}

export async function findCampaign(db: DB, id: number): Promise<Campaign | undefined> {
  const row = await db.selectFrom('campaigns').selectAll().where('id', '=', id).where('kind', '=', NEWSLETTER).executeTakeFirst();
  if (!row) return undefined;
  return toCampaign(row, (await statsOf(db, [id])).get(id)!);
}

/** The states whose pending rows the sender sends: a letter going out, or a sent one whose failures are retried. */
export const SENDABLE: CampaignStatusValue[] = ['sending', 'sent'];

/**
 * The failed copies of addresses still on the list (an erased or unsubscribed one has no address left in
 * its row), in French with the server's words as detail; the permanent ones are never retried.
 */
export async function failuresOf(db: DB, id: number): Promise<CampaignFailure[]> {
  const rows = await db
    .selectFrom('campaignRecipients')
    .select(['email', 'lastError', 'errorCode', 'subscriberId'])
    .where('campaignId', '=', id)
    .where('status', '=', 'failed')
    .where('email', 'is not', null)
    .orderBy('email')
    .execute();
  const receiving = new Set((await receivingSubscribers(db).select('id').where('id', 'in', [0, ...rows.map((r) => r.subscriberId ?? 0)]).execute()).map((r) => r.id));
  return rows.map((r) => {
    const stillReceiving = receiving.has(r.subscriberId ?? 0);
    // Without an SMTP code, a copy of an address refused since was failed by its bounce (the reason is the detail).
    const error = r.errorCode === null && !stillReceiving ? campaignTexts.bouncedLater : failureText(r.errorCode);
    return { email: r.email!, error, detail: r.lastError, temporary: !isPermanent(r.errorCode) && stillReceiving };
  });
}

/** THE retry's rows: failed temporarily (4xx or no answer), of a subscriber who still receives letters. */
function retryableRows(db: DB, id: number) {
  return db
    .selectFrom('campaignRecipients')
    .where('campaignId', '=', id)
    .where('status', '=', 'failed')
    .where((eb) => eb.or([eb('errorCode', 'is', null), eb('errorCode', '<', 500), eb('errorCode', '>=', 600)]))
    .where('subscriberId', 'in', receivingSubscribers(db).select('newsletterSubscriptions.id'));
}

export async function countRetryable(db: DB, id: number): Promise<number> {
  const row = await retryableRows(db, id).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countEligible(db: DB): Promise<number> {
  const row = await receivingSubscribers(db).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

const slugify = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60) || 'lettre';

/** A sent letter's archive address (/lettres/<slug>): its subject's words and its id, fixed when it starts. */
const letterSlug = (subject: string, id: number) => `${slugify(subject)}-${id}`;

/**
 * The letter as it is sent: Markdown rendered, upcoming performances read at this moment when asked for,
 * the footer from the legal details. `id`: the saved letter's, whose archive page its copies link to
 * (the slug it will get when it starts); without one (a preview not yet saved), the archive's list.
 */
export async function renderFor(
  db: DB,
  siteUrl: string,
  now: Date,
  content: { subject: string; body: string; includeUpcoming: boolean; id?: number },
): Promise<RenderedCampaign & { upcoming: UpcomingPerformance[] }> {
  const upcoming = content.includeUpcoming ? await upcomingPerformances(db, siteUrl, now) : [];
  const legal = await legalRepository(db).find();
  const frame = {
    archiveUrl: content.id === undefined ? `${siteUrl}/lettres` : `${siteUrl}/lettres/${letterSlug(content.subject, content.id)}`,
    association: { name: legal?.publisherName ?? '', address: legal?.publisherAddress ?? '', contact: legal?.publisherContact ?? '' },
  };
  return { ...(await renderCampaign({ subject: content.subject, body: content.body, upcoming, frame }, siteUrl)), upcoming };
}

const INSERT_CHUNK = 500;
/** A letter larger than this once rendered is not sent: no body the form accepts comes near it. */
export const RENDERED_MAX_BYTES = 5 * 1024 * 1024;

/** The letter of a due campaign, or the French reason it cannot be rendered (the error itself goes to the log). */
async function renderDue(db: DB, siteUrl: string, now: Date, campaign: Row, log?: { error: (obj: object, msg: string) => void }) {
  try {
    const letter = await renderFor(db, siteUrl, now, { subject: campaign.subject, body: campaign.body, includeUpcoming: campaign.includeUpcoming === 1, id: campaign.id });
    if (Buffer.byteLength(letter.html) + Buffer.byteLength(letter.text) > RENDERED_MAX_BYTES) return { failure: campaignTexts.renderTooLarge };
    return { letter };
  } catch (err) {
    if (err instanceof LetterRenderError) return { failure: err.message };
    log?.error({ err, campaignId: campaign.id }, 'lettre impossible à mettre en page');
    return { failure: campaignTexts.renderUnexpected };
  }
}

/**
 * Starts the campaigns whose time has come (status scheduled, send_at reached): renders the letter, then
 * in one transaction turns the campaign to 'sending' (only if it still is scheduled and due: of two
 * servers, one wins) and freezes its recipients, one row each with the address as it is now. A crash
 * leaves either both or neither. Answers the ids started.
 */
export async function startDueCampaigns(db: DB, siteUrl: string, now: Date, log?: { error: (obj: object, msg: string) => void }): Promise<number[]> {
  const nowIso = now.toISOString();
  const due = await db.selectFrom('campaigns').selectAll().where('kind', '=', NEWSLETTER).where('status', '=', 'scheduled').where('sendAt', '<=', nowIso).orderBy('id').execute();
  const started: number[] = [];
  for (const campaign of due) {
    // A letter that cannot be rendered fails alone, with its reason; the next ones start (issue 33).
    const { letter, failure } = await renderDue(db, siteUrl, now, campaign, log);
    if (!letter) {
      await db
        .updateTable('campaigns')
        .set({ status: 'failed', failureReason: campaignTexts.renderFailed + failure, updatedAt: nowIso })
        .where('id', '=', campaign.id)
        .where('status', '=', 'scheduled')
        .execute();
      continue;
    }
    const won = await db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('campaigns')
        .set({ status: 'sending', startedAt: nowIso, html: letter.html, text: letter.text, upcoming: JSON.stringify(letter.upcoming), slug: letterSlug(campaign.subject, campaign.id), updatedAt: nowIso })
        .where('id', '=', campaign.id)
        .where('status', '=', 'scheduled')
        .where('sendAt', '<=', nowIso)
        .returning('id')
        .executeTakeFirst();
      if (!row) return false;
      const subscribers = await receivingSubscribers(trx as unknown as DB).select(['id', 'email']).orderBy('id').execute();
      for (let i = 0; i < subscribers.length; i += INSERT_CHUNK) {
        const values = subscribers.slice(i, i + INSERT_CHUNK).map((s) => {
          const token = crypto.randomBytes(32).toString('base64url');
          return { campaignId: campaign.id, subscriberId: s.id, email: s.email, status: 'pending' as const, nextAttemptAt: nowIso, unsubscribeToken: token, unsubscribeTokenHash: hashToken(token) };
        });
        // The unique (campaign, subscriber) pair: a second freeze could never add a second copy.
        await trx.insertInto('campaignRecipients').values(values).onConflict((oc) => oc.columns(['campaignId', 'subscriberId']).doNothing()).execute();
      }
      return true;
    });
    if (won) started.push(campaign.id);
  }
  return started;
}

/**
 * The reservations a thank-you may still write to: not erased by the retention rule, an address left.
 * Transactional: unsubscribing from the newsletter does not matter here.
 */
export const writableReservations = (db: DB) => db.selectFrom('reservations').select('reservations.id').where('reservations.erasedAt', 'is', null).where('reservations.email', 'is not', null);

/**
 * Copies not sent yet of addresses that left since the letter started (bounced now; erased ones went at
 * their erasure): they are never claimed (receivingSubscribers), and they go so that the letter ends. A
 * thank-you's copy goes when its reservation was erased since (never written to).
 */
export async function dropLeavers(db: DB): Promise<void> {
  await db
    .deleteFrom('campaignRecipients')
    .where('status', '=', 'pending')
    .where((eb) =>
      eb.or([
        eb.and([eb('reservationId', 'is', null), eb.or([eb('subscriberId', 'is', null), eb('subscriberId', 'not in', receivingSubscribers(db).select('newsletterSubscriptions.id'))])]),
        eb.and([eb('reservationId', 'is not', null), eb('reservationId', 'not in', writableReservations(db))]),
      ]),
    )
    .execute();
}

/** A sending campaign with no recipient left pending is sent (its failures stay counted). */
export async function finishCampaigns(db: DB, now: Date): Promise<void> {
  await db
    .updateTable('campaigns')
    .set({ status: 'sent', sentAt: now.toISOString(), updatedAt: now.toISOString() })
    .where('status', '=', 'sending')
    .where((eb) => eb.not(eb.exists(eb.selectFrom('campaignRecipients').select('id').whereRef('campaignRecipients.campaignId', '=', 'campaigns.id').where('campaignRecipients.status', '=', 'pending'))))
    .execute();
}

/** Moves a campaign from one of `from` to `to` only if it still is in one of them; answers whether it did. */
export async function transition(db: DB, id: number, from: CampaignStatusValue[], set: Partial<Pick<Row, 'status' | 'sendAt' | 'updatedAt' | 'failureReason'>>): Promise<boolean> {
  const result = await db.updateTable('campaigns').set(set).where('id', '=', id).where('status', 'in', from).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * « Renvoyer aux échecs »: the temporary failures of addresses still receiving letters pending again,
 * from their first attempt. Never a permanent refusal, never an address that left. The letter keeps its
 * state and its date (a sent one stays in /lettres): the sender takes pending rows of sent letters too.
 */
export async function retryFailed(db: DB, id: number, now: Date): Promise<number> {
  const result = await db
    .updateTable('campaignRecipients')
    .set({ status: 'pending', attempts: 0, nextAttemptAt: now.toISOString(), claimedUntil: null })
    .where('id', 'in', retryableRows(db, id).select('campaignRecipients.id'))
    .where('campaignId', 'in', (eb) => eb.selectFrom('campaigns').select('campaigns.id').where('campaigns.status', 'in', SENDABLE))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Sent campaigns for the archive, newest first; no personal data. */
export async function archiveList(db: DB) {
  const rows = await db.selectFrom('campaigns').select(['slug', 'subject', 'sentAt']).where('status', '=', 'sent').where('kind', '=', NEWSLETTER).orderBy('sentAt', 'desc').orderBy('id', 'desc').execute();
  return rows.map((r) => ({ slug: r.slug!, subject: r.subject, sentAt: r.sentAt! }));
}

/** A sent letter as a web page: its body and its upcoming performances as sent, no unsubscribe link. */
export async function archivePage(db: DB, siteUrl: string, slug: string) {
  const row = await db.selectFrom('campaigns').select(['slug', 'subject', 'sentAt', 'body', 'upcoming']).where('status', '=', 'sent').where('kind', '=', NEWSLETTER).where('slug', '=', slug).executeTakeFirst();
  if (!row) return undefined;
  return { slug: row.slug!, subject: row.subject, sentAt: row.sentAt!, html: bodyHtml(row.body, siteUrl), upcoming: row.upcoming ? (JSON.parse(row.upcoming) as UpcomingPerformance[]) : [] };
}
