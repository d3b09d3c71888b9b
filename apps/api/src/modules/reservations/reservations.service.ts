import { performanceNotFound, reservationTexts, takesReservations, type Availability, type ReservationRequest, type ReservationSummary } from '@bande/shared';
import type { AppDeps } from '../../deps.ts';
import { minutes } from '../../lib/clock.ts';
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-error.ts';
import { hashToken } from '../../lib/token-hash.ts';
import { heldOn, lockPerformance, newToken, readPerformance, settlePerformance, type BookablePerformance, type Executor, type ReservationRow, type SettleDeps } from './booking.ts';
import { confirmMail, confirmedMail, waitingMail } from './reservation-mails.ts';
import { HELD_STATUSES, LIVE_STATUSES } from './reservation-status.ts';

type Deps = Pick<AppDeps, 'db' | 'dialect' | 'clock' | 'config' | 'mailer'>;

/** Open for bookings: takes reservations, its show is published, and it has not started. */
export const isOpen = (p: BookablePerformance, now: Date) => p.published === 1 && takesReservations(p) && Date.parse(p.date) > now.getTime();

export function summaryOf(p: BookablePerformance, r: Pick<ReservationRow, 'status' | 'seats' | 'offerExpiresAt'>): ReservationSummary {
  return { status: r.status, seats: r.seats, showName: p.showName, date: p.date, venueName: p.venueName, address: p.address, offerExpiresAt: r.status === 'offered' ? r.offerExpiresAt : null };
}

