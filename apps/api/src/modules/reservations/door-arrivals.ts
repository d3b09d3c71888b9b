import { doorApiTexts, reservationTexts, type CheckInInput, type WalkInInput } from '@bande/shared';
import { parisWallClock, parisWallTimeToDate } from '@bande/shared/format/paris-clock';
import { badRequest, conflict, HttpError } from '../../lib/http-error.ts';
import { heldOn, newToken, recordSoldOut, type BookablePerformance, type Executor, type ReservationRow } from './booking.ts';
import { HELD_STATUSES } from './reservation-status.ts';

/**
 * The door's writes (issue 32): a check-in keeps the moment it was tapped on the phone, however late
 * it is synced, and how many of the party came; a walk-in (« Ajouter à l’entrée ») is recorded once
 * per nonce, beyond the capacity too (the people are in the room), and flagged when it is.
 */

/** How far ahead of the server a phone's clock may be: its taps are then read as « now ». */
const CLOCK_SKEW_MS = 2 * 60 * 1000;

/**
 * The instant of a tap: the phone's `tappedAt`, refused (French 400) when beyond the server's clock
 * plus the skew allowance or before the Paris day of the performance (a phone whose clock is wrong
 * would otherwise write nonsense into the export); the server's clock when absent.
 */
export function tapMoment(tappedAt: string | undefined, performanceDate: string, now: Date): string | HttpError {
  if (tappedAt === undefined) return now.toISOString();
  const at = Date.parse(tappedAt);
  if (Number.isNaN(at)) return badRequest(doorApiTexts.tappedAtInvalid);
  if (at > now.getTime() + CLOCK_SKEW_MS) return badRequest(doorApiTexts.tappedAtFuture);
  const { year, month, day } = parisWallClock(Date.parse(performanceDate));
  if (at < parisWallTimeToDate({ year, month, day, hour: 0, minute: 0 }).getTime()) return badRequest(doorApiTexts.tappedAtTooEarly);
  return new Date(Math.min(at, now.getTime())).toISOString();
}

export interface CheckInOutcome {
  row: ReservationRow;
  /** The first tap of another phone (or of the tab), when there was one before this sync. */
  otherDevice?: { checkedInAt: string };
}

/**
 * Checks a locked reservation in (or out). Replays of one phone are idempotent; the earliest tap wins
 * whatever order the syncs arrive in. The phone sends the number of people it shows arrived: from the
 * phone that tapped first it is the count; from another phone the larger of the two is kept (neither
 * phone saw the other's people leave), and that phone is told it was already checked in.
 */
export async function checkInReservation(trx: Executor, performance: BookablePerformance, reservation: ReservationRow, input: CheckInInput, now: Date): Promise<CheckInOutcome | HttpError> {
  const updatedAt = now.toISOString();
  if (!input.checkedIn) {
    const row = await trx.updateTable('reservations').set({ checkedInAt: null, checkedInSeats: null, checkedInBy: null, updatedAt }).where('id', '=', reservation.id).returningAll().executeTakeFirstOrThrow();
    return { row };
  }
  if (!HELD_STATUSES.includes(reservation.status)) return conflict(reservationTexts.notCheckable);
  const seats = input.seats ?? reservation.seats;
  if (seats > reservation.seats) return badRequest(doorApiTexts.arrivedSeatsInvalid(reservation.seats));
  const tapped = tapMoment(input.tappedAt, performance.date, now);
  if (tapped instanceof HttpError) return tapped;

  const device = input.deviceId ?? null;
  const before = reservation.checkedInAt;
  const fromOther = before !== null && reservation.checkedInBy !== device;
  const earlier = before === null || tapped < before;
  const row = await trx
    .updateTable('reservations')
    .set({
      checkedInAt: earlier ? tapped : before,
      checkedInBy: earlier ? device : reservation.checkedInBy,
      checkedInSeats: fromOther ? Math.max(seats, reservation.checkedInSeats ?? 0) : seats,
      updatedAt,
    })
    .where('id', '=', reservation.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return fromOther ? { row, otherDevice: { checkedInAt: before } } : { row };
}

/**
 * Records people who came without booking, checked in at once, on a locked performance. A nonce seen
 * before answers the row it recorded (`created: false`), whatever else the replay says.
 */
export async function recordWalkIn(
  trx: Executor,
  performance: BookablePerformance,
  input: WalkInInput & { name: string },
  now: Date,
): Promise<{ row: ReservationRow; created: boolean } | HttpError> {
  const known = await trx.selectFrom('reservations').selectAll().where('clientNonce', '=', input.nonce).executeTakeFirst();
  if (known) return known.performanceId === performance.id ? { row: known, created: false } : badRequest(doorApiTexts.walkInNonceInvalid);
  if (performance.capacity === null || performance.bookingLink) return conflict(doorApiTexts.walkInNotOpen);
  const tapped = tapMoment(input.tappedAt, performance.date, now);
  if (tapped instanceof HttpError) return tapped;
  const held = await heldOn(trx, performance.id);
  const at = now.toISOString();
  const row = await trx
    .insertInto('reservations')
    .values({
      performanceId: performance.id,
      firstName: '',
      lastName: input.name,
      email: null,
      phone: null,
      seats: input.seats,
      // Confirmed: their seats count against the capacity like a booking's (the site sells no seat they sit on).
      status: 'confirmed',
      tokenHash: newToken().tokenHash,
      // Nobody to remind: no address.
      reminderSentAt: at,
      source: 'door',
      checkedInAt: tapped,
      checkedInSeats: input.seats,
      checkedInBy: input.deviceId ?? null,
      clientNonce: input.nonce,
      beyondCapacity: held + input.seats > performance.capacity ? 1 : 0,
      createdAt: at,
      updatedAt: at,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await recordSoldOut(trx, performance, held + input.seats);
  return { row, created: true };
}
