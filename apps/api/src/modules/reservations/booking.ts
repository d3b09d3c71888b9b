import crypto from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { DialectName } from '../../db/connection.ts';
import type { Database, ReservationsTable } from '../../db/schema.ts';
import { hashToken } from '../../lib/token-hash.ts';
import { minutes } from '../../lib/clock.ts';
import type { ReservationConfig } from '../../env.ts';
import type { Mailer } from '../../plugins/mailer.ts';
import { offerMail, type MailContext } from './reservation-mails.ts';
import { HELD_STATUSES } from './reservation-status.ts';

export type Executor = Kysely<Database>;
export type ReservationRow = Selectable<ReservationsTable>;

/** A performance with what its mails and its rules need (show's name and slug, publication). */
export interface BookablePerformance {
  id: number;
  date: string;
  address: string;
  venueName: string | null;
  bookingLink: string | null;
  capacity: number | null;
  showName: string;
  showSlug: string;
  published: number;
}

/** A fresh token for a reservation's links, and the hash the row keeps. */
export function newToken(): { token: string; tokenHash: string } {
  const token = crypto.randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token) };
}

/**
 * Reads the performance and, on PostgreSQL, locks its row (SELECT … FOR UPDATE) until the transaction
 * ends: every transaction that counts its held seats and then writes (a booking, a confirmation, the
 * waiting list served, the show saved) takes this lock first, so that two of them never both count the
 * same free seats. Only the performance row is locked, never the show's (a show save locks the show
 * then its performances: taking them in the other order could deadlock).
 *
 * On SQLite there is nothing to lock: Kysely's SQLite driver has one connection, and a transaction
 * holds it (a mutex) from BEGIN to COMMIT, so that the transactions of one server run one after the
 * other; several servers do not share a SQLite file (docs/deploy.md).
 */
export function lockPerformance(trx: Executor, dialect: DialectName, id: number): Promise<BookablePerformance | undefined> {
  return selectPerformance(trx, id, dialect === 'postgres');
}

/** The performance without any lock (reads that change nothing: availability). */
export const readPerformance = (db: Executor, id: number) => selectPerformance(db, id, false);

async function selectPerformance(trx: Executor, id: number, forUpdate: boolean): Promise<BookablePerformance | undefined> {
  const row = await trx
    .selectFrom('performances')
    .select(['id', 'date', 'address', 'venueName', 'bookingLink', 'capacity', 'showId'])
    .where('id', '=', id)
    .$if(forUpdate, (q) => q.forUpdate())
    .executeTakeFirst();
  if (!row) return undefined;
  const show = await trx.selectFrom('shows').select(['name', 'slug', 'published']).where('id', '=', row.showId).executeTakeFirstOrThrow();
  return { ...row, showName: show.name, showSlug: show.slug, published: show.published };
}

/** Seats held (pending, confirmed, offered) on one performance. */
export async function heldOn(trx: Executor, performanceId: number): Promise<number> {
  const row = await trx
    .selectFrom('reservations')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('seats'), eb.val(0)).as('seats'))
    .where('performanceId', '=', performanceId)
    .where('status', 'in', HELD_STATUSES)
    .executeTakeFirstOrThrow();
  return Number(row.seats);
}

export interface SettleDeps {
  dialect: DialectName;
  mailer: Mailer;
  settings: ReservationConfig;
  mail: MailContext;
}

/**
 * Brings one locked performance up to date at `now`: lapsed holds and unclaimed offers expire (their
 * seats come back), then the waiting list is served: in order of arrival, each waiting entry whose
 * seats fit in what remains is offered them (held for RESERVATION_OFFER_MINUTES, at most until the
 * performance starts) with a mail carrying its claim link, in this same transaction. An entry too
 * large to fit keeps its place without holding back the smaller ones behind it. Nothing is offered
 * once the performance has started. Answers how many rows changed.
 */
export async function settlePerformance(trx: Executor, deps: SettleDeps, performance: BookablePerformance, now: Date): Promise<number> {
  const at = now.toISOString();
  const lapsed = await trx
    .updateTable('reservations')
    .set({ status: 'expired', holdExpiresAt: null, offerExpiresAt: null, updatedAt: at })
    .where('performanceId', '=', performance.id)
    .where((eb) => eb.or([eb.and([eb('status', '=', 'pending'), eb('holdExpiresAt', '<=', at)]), eb.and([eb('status', '=', 'offered'), eb('offerExpiresAt', '<=', at)])]))
    .executeTakeFirst();
  let changed = Number(lapsed.numUpdatedRows);
  if (performance.capacity === null || performance.bookingLink || Date.parse(performance.date) <= now.getTime()) return changed;
  let remaining = performance.capacity - (await heldOn(trx, performance.id));
  if (remaining <= 0) return changed;
  const waiting = await trx
    .selectFrom('reservations')
    .selectAll()
    .where('performanceId', '=', performance.id)
    .where('status', '=', 'waiting')
    .orderBy('createdAt')
    .orderBy('id')
    .execute();
  const offerEnds = new Date(Math.min(now.getTime() + minutes(deps.settings.offerMinutes), Date.parse(performance.date))).toISOString();
  for (const entry of waiting) {
    if (entry.seats > remaining) continue;
    // Only hashes are stored: the claim link gets a new token; the waiting mail's one keeps working.
    const { token, tokenHash } = newToken();
    const offered = await trx
      .updateTable('reservations')
      .set({ status: 'offered', offerExpiresAt: offerEnds, tokenHash, secondTokenHash: entry.tokenHash, updatedAt: at })
      .where('id', '=', entry.id)
      .where('status', '=', 'waiting')
      .executeTakeFirst();
    if (Number(offered.numUpdatedRows) === 0) continue;
    remaining -= entry.seats;
    changed++;
    if (entry.email) await deps.mailer.send(offerMail(deps.mail, performance, { ...entry, offerExpiresAt: offerEnds }, token), trx);
    if (remaining <= 0) break;
  }
  return changed;
}
