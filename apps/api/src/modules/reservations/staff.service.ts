import { stringify } from 'csv-stringify/sync';
import { performanceNotFound, reservationTexts, takesReservations, type Reservation, type ReservationPerformance, type StaffReservationInput } from '@bande/shared';
import type { AppDeps } from '../../deps.ts';
import { HttpError, conflict, notFound } from '../../lib/http-error.ts';
import { csvDate } from '../newsletter/newsletter.service.ts';
import { heldOn, lockPerformance, newToken, settlePerformance, type Executor, type ReservationRow, type SettleDeps } from './booking.ts';
import { confirmedMail } from './reservation-mails.ts';
import { HELD_STATUSES, LIVE_STATUSES } from './reservation-status.ts';

type Deps = Pick<AppDeps, 'db' | 'dialect' | 'clock' | 'config' | 'mailer'>;

/** Performances stay in the staff tab this long after they started: the door checks people in meanwhile. */
export const DOOR_WINDOW_MS = 12 * 60 * 60 * 1000;

export const toReservation = (row: ReservationRow): Reservation => ({
  id: row.id,
  performanceId: row.performanceId,
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  phone: row.phone,
  seats: row.seats,
  status: row.status,
  createdAt: row.createdAt,
  checkedInAt: row.checkedInAt,
});

const STATUS_LABELS: Record<Reservation['status'], string> = {
  pending: 'À confirmer',
  confirmed: 'Confirmée',
  waiting: 'Liste d’attente',
  offered: 'Places proposées',
  cancelled: 'Annulée',
  expired: 'Expirée',
};

/**
 * The reservations of a performance as a French spreadsheet opens them (the subscribers' CSV format:
 * UTF-8 BOM, `;`, CRLF, formulas neutralised).
 */
export function reservationsCsv(rows: Reservation[]): string {
  const lines = [
    ['Nom', 'Prénom', 'Adresse email', 'Téléphone', 'Places', 'Statut', 'Réservée le', 'Entrée pointée'],
    ...rows.map((r) => [r.lastName, r.firstName, r.email ?? '', r.phone ?? '', String(r.seats), STATUS_LABELS[r.status], csvDate(r.createdAt), r.checkedInAt ? csvDate(r.checkedInAt) : '']),
  ];
  return stringify(lines, { bom: true, delimiter: ';', record_delimiter: 'windows', escape_formulas: true, quoted_match: /[\r\n]/ });
}

