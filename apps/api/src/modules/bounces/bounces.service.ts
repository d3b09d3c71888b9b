import { sql } from 'kysely';
import type { DB } from '../../db/connection.ts';
import type { BounceKind, BounceSource } from '../../db/schema.ts';
import { hashToken } from '../../lib/token-hash.ts';
import { eraseSubscriber, markBounced } from './subscriber-exit.ts';

/**
 * Soft bounces (a full mailbox, a server down for a while) remove an address once SOFT_BOUNCE_LIMIT of
 * them, for different messages, happened within SOFT_BOUNCE_WINDOW_DAYS days: three letters in a row
 * that did not get through in a month, not one bad day. A hard bounce removes it at once.
 */
export const SOFT_BOUNCE_LIMIT = 3;
export const SOFT_BOUNCE_WINDOW_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** One address's event, as a relay or the bounce mailbox reported it. */
export interface BounceReport {
  source: BounceSource;
  email: string;
  kind: BounceKind;
  /** What identifies the message at its source (its message id): a retried call counts once. */
  messageKey: string;
  /** The Message-ID header of the mail that bounced, when the relay gives it back. */
  messageId?: string | undefined;
  detail?: string | undefined;
  occurredAt?: Date | undefined;
}

/** What became of a report: the address removed, erased, one more soft bounce, or nothing. */
export type BounceOutcome = 'bounced' | 'erased' | 'counted' | 'duplicate' | 'unknown-address';

/** The address as the subscribers table stores it (newsletter sign-ups are lower-cased). */
const normalize = (email: string) => {
  const trimmed = email.trim();
  // « "Nom" <adresse> » as some relays write it: the address inside the brackets.
  const open = trimmed.lastIndexOf('<');
  const close = trimmed.lastIndexOf('>');
  return (open >= 0 && close > open ? trimmed.slice(open + 1, close) : trimmed).trim().toLowerCase();
};

/**
 * The campaign copy a Message-ID names: campaign-sender.ts writes `<campagne-{campaign}-{subscriber}@host>`.
 * Read by splitting, not by a regular expression on the relay's text.
 */
export function campaignOfMessageId(messageId: string | undefined): { campaignId: number; subscriberId: number } | undefined {
  if (!messageId) return undefined;
  const bare = messageId.trim().replace(/^</, '').replace(/>$/, '');
  const local = bare.split('@')[0] ?? '';
  const parts = local.split('-');
  if (parts.length !== 3 || parts[0] !== 'campagne') return undefined;
  const [campaignId, subscriberId] = [Number(parts[1]), Number(parts[2])];
  return Number.isSafeInteger(campaignId) && Number.isSafeInteger(subscriberId) && campaignId > 0 && subscriberId > 0 ? { campaignId, subscriberId } : undefined;
}

/** The relay's diagnostic for the staff, without the address (it stays nowhere in clear). */
const scrub = (detail: string | undefined, email: string) => (detail ? detail.split(email).join('<adresse>').slice(0, 500) : null);

const REASON: Record<BounceKind, string> = {
  hard: 'Adresse refusée par le serveur du destinataire (rebond signalé après l’envoi)',
  soft: `Adresse en échec temporaire ${SOFT_BOUNCE_LIMIT} fois en ${SOFT_BOUNCE_WINDOW_DAYS} jours (rebonds signalés après l’envoi)`,
  complaint: 'Lettre signalée comme indésirable par le destinataire',
  unsubscribe: 'Désinscription chez le relais',
};

/**
 * Records one report and applies it: a hard bounce marks the subscriber bounced, a complaint or an
 * unsubscribe erases it, a soft bounce is counted and marks it bounced at the threshold. The event is
 * written first (its own statement, committed), so that two servers receiving two soft bounces at once
 * each count both; what follows is idempotent.
 */
export async function recordBounce(db: DB, report: BounceReport, now: Date): Promise<BounceOutcome> {
  const email = normalize(report.email);
  const emailHash = hashToken(email);
  const occurred = report.occurredAt && report.occurredAt.getTime() <= now.getTime() && !Number.isNaN(report.occurredAt.getTime()) ? report.occurredAt : now;
  const windowStart = new Date(now.getTime() - SOFT_BOUNCE_WINDOW_DAYS * DAY_MS).toISOString();
  const copy = campaignOfMessageId(report.messageId);
  const inserted = await db
    .insertInto('bounceEvents')
    .values({
      source: report.source,
      eventKey: hashToken(`${report.kind}\n${report.messageKey}\n${email}`),
      kind: report.kind,
      emailHash: report.kind === 'soft' ? emailHash : null,
      campaignId: copy?.campaignId ?? null,
      subscriberId: copy?.subscriberId ?? null,
      detail: scrub(report.detail, email),
      occurredAt: occurred.toISOString(),
      receivedAt: now.toISOString(),
    })
    .onConflict((oc) => oc.columns(['source', 'eventKey']).doNothing())
    .returning('id')
    .execute();
  // Soft bounces older than the window no longer count: their address hash goes.
  await db.updateTable('bounceEvents').set({ emailHash: null }).where('emailHash', 'is not', null).where('occurredAt', '<', windowStart).execute();
  if (!inserted.length) return 'duplicate';

  const subscriber = await db.selectFrom('newsletterSubscriptions').select(['id', 'bouncedAt']).where('email', '=', email).executeTakeFirst();
  if (!subscriber) return 'unknown-address';
  if (report.kind === 'complaint' || report.kind === 'unsubscribe') {
    await eraseSubscriber(db, subscriber.id, now);
    // Erased leaves no trace: its soft bounces' hashes go too.
    await db.updateTable('bounceEvents').set({ emailHash: null }).where('emailHash', '=', emailHash).execute();
    return 'erased';
  }
  if (report.kind === 'soft') {
    const { n } = await db
      .selectFrom('bounceEvents')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('emailHash', '=', emailHash)
      .where('kind', '=', 'soft')
      .where('occurredAt', '>=', windowStart)
      .executeTakeFirstOrThrow();
    if (Number(n) < SOFT_BOUNCE_LIMIT) return 'counted';
  }
  await markBounced(db, subscriber.id, now, REASON[report.kind]);
  // The count starts over: an address confirmed again is not removed by its next soft bounce.
  await db.updateTable('bounceEvents').set({ emailHash: null }).where('emailHash', '=', emailHash).execute();
  return 'bounced';
}

/**
 * Per letter, without tracking: how many of its recipients a relay reported bounced (hard or soft)
 * after the send, for the letters whose copies the relay named by their Message-ID.
 */
export async function bouncesByCampaign(db: DB, campaignIds: readonly number[]): Promise<Map<number, number>> {
  if (!campaignIds.length) return new Map();
  const rows = await db
    .selectFrom('bounceEvents')
    .select(['campaignId', sql<number | string>`count(distinct ${sql.ref('subscriberId')})`.as('n')])
    .where('campaignId', 'in', [...campaignIds])
    .where('kind', 'in', ['hard', 'soft'])
    .groupBy('campaignId')
    .execute();
  return new Map(rows.map((row) => [Number(row.campaignId), Number(row.n)]));
}
