import { formatPerformanceDate, reservationTexts, type ShowInputParsed } from '@bande/shared';
import type { Kysely } from 'kysely';
import type { DialectName } from '../../db/connection.ts';
import type { Database } from '../../db/schema.ts';
import { badRequest, conflict } from '../../lib/http-error.ts';
import { HELD_STATUSES, LIVE_STATUSES } from './reservation-status.ts';

type Executor = Kysely<Database>;
type PerformanceInput = ShowInputParsed['performances'][number];

/**
 * Writes a show's performances so that each keeps its id (and with it its reservations, its
 * agenda UID, the links already mailed): an input carrying the id of one of this show's performances
 * updates that row, one without (or with an id of another show) is inserted, a row the input no longer
 * names is deleted. Refused (French 409, nothing written since the caller's transaction rolls back):
 * deleting a performance that holds live reservations, and a capacity below the seats already held.
 *
 * Capacity: an explicit number or null is taken as sent. Absent (a client that does not know the
 * field, an old history snapshot): a known performance keeps its own; a new one takes the
 * `defaultCapacity` of the venue whose name it carries (same name, letter case aside), unless it has
 * an external booking link.
 *
 * On PostgreSQL the show's performance rows are locked first (FOR UPDATE): a booking counting seats
 * on one of them waits for the save, and the save's count of held seats cannot miss a booking.
 * Answers the ids of the performances written, for the waiting list (capacity raised).
 */
export async function syncPerformances(trx: Executor, dialect: DialectName, showId: number, performances: readonly PerformanceInput[]): Promise<number[]> {
  const current = await trx
    .selectFrom('performances')
    .selectAll()
    .where('showId', '=', showId)
    .orderBy('id')
    .$if(dialect === 'postgres', (q) => q.forUpdate())
    .execute();
  const byId = new Map(current.map((row) => [row.id, row]));
  const keptIds = new Set(performances.flatMap((p) => (p.id !== undefined && byId.has(p.id) ? [p.id] : [])));
  const removed = current.filter((row) => !keptIds.has(row.id));

  if (removed.length > 0) {
    const live = await trx
      .selectFrom('reservations')
      .select('performanceId')
      .distinct()
      .where('performanceId', 'in', removed.map((row) => row.id))
      .where('status', 'in', LIVE_STATUSES)
      .execute();
    if (live.length > 0) {
      const dates = current.filter((row) => live.some((l) => l.performanceId === row.id)).map((row) => formatPerformanceDate(row.date));
      throw conflict(reservationTexts.performanceDeletedWithReservations(dates.join(', ')));
    }
    await trx.deleteFrom('performances').where('id', 'in', removed.map((row) => row.id)).execute();
  }

  const defaults = await venueDefaults(trx, performances.filter((p) => (p.id === undefined || !byId.has(p.id)) && p.capacity === undefined && !p.bookingLink && p.venueName));
  const held = await heldSeats(trx, [...keptIds]);
  const written: number[] = [];
  // Two rows of the input naming the same id: the second is a new performance (the first keeps the id).
  const used = new Set<number>();
  for (const p of performances) {
    const row = p.id !== undefined && !used.has(p.id) ? byId.get(p.id) : undefined;
    const values = { date: p.date, address: p.address, venueName: p.venueName ?? null, bookingLink: p.bookingLink ?? null };
    if (row) {
      used.add(row.id);
      const capacity = p.capacity === undefined ? row.capacity : p.capacity;
      if (capacity !== null && values.bookingLink) throw badRequest(reservationTexts.capacityWithBookingLink);
      const holding = held.get(row.id) ?? 0;
      if (holding > 0 && (capacity === null || capacity < holding)) throw conflict(reservationTexts.capacityBelowHeld(formatPerformanceDate(row.date), holding));
      await trx.updateTable('performances').set({ ...values, capacity }).where('id', '=', row.id).execute();
      written.push(row.id);
    } else {
      const capacity = p.capacity === undefined ? (values.bookingLink ? null : (defaults.get(venueKey(p.venueName)) ?? null)) : p.capacity;
      const { id } = await trx.insertInto('performances').values({ ...values, showId, capacity }).returning('id').executeTakeFirstOrThrow();
      written.push(id);
    }
  }
  return written;
}

const venueKey = (name: string | null | undefined) => (name ?? '').trim().toLocaleLowerCase('fr');

/** Default capacity by venue name (lower case); of two venues with one name, the older one's. */
async function venueDefaults(trx: Executor, performances: readonly PerformanceInput[]): Promise<Map<string, number>> {
  const names = [...new Set(performances.map((p) => venueKey(p.venueName)))];
  const map = new Map<string, number>();
  if (names.length === 0) return map;
  const venues = await trx.selectFrom('venues').select(['name', 'defaultCapacity']).where('defaultCapacity', 'is not', null).orderBy('id').execute();
  for (const venue of venues) {
    const key = venueKey(venue.name);
    if (names.includes(key) && !map.has(key) && venue.defaultCapacity !== null) map.set(key, venue.defaultCapacity);
  }
  return map;
}

/** Seats held (pending, confirmed, offered) per performance. */
export async function heldSeats(trx: Executor, performanceIds: number[]): Promise<Map<number, number>> {
  if (performanceIds.length === 0) return new Map();
  const rows = await trx
    .selectFrom('reservations')
    .select((eb) => ['performanceId', eb.fn.sum<number>('seats').as('seats')])
    .where('performanceId', 'in', performanceIds)
    .where('status', 'in', HELD_STATUSES)
    .groupBy('performanceId')
    .execute();
  return new Map(rows.map((row) => [row.performanceId, Number(row.seats)]));
}

/** True when one of the show's performances holds live reservations (the show cannot be deleted). */
export async function showHasLiveReservations(trx: Executor, showId: number): Promise<boolean> {
  const row = await trx
    .selectFrom('reservations')
    .innerJoin('performances', 'performances.id', 'reservations.performanceId')
    .select('reservations.id')
    .where('performances.showId', '=', showId)
    .where('reservations.status', 'in', LIVE_STATUSES)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
