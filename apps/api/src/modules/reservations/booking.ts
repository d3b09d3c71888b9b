import crypto from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
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

/** The columns a BookablePerformance is read from (performances joined with their show). */
export const BOOKABLE_COLUMNS = ['performances.id', 'performances.date', 'performances.address', 'performances.venueName', 'performances.bookingLink', 'performances.capacity', 'shows.name as showName', 'shows.slug as showSlug', 'shows.published'] as const;

/** A fresh token for a reservation's links, and the hash the row keeps. */
export function newToken(): { token: string; tokenHash: string } {
  const token = crypto.randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token) };
}

/**
 * Reads the performance and, on PostgreSQL, locks its row (SELECT … FOR NO KEY UPDATE) until the transaction
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
  // One round trip: every statement under the lock makes the queue of bookings behind it wait.
  return trx
    .selectFrom('performances')
    .innerJoin('shows', 'shows.id', 'performances.showId')
    .select(BOOKABLE_COLUMNS)
    .where('performances.id', '=', id)
    // FOR NO KEY UPDATE: as exclusive as FOR UPDATE between the transactions that take it, but not
    // against the key-share lock that inserting a reservation takes on its performance (foreign key):
    // a booking that inserts first and locks after (quickBooking) cannot deadlock with another.
    .$if(forUpdate, (q) => q.forNoKeyUpdate('performances'))
    .executeTakeFirst();
}

/**
 * The cheap start of a booking under the lock: lapsed holds and offers expire (one statement); only
 * when some did are seats back, and the whole settle (waiting list served, sold-out flag) runs.
 */
export async function expireLapsed(trx: Executor, deps: SettleDeps, performance: BookablePerformance, now: Date): Promise<void> {
  if ((await expireLapsedRows(trx, performance.id, now.toISOString())) > 0) await settlePerformance(trx, deps, performance, now);
}

/** Pending holds and offers of one performance whose time has passed become expired; answers how many. */
async function expireLapsedRows(trx: Executor, performanceId: number, at: string): Promise<number> {
  const lapsed = await trx
    .updateTable('reservations')
    .set({ status: 'expired', holdExpiresAt: null, offerExpiresAt: null, updatedAt: at })
    .where('performanceId', '=', performanceId)
    .where((eb) => eb.or([eb.and([eb('status', '=', 'pending'), eb('holdExpiresAt', '<=', at)]), eb.and([eb('status', '=', 'offered'), eb('offerExpiresAt', '<=', at)])]))
    .executeTakeFirst();
  return Number(lapsed.numUpdatedRows);
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
  let changed = await expireLapsedRows(trx, performance.id, at);
  if (performance.capacity === null || performance.bookingLink || Date.parse(performance.date) <= now.getTime()) return changed;
  let remaining = performance.capacity - (await heldOn(trx, performance.id));
  if (remaining <= 0) {
    await recordSoldOut(trx, performance);
    return changed;
  }
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
      .set({ status: 'offered', offerExpiresAt: offerEnds, offeredAt: at, tokenHash, secondTokenHash: entry.tokenHash, updatedAt: at })
      .where('id', '=', entry.id)
      .where('status', '=', 'waiting')
      .executeTakeFirst();
    if (Number(offered.numUpdatedRows) === 0) continue;
    remaining -= entry.seats;
    changed++;
    if (entry.email) await deps.mailer.send(offerMail(deps.mail, performance, { ...entry, offerExpiresAt: offerEnds }, token), trx);
    if (remaining <= 0) break;
  }
  await recordSoldOut(trx, performance);
  return changed;
}

/**
 * Keeps `performances.sold_out` true to the seats held, in the caller's transaction. When it flips,
 * the content version is bumped in the same transaction: every server's cached public pages (the show
 * page's JSON-LD availability, /agenda.ics) are rebuilt within a second. Flips are rare (the last seat
 * taken, a seat coming back), so bookings otherwise leave the cache alone.
 */
export async function recordSoldOut(trx: Executor, performance: Pick<BookablePerformance, 'id' | 'capacity' | 'bookingLink'>, held?: number): Promise<void> {
  const soldOut = performance.capacity !== null && !performance.bookingLink && performance.capacity - (held ?? (await heldOn(trx, performance.id))) <= 0 ? 1 : 0;
  const flipped = await trx.updateTable('performances').set({ soldOut }).where('id', '=', performance.id).where('soldOut', '!=', soldOut).executeTakeFirst();
  if (Number(flipped.numUpdatedRows) > 0) await trx.updateTable('contentVersion').set({ version: sql<number>`version + 1` }).where('id', '=', 1).execute();
}