/** The visitors' side of reservations: availability, booking, and what the mailed links do. */
export function reservationsService(deps: Deps) {
  const { db, dialect, clock, config, mailer } = deps;
  const settings = config.reservations;
  const settleDeps: SettleDeps = { dialect, mailer, settings, mail: { siteUrl: config.siteUrl, now: () => clock.now() } };

  /**
   * Runs `work` in a transaction, then wakes the mail worker for the mails it queued. A refusal that
   * `work` answers (rather than throws) is thrown after the commit: what the transaction settled on the
   * way (a lapsed hold found expired, the waiting list served) is kept.
   */
  async function inTransaction<T>(work: (trx: Executor) => Promise<T | HttpError>): Promise<T> {
    const result = await db.transaction().execute(work);
    mailer.nudge?.();
    if (result instanceof HttpError) throw result;
    return result;
  }

  /** The reservation a token names (current or previous link) and its locked performance; 404 otherwise. */
  async function byToken(trx: Executor, token: string): Promise<{ reservation: ReservationRow; performance: BookablePerformance }> {
    const hash = hashToken(token);
    const found = await trx
      .selectFrom('reservations')
      .select('performanceId')
      .where((eb) => eb.or([eb('tokenHash', '=', hash), eb('secondTokenHash', '=', hash)]))
      .executeTakeFirst();
    if (!found) throw notFound(reservationTexts.tokenInvalid);
    const performance = await lockPerformance(trx, dialect, found.performanceId);
    if (!performance) throw notFound(reservationTexts.tokenInvalid);
    // Read again under the lock: the row's state is now settled for this transaction.
    await settlePerformance(trx, settleDeps, performance, clock.now());
    const reservation = await trx
      .selectFrom('reservations')
      .selectAll()
      .where((eb) => eb.or([eb('tokenHash', '=', hash), eb('secondTokenHash', '=', hash)]))
      .executeTakeFirstOrThrow();
    return { reservation, performance };
  }

  /** Confirms a pending or offered reservation; the confirmed mail carries the same token's cancel link. */
  async function confirmWith(token: string, from: 'pending' | 'offered'): Promise<ReservationSummary> {
    return inTransaction(async (trx) => {
      const { reservation, performance } = await byToken(trx, token);
      if (reservation.status === 'confirmed') return summaryOf(performance, reservation);
      if (reservation.status !== from) return conflict(from === 'pending' ? reservationTexts.notPending : reservationTexts.notOffered);
      const now = clock.now();
      // Confirmed after the reminder's moment: no reminder (this mail is the last word before the show).
      const reminderMoment = Date.parse(performance.date) - settings.reminderHours * 60 * minutes(1);
      await trx
        .updateTable('reservations')
        .set({ status: 'confirmed', holdExpiresAt: null, offerExpiresAt: null, reminderSentAt: now.getTime() >= reminderMoment ? now.toISOString() : null, updatedAt: now.toISOString() })
        .where('id', '=', reservation.id)
        .where('status', '=', from)
        .execute();
      if (reservation.email) await mailer.send(confirmedMail(settleDeps.mail, performance, reservation, token), trx);
      return summaryOf(performance, { ...reservation, status: 'confirmed' });
    });
  }

  return {
    async availability(performanceId: number): Promise<Availability> {
      const now = clock.now();
      const performance = await readPerformance(db, performanceId);
      if (!performance || performance.published !== 1) throw notFound(performanceNotFound);
      const waitingList = Number(
        (await db.selectFrom('reservations').select((eb) => eb.fn.countAll<number>().as('n')).where('performanceId', '=', performanceId).where('status', '=', 'waiting').executeTakeFirstOrThrow()).n,
      );
      if (!takesReservations(performance)) return { capacity: null, remaining: null, open: false, waitingList, maxSeats: settings.maxSeats };
      // Lapsed holds count as free at once, before the timed work has marked them.
      const at = now.toISOString();
      const held = await db
        .selectFrom('reservations')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('seats'), eb.val(0)).as('seats'))
        .where('performanceId', '=', performanceId)
        .where((eb) =>
          eb.or([
            eb('status', '=', 'confirmed'),
            eb.and([eb('status', '=', 'pending'), eb('holdExpiresAt', '>', at)]),
            eb.and([eb('status', '=', 'offered'), eb('offerExpiresAt', '>', at)]),
          ]),
        )
        .executeTakeFirstOrThrow();
      const remaining = Math.max(0, performance.capacity! - Number(held.seats));
      return { capacity: performance.capacity, remaining, open: isOpen(performance, now), waitingList, maxSeats: settings.maxSeats };
    },

    /**
     * A visitor's booking, in one transaction under the performance's lock: lapsed holds expire and the
     * waiting list is served first (so that nobody waiting is overtaken by seats they could have had),
     * then the seats left are counted and the reservation inserted, with its mail.
     */
    async create(input: Omit<ReservationRequest, 'website'> & { phone: string | null }): Promise<{ status: 'pending' | 'waiting' }> {
      if (input.seats > settings.maxSeats) throw badRequest(reservationTexts.seatsInvalid(settings.maxSeats));
      const email = input.email.toLowerCase();
      return inTransaction(async (trx) => {
        const now = clock.now();
        const performance = await lockPerformance(trx, dialect, input.performanceId);
        if (!performance || performance.published !== 1) throw notFound(performanceNotFound);
        if (!isOpen(performance, now)) throw conflict(reservationTexts.notOpen);
        await settlePerformance(trx, settleDeps, performance, now);
        const duplicate = await trx
          .selectFrom('reservations')
          .select('id')
          .where('performanceId', '=', performance.id)
          .where('email', '=', email)
          .where('status', 'in', LIVE_STATUSES)
          .executeTakeFirst();
        if (duplicate) throw conflict(reservationTexts.alreadyBooked);
        const remaining = performance.capacity! - (await heldOn(trx, performance.id));
        const fits = input.seats <= remaining;
        if (!fits && !input.waitingList) throw conflict(reservationTexts.remaining(Math.max(0, remaining)));
        const { token, tokenHash } = newToken();
        const at = now.toISOString();
        const holdExpiresAt = fits ? new Date(now.getTime() + minutes(settings.holdMinutes)).toISOString() : null;
        const row = {
          performanceId: performance.id,
          firstName: input.firstName,
          lastName: input.lastName,
          email,
          phone: input.phone,
          seats: input.seats,
          status: fits ? ('pending' as const) : ('waiting' as const),
          tokenHash,
          holdExpiresAt,
          source: 'public' as const,
          createdAt: at,
          updatedAt: at,
        };
        await trx.insertInto('reservations').values(row).execute();
        await mailer.send(fits ? confirmMail(settleDeps.mail, performance, row, token) : waitingMail(settleDeps.mail, performance, row, token), trx);
        return { status: row.status };
      });
    },

    confirm: (token: string) => confirmWith(token, 'pending'),
    claim: (token: string) => confirmWith(token, 'offered'),

    /**
     * Cancels a reservation (or takes a waiting entry off the list): its seats come back at once and
     * the waiting list is served in the same transaction. A second cancel answers the same without
     * effect; after the performance has started nothing changes (409).
     */
    async cancel(token: string): Promise<{ status: 'cancelled' }> {
      return inTransaction(async (trx) => {
        const { reservation, performance } = await byToken(trx, token);
        if (reservation.status === 'cancelled') return { status: 'cancelled' as const };
        const now = clock.now();
        if (!LIVE_STATUSES.includes(reservation.status) || Date.parse(performance.date) <= now.getTime()) return conflict(reservationTexts.notCancellable);
        await trx
          .updateTable('reservations')
          .set({ status: 'cancelled', holdExpiresAt: null, offerExpiresAt: null, updatedAt: now.toISOString() })
          .where('id', '=', reservation.id)
          .execute();
        if (HELD_STATUSES.includes(reservation.status)) await settlePerformance(trx, settleDeps, performance, now);
        return { status: 'cancelled' as const };
      });
    },

    async lookup(token: string): Promise<ReservationSummary> {
      return inTransaction(async (trx) => {
        const { reservation, performance } = await byToken(trx, token);
        return summaryOf(performance, reservation);
      });
    },
  };
}
