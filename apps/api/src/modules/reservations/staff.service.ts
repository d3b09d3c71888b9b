import { stringify } from 'csv-stringify/sync';
import {
  performanceNotFound,
  reservationTexts,
  takesReservations,
  type CheckInInput,
  type CheckInResult,
  type Reservation,
  type ReservationPerformance,
  type StaffReservationInput,
  type WalkInInput,
} from '@bande/shared';
import type { AppDeps } from '../../deps.ts';
import { isUniqueViolation } from '../../lib/constraint-errors.ts';
import { HttpError, conflict, notFound } from '../../lib/http-error.ts';
import { lazyParisFormatter, partsOf } from '@bande/shared/format/paris-clock';
import { csvDate } from '../newsletter/newsletter.service.ts';
import { heldOn, lockPerformance, newToken, recordSoldOut, settlePerformance, type Executor, type ReservationRow, type SettleDeps } from './booking.ts';
import { checkInReservation, recordWalkIn } from './door-arrivals.ts';
import { confirmedMail } from './reservation-mails.ts';
import { HELD_STATUSES, LIVE_STATUSES } from './reservation-status.ts';

type Deps = Pick<AppDeps, 'db' | 'dialect' | 'clock' | 'config' | 'mailer'>;

/** Performances stay in the staff tab this long after they started: the door checks people in meanwhile. */
export const DOOR_WINDOW_MS = 12 * 60 * 60 * 1000;

/**
 * After that, the tab lists them under « Représentations passées » this long: the staff thank the
 * audience the next days (« Remercier les spectateurs ») and read who came.
 */
export const PAST_WINDOW_MS = 60 * 24 * 60 * 60 * 1000;

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
  checkedInSeats: row.checkedInSeats,
  source: row.source,
  beyondCapacity: row.beyondCapacity === 1,
});

const STATUS_LABELS: Record<Reservation['status'], string> = {
  pending: 'À confirmer',
  confirmed: 'Confirmée',
  waiting: 'Liste d’attente',
  offered: 'Places proposées',
  cancelled: 'Annulée',
  expired: 'Expirée',
};