/** The staff's side: the tab's counts and lists, phone bookings, cancel, delete, the door's check-ins. */
export function staffReservationsService(deps: Deps) {
  const { db, dialect, clock, config, mailer } = deps;
  const settleDeps: SettleDeps = { dialect, mailer, settings: config.reservations, mail: { siteUrl: config.siteUrl, now: () => clock.now() } };

  async function inTransaction<T>(work: (trx: Executor) => Promise<T | HttpError>): Promise<T> {
    const result = await db.transaction().execute(work);
    mailer.nudge?.();
    if (result instanceof HttpError) throw result;
    return result;
  }

  /** The reservation and its performance, locked; 404 in French when unknown. */
  async function lockedReservation(trx: Executor, id: number) {
    const found = await trx.selectFrom('reservations').select('performanceId').where('id', '=', id).executeTakeFirst();
    const performance = found && (await lockPerformance(trx, dialect, found.performanceId));
    if (!performance) throw notFound(reservationTexts.reservationNotFound);
    const reservation = await trx.selectFrom('reservations').selectAll().where('id', '=', id).executeTakeFirst();
    if (!reservation) throw notFound(reservationTexts.reservationNotFound);
    return { performance, reservation };
  }

  return {
    async performances(): Promise<ReservationPerformance[]> {
      const since = new Date(clock.now().getTime() - DOOR_WINDOW_MS).toISOString();
      const rows = await db
        .selectFrom('performances')
        .innerJoin('shows', 'shows.id', 'performances.showId')
        .select(['performances.id', 'performances.showId', 'shows.name', 'shows.slug', 'performances.date', 'performances.venueName', 'performances.address', 'performances.capacity', 'performances.bookingLink'])
        .where('performances.capacity', 'is not', null)
        .where('performances.date', '>', since)
        .orderBy('performances.date')
        .orderBy('performances.id')
        .execute();
      const open = rows.filter((row) => takesReservations(row));
      const counts = open.length
        ? await db
            .selectFrom('reservations')
            .select((eb) => [
              'performanceId',
              'status',
              eb.fn.sum<number>('seats').as('seats'),
              eb.fn.countAll<number>().as('parties'),
              eb.fn.sum<number>(eb.case().when('checkedInAt', 'is not', null).then(eb.ref('seats')).else(0).end()).as('checkedIn'),
            ])
            .where('performanceId', 'in', open.map((row) => row.id))
            .groupBy(['performanceId', 'status'])
            .execute()
        : [];
      return open.map((row) => {
        const of = (status: string) => counts.find((c) => c.performanceId === row.id && c.status === status);
        return {
          performanceId: row.id,
          showId: row.showId,
          showName: row.name,
          showSlug: row.slug,
          date: row.date,
          venueName: row.venueName,
          address: row.address,
          capacity: row.capacity!,
          confirmed: Number(of('confirmed')?.seats ?? 0),
          pending: Number(of('pending')?.seats ?? 0),
          offered: Number(of('offered')?.seats ?? 0),
          waiting: Number(of('waiting')?.parties ?? 0),
          checkedIn: counts.filter((c) => c.performanceId === row.id).reduce((sum, c) => sum + Number(c.checkedIn ?? 0), 0),
        };
      });
    },

    async list(performanceId: number): Promise<Reservation[]> {
      const performance = await db.selectFrom('performances').select('id').where('id', '=', performanceId).executeTakeFirst();
      if (!performance) throw notFound(performanceNotFound);
      const rows = await db.selectFrom('reservations').selectAll().where('performanceId', '=', performanceId).orderBy('createdAt').orderBy('id').execute();
      return rows.map(toReservation);
    },

    /** A phone booking: confirmed at once, never past the capacity (same lock and count as a visitor's). */
    async create(performanceId: number, input: StaffReservationInput & { email: string | null; phone: string | null }): Promise<Reservation> {
      return inTransaction(async (trx) => {
        const now = clock.now();
        const performance = await lockPerformance(trx, dialect, performanceId);
        if (!performance) throw notFound(performanceNotFound);
        if (!takesReservations(performance)) return conflict(reservationTexts.notOpen);
        await settlePerformance(trx, settleDeps, performance, now);
        const remaining = performance.capacity! - (await heldOn(trx, performance.id));
        if (input.seats > remaining) return conflict(reservationTexts.staffPastCapacity(Math.max(0, remaining)));
        const { token, tokenHash } = newToken();
        const at = now.toISOString();
        const reminderMoment = Date.parse(performance.date) - config.reservations.reminderHours * 3_600_000;
        const row = await trx
          .insertInto('reservations')
          .values({
            performanceId,
            firstName: input.firstName,
            lastName: input.lastName,
            email: input.email?.toLowerCase() ?? null,
            phone: input.phone,
            seats: input.seats,
            status: 'confirmed',
            tokenHash,
            reminderSentAt: now.getTime() >= reminderMoment ? at : null,
            source: 'staff',
            createdAt: at,
            updatedAt: at,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        // With an address, the person gets the same confirmation as online (calendar file, cancel link).
        if (row.email) await mailer.send(confirmedMail(settleDeps.mail, performance, row, token), trx);
        return toReservation(row);
      });
    },

    /** Idempotent (the door replays it): checking in twice keeps the first time; unchecking clears it. */
    async checkIn(id: number, checkedIn: boolean): Promise<Reservation> {
      return inTransaction(async (trx) => {
        const { reservation } = await lockedReservation(trx, id);
        if (checkedIn && !HELD_STATUSES.includes(reservation.status)) return conflict(reservationTexts.notCheckable);
        const checkedInAt = checkedIn ? (reservation.checkedInAt ?? clock.now().toISOString()) : null;
        const row = await trx.updateTable('reservations').set({ checkedInAt, updatedAt: clock.now().toISOString() }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
        return toReservation(row);
      });
    },

    /** Cancels for the person (their seats go to the waiting list at once); a second cancel changes nothing. */
    async cancel(id: number): Promise<Reservation> {
      return inTransaction(async (trx) => {
        const { performance, reservation } = await lockedReservation(trx, id);
        if (!LIVE_STATUSES.includes(reservation.status)) return toReservation(reservation);
        const now = clock.now();
        const row = await trx
          .updateTable('reservations')
          .set({ status: 'cancelled', holdExpiresAt: null, offerExpiresAt: null, updatedAt: now.toISOString() })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await settlePerformance(trx, settleDeps, performance, now);
        return toReservation(row);
      });
    },

    async remove(id: number): Promise<void> {
      await inTransaction(async (trx) => {
        const { performance } = await lockedReservation(trx, id);
        await trx.deleteFrom('reservations').where('id', '=', id).execute();
        await settlePerformance(trx, settleDeps, performance, clock.now());
      });
    },
  };
}