const arrivalClock = lazyParisFormatter({ year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
/** The tap's moment to the second, Paris time (« 03/03/2026 20:52:58 »): the door's record of an arrival. */
function arrivalCsv(iso: string): string {
  const part = partsOf(arrivalClock(), new Date(iso));
  return `${part.day}/${part.month}/${part.year} ${part.hour}:${part.minute}:${part.second}`;
}

const WALK_IN_LABEL = 'Sans réservation (entrée)';
const BEYOND_CAPACITY_LABEL = 'au-delà de la jauge';

/** Seats of a confirmed booking that did not come (walk-ins came, by definition). */
const noShowSeats = (r: Reservation) => (r.status === 'confirmed' && r.source !== 'door' ? r.seats - (r.checkedInSeats ?? 0) : 0);

/** The last line: seats booked (confirmed), seats arrived (walk-ins included), no-shows (once started). */
function totalsLine(rows: Reservation[], started: boolean): string[] {
  const sum = (pick: (r: Reservation) => number) => String(rows.reduce((total, r) => total + pick(r), 0));
  const booked = sum((r) => (r.status === 'confirmed' && r.source !== 'door' ? r.seats : 0));
  const arrived = sum((r) => (HELD_STATUSES.includes(r.status) ? (r.checkedInSeats ?? 0) : 0));
  return ['Total', '', '', '', booked, 'Places confirmées', '', '', arrived, started ? sum(noShowSeats) : '', ''];
}

/**
 * The reservations of a performance as a French spreadsheet opens them (the subscribers' CSV format:
 * UTF-8 BOM, `;`, CRLF, formulas neutralised). « Entrée pointée » is the moment of the tap, to the
 * second; a last line totals the seats booked, arrived and not come. Before the performance has started
 * nobody is a no-show yet (people are still on their way): « Places non venues » stays empty until then.
 */
export function reservationsCsv(rows: Reservation[], { started }: { started: boolean }): string {
  const lines = [
    ['Nom', 'Prénom', 'Adresse email', 'Téléphone', 'Places', 'Statut', 'Réservée le', 'Entrée pointée', 'Places arrivées', 'Places non venues', 'Remarque'],
    ...rows.map((r) => [
      r.lastName,
      r.firstName,
      r.email ?? '',
      r.phone ?? '',
      String(r.seats),
      r.source === 'door' ? WALK_IN_LABEL : STATUS_LABELS[r.status],
      csvDate(r.createdAt),
      r.checkedInAt ? arrivalCsv(r.checkedInAt) : '',
      String(r.checkedInSeats ?? 0),
      started ? String(noShowSeats(r)) : '',
      r.beyondCapacity ? BEYOND_CAPACITY_LABEL : '',
    ]),
    totalsLine(rows, started),
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

  async function list(performanceId: number): Promise<Reservation[]> {
    const performance = await db.selectFrom('performances').select('id').where('id', '=', performanceId).executeTakeFirst();
    if (!performance) throw notFound(performanceNotFound);
    const rows = await db.selectFrom('reservations').selectAll().where('performanceId', '=', performanceId).orderBy('createdAt').orderBy('id').execute();
    return rows.map(toReservation);
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
    /**
     * 'current': the coming performances and those started less than DOOR_WINDOW_MS ago, soonest first;
     * 'past': those started before that, within PAST_WINDOW_MS, latest first.
     */
    async performances(when: 'current' | 'past' = 'current'): Promise<ReservationPerformance[]> {
      const now = clock.now().getTime();
      const doorEnds = new Date(now - DOOR_WINDOW_MS).toISOString();
      const rows = await db
        .selectFrom('performances')
        .innerJoin('shows', 'shows.id', 'performances.showId')
        .select(['performances.id', 'performances.showId', 'shows.name', 'shows.slug', 'performances.date', 'performances.venueName', 'performances.address', 'performances.capacity', 'performances.bookingLink'])
        .where('performances.capacity', 'is not', null)
        .$if(when === 'current', (q) => q.where('performances.date', '>', doorEnds).orderBy('performances.date').orderBy('performances.id'))
        .$if(when === 'past', (q) =>
          q
            .where('performances.date', '<=', doorEnds)
            .where('performances.date', '>', new Date(now - PAST_WINDOW_MS).toISOString())
            .orderBy('performances.date', 'desc')
            .orderBy('performances.id', 'desc'),
        )
        .execute();
      const open = rows.filter((row) => takesReservations(row));
      const counts = open.length
        ? await db
            .selectFrom('reservations')
            .select((eb) => [
              'performanceId',
              'status',
              'source',
              eb.fn.sum<number>('seats').as('seats'),
              eb.fn.countAll<number>().as('parties'),
              eb.fn.sum<number>(eb.fn.coalesce('checkedInSeats', eb.val(0))).as('arrived'),
              eb.fn.max<number>('beyondCapacity').as('beyond'),
            ])
            .where('performanceId', 'in', open.map((row) => row.id))
            .groupBy(['performanceId', 'status', 'source'])
            .execute()
        : [];
      return open.map((row) => {
        const mine = counts.filter((c) => c.performanceId === row.id);
        const total = (pick: (c: (typeof mine)[number]) => unknown, keep: (c: (typeof mine)[number]) => boolean) => mine.filter(keep).reduce((sum, c) => sum + Number(pick(c) ?? 0), 0);
        const booked = (status: string) => (c: (typeof mine)[number]) => c.status === status && c.source !== 'door';
        const walkIn = (c: (typeof mine)[number]) => c.status === 'confirmed' && c.source === 'door';
        const confirmed = total((c) => c.seats, booked('confirmed'));
        const pending = total((c) => c.seats, booked('pending'));
        const offered = total((c) => c.seats, booked('offered'));
        const walkIns = total((c) => c.seats, walkIn);
        return {
          performanceId: row.id,
          showId: row.showId,
          showName: row.name,
          showSlug: row.slug,
          date: row.date,
          venueName: row.venueName,
          address: row.address,
          capacity: row.capacity!,
          confirmed,
          pending,
          offered,
          waiting: total((c) => c.parties, booked('waiting')),
          checkedIn: total((c) => c.arrived, (c) => HELD_STATUSES.includes(c.status)),
          walkIns,
          // Before the start, a booking not checked in yet is still on its way, not a no-show.
          noShows: Date.parse(row.date) <= clock.now().getTime() ? confirmed - total((c) => c.arrived, booked('confirmed')) : 0,
          beyondCapacity: confirmed + pending + offered + walkIns > row.capacity! || total((c) => c.beyond, walkIn) > 0,
        };
      });
    },

    /** The performance's reservations as a spreadsheet (reservationsCsv), no-shows only once it has started. */
    async csv(performanceId: number): Promise<string> {
      const rows = await list(performanceId);
      const performance = await db.selectFrom('performances').select('date').where('id', '=', performanceId).executeTakeFirstOrThrow();
      return reservationsCsv(rows, { started: Date.parse(performance.date) <= clock.now().getTime() });
    },

    list,

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
        await recordSoldOut(trx, performance);
        // With an address, the person gets the same confirmation as online (calendar file, cancel link).
        if (row.email) await mailer.send(confirmedMail(settleDeps.mail, performance, row, token), trx);
        return toReservation(row);
      });
    },

    /**
     * Idempotent (the door replays it): the earliest tap's moment is kept, the count of people arrived
     * is the phone's; another phone's sync of a party already in is told so (`otherDevice`).
     */
    async checkIn(id: number, input: CheckInInput): Promise<CheckInResult> {
      return inTransaction(async (trx) => {
        const { performance, reservation } = await lockedReservation(trx, id);
        const outcome = await checkInReservation(trx, performance, reservation, input, clock.now());
        if (outcome instanceof HttpError) return outcome;
        return { data: toReservation(outcome.row), ...(outcome.otherDevice ? { otherDevice: outcome.otherDevice } : {}) };
      });
    },

    /** « Ajouter à l'entrée »: recorded once per nonce, beyond the capacity too (flagged). */
    async walkIn(performanceId: number, input: WalkInInput & { name: string }): Promise<{ reservation: Reservation; created: boolean }> {
      const attempt = () =>
        inTransaction<{ reservation: Reservation; created: boolean }>(async (trx) => {
          const performance = await lockPerformance(trx, dialect, performanceId);
          if (!performance) throw notFound(performanceNotFound);
          const outcome = await recordWalkIn(trx, performance, input, clock.now());
          if (outcome instanceof HttpError) return outcome;
          return { reservation: toReservation(outcome.row), created: outcome.created };
        });
      try {
        return await attempt();
      } catch (error) {
        // One nonce sent at once for two performances (each holds only its own lock): the unique index
        // refuses the second insert; tried again, it finds the first row and is answered as a replay is.
        if (isUniqueViolation(error)) return attempt();
        throw error;
      }
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
