import { performanceNotFound, reservationTexts, takesReservations, type Availability, type ReservationAction, type ReservationRequest, type ReservationSummary } from '@bande/shared';
import type { AppDeps } from '../../deps.ts';
import { minutes } from '../../lib/clock.ts';
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-error.ts';
import { hashToken } from '../../lib/token-hash.ts';
import { BOOKABLE_COLUMNS, expireLapsed, lockPerformance, newToken, recordSoldOut, settlePerformance, type BookablePerformance, type Executor, type ReservationRow, type SettleDeps } from './booking.ts';
import { confirmedMail, mailOfState, waitingMail, confirmMail } from './reservation-mails.ts';
import { HELD_STATUSES, LIVE_STATUSES } from './reservation-status.ts';
import { keyedQueue } from './keyed-queue.ts';
import { seatsSeen } from './seats-seen.ts';

/** Bookings of one performance run at most this many at once per server (keyed-queue.ts): a few overlap, the pool keeps room. */
const BOOKINGS_AT_ONCE = 3;

type Deps = Pick<AppDeps, 'db' | 'dialect' | 'clock' | 'config' | 'mailer'>;

/** Open for bookings: takes reservations, its show is published, and it has not started. */
export const isOpen = (p: BookablePerformance, now: Date) => p.published === 1 && takesReservations(p) && Date.parse(p.date) > now.getTime();

export function summaryOf(p: BookablePerformance, r: Pick<ReservationRow, 'status' | 'seats' | 'offerExpiresAt'>): ReservationSummary {
  return { status: r.status, seats: r.seats, showName: p.showName, date: p.date, venueName: p.venueName, address: p.address, offerExpiresAt: r.status === 'offered' ? r.offerExpiresAt : null };
}

/** The visitors' side of reservations: availability, booking, and what the mailed links do. */
/**
 * A visitor's booking as its row is written: held for RESERVATION_HOLD_MINUTES when it fits ('pending'),
 * else on the waiting list. One shape for the plain fast path and the full path under the lock.
 */
function publicBookingRow(
  booking: { performanceId: number; firstName: string; lastName: string; email: string; phone: string | null; seats: number },
  status: 'pending' | 'waiting',
  tokenHash: string,
  now: Date,
  holdMinutes: number,
) {
  const at = now.toISOString();
  return {
    ...booking,
    status,
    tokenHash,
    holdExpiresAt: status === 'pending' ? new Date(now.getTime() + minutes(holdMinutes)).toISOString() : null,
    source: 'public' as const,
    createdAt: at,
    updatedAt: at,
  };
}

export function reservationsService(deps: Deps) {
  const { db, dialect, clock, config, mailer } = deps;
  const settings = config.reservations;
  const settleDeps: SettleDeps = { dialect, mailer, settings, mail: { siteUrl: config.siteUrl, now: () => clock.now() } };
  const bookingsOf = keyedQueue(BOOKINGS_AT_ONCE);
  const lastSeen = seatsSeen();

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

  /**
   * Confirms a pending or offered reservation; the confirmed mail carries the same token's cancel link.
   * Refused (409) like a booking once the performance has started or its show is unpublished. A second
   * press (an old tab) answers the reservation with `mailSent: false`: no mail went this time.
   */
  async function confirmWith(token: string, from: 'pending' | 'offered'): Promise<ReservationAction> {
    return inTransaction(async (trx) => {
      const { reservation, performance } = await byToken(trx, token);
      const now = clock.now();
      if (performance.published !== 1 || Date.parse(performance.date) <= now.getTime()) return conflict(reservationTexts.confirmClosed);
      if (reservation.status === 'confirmed') return { ...summaryOf(performance, reservation), mailSent: false };
      if (reservation.status !== from) return conflict(from === 'pending' ? reservationTexts.notPending : reservationTexts.notOffered);
      // Confirmed after the reminder's moment: no reminder (this mail is the last word before the show).
      const reminderMoment = Date.parse(performance.date) - settings.reminderHours * 60 * minutes(1);
      await trx
        .updateTable('reservations')
        .set({ status: 'confirmed', holdExpiresAt: null, offerExpiresAt: null, ...(from === 'offered' ? { offerTakenAt: now.toISOString() } : {}), reminderSentAt: now.getTime() >= reminderMoment ? now.toISOString() : null, updatedAt: now.toISOString() })
        .where('id', '=', reservation.id)
        .where('status', '=', from)
        .execute();
      if (reservation.email) await mailer.send(confirmedMail(settleDeps.mail, performance, reservation, token), trx);
      return { ...summaryOf(performance, { ...reservation, status: 'confirmed' }), mailSent: reservation.email !== null };
    });
  }

  /**
   * Mails the links of an existing reservation again, under a fresh token (only hashes are stored):
   * the new one becomes the current token and the previous current one stays valid as the second.
   * How often one address can be mailed so is bounded by the booking route's limit per e-mail address.
   */
  async function mailAgain(trx: Executor, performance: BookablePerformance, id: number, now: Date): Promise<void> {
    const reservation = await trx.selectFrom('reservations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const { token, tokenHash } = newToken();
    await trx.updateTable('reservations').set({ tokenHash, secondTokenHash: reservation.tokenHash, updatedAt: now.toISOString() }).where('id', '=', id).execute();
    const mail = mailOfState(settleDeps.mail, performance, reservation, token);
    if (mail) await mailer.send(mail, trx);
  }

  /**
   * The plain booking, with the performance's row lock held for a read, the mail and the commit: the
   * reservation is inserted, and the
   * insert's trigger adds its seats to `performances.held_seats` (migration 031): that UPDATE takes the
   * row lock, and on PostgreSQL it waits for the bookings before it and then adds to their committed
   * count. One read follows (a statement after the lock sees everything committed before it): the count,
   * the performance as it now stands, and whether a hold or an offer has lapsed or the address already
   * booked. When it is not the plain case (too few seats with the waiting list asked, a lapsed hold, the
   * address already booked, the performance changed or closed meanwhile), everything is rolled back and
   * null answered: the full path decides, under the lock as before.
   */
  async function quickBooking(input: Omit<ReservationRequest, 'website'> & { phone: string | null }, email: string, seen: Awaited<ReturnType<typeof peek>>): Promise<{ status: 'pending' } | null> {
    const now = clock.now();
    const performance = seen?.performance;
    if (!performance || !isOpen(performance, now) || seen.lapsed) return null;
    const notPlain = new Error('not the plain case');
    const readFrom = lastSeen.moment();
    try {
      const booked = await inTransaction(async (trx) => {
        const { token, tokenHash } = newToken();
        const at = now.toISOString();
        const row = publicBookingRow({ performanceId: performance.id, firstName: input.firstName, lastName: input.lastName, email, phone: input.phone, seats: input.seats }, 'pending', tokenHash, now, settings.holdMinutes);
        const { id } = await trx.insertInto('reservations').values(row).returning('id').executeTakeFirstOrThrow();
        // From here to the commit the lock is held: one read, then the mail queued.
        const after = await trx
          .selectFrom('performances')
          .innerJoin('shows', 'shows.id', 'performances.showId')
          .select((eb) => [
            ...BOOKABLE_COLUMNS,
            'performances.heldSeats',
            eb
              .exists(
                eb
                  .selectFrom('reservations')
                  .select('reservations.id')
                  .whereRef('reservations.performanceId', '=', 'performances.id')
                  .where((inner) =>
                    inner.or([
                      inner.and([inner('status', '=', 'pending'), inner('holdExpiresAt', '<=', at)]),
                      inner.and([inner('status', '=', 'offered'), inner('offerExpiresAt', '<=', at)]),
                      inner.and([inner('email', '=', email), inner('status', 'in', LIVE_STATUSES), inner('reservations.id', '!=', id)]),
                    ]),
                  ),
              )
              .as('notPlain'),
          ])
          .where('performances.id', '=', performance.id)
          .executeTakeFirst();
        if (!after) throw notPlain;
        const { heldSeats, notPlain: lapsedOrKnown, ...locked } = after;
        // The mail was written from the performance as peeked: anything changed since, the full path decides.
        const same = (Object.keys(performance) as (keyof BookablePerformance)[]).every((key) => performance[key] === locked[key]);
        if (!same || !isOpen(locked, clock.now()) || Number(lapsedOrKnown) > 0) throw notPlain;
        const held = Number(heldSeats);
        if (held > locked.capacity!) {
          // Too few seats, and nothing lapsed that would give some back: the full path would answer the
          // same 409 (thrown here, so that the reservation is rolled back); the waiting list is its own.
          // The others' seats were committed: what is left stands after this rollback.
          lastSeen.saw(performance.id, readFrom, locked.capacity! - (held - input.seats));
          if (input.waitingList) throw notPlain;
          throw conflict(reservationTexts.remaining(Math.max(0, locked.capacity! - (held - input.seats))));
        }
        // The flag changes only with the last seat taken: no further statement otherwise.
        if (held === locked.capacity) await recordSoldOut(trx, locked, held);
        // Queued once the booking is known to stand: a mail sent and then rolled back would be one too
        // many with a mailer outside the database (Mailer.send; the queued mailer would allow it first).
        await mailer.send(confirmMail(settleDeps.mail, locked, row, token), trx);
        return { status: 'pending' as const, left: locked.capacity! - held };
      });
      lastSeen.saw(performance.id, readFrom, booked.left);
      return { status: booked.status };
    } catch (error) {
      if (error === notPlain) return null;
      throw error;
    }
  }

  /**
   * A look without the lock, in one statement: the performance (what the mails and the rules need),
   * the seats held on it (its counter), and whether a hold or an offer has lapsed (which would give seats back).
   */
  async function peek(performanceId: number): Promise<{ performance: BookablePerformance; held: number; lapsed: boolean } | undefined> {
    const at = clock.now().toISOString();
    const row = await db
      .selectFrom('performances')
      .innerJoin('shows', 'shows.id', 'performances.showId')
      .select((eb) => [
        ...BOOKABLE_COLUMNS,
        // The seats held, as the triggers keep them (migration 031): no sum over the reservations.
        'performances.heldSeats as held',
        eb
          .selectFrom('reservations')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .whereRef('reservations.performanceId', '=', 'performances.id')
          .where((inner) =>
            inner.or([inner.and([inner('status', '=', 'pending'), inner('holdExpiresAt', '<=', at)]), inner.and([inner('status', '=', 'offered'), inner('offerExpiresAt', '<=', at)])]),
          )
          .as('lapsed'),
      ])
      .where('performances.id', '=', performanceId)
      .executeTakeFirst();
    if (!row) return undefined;
    const { held, lapsed, ...performance } = row;
    return { performance, held: Number(held ?? 0), lapsed: Number(lapsed ?? 0) > 0 };
  }

  /**
   * The seats a look found left, or null when only the lock can tell (nothing found, a hold lapsed, not
   * open). Fewer than a booking asks: it is refused without taking the lock (what a booking a moment
   * later under the lock would be told), so that after a sell-out late attempts cost one read each.
   */
  function seatsLeft(found: Awaited<ReturnType<typeof peek>>): number | null {
    if (!found || found.lapsed || !isOpen(found.performance, clock.now())) return null;
    return found.performance.capacity! - found.held;
  }

  return {
    /**
     * What the booking dialog shows, in one statement (the public page asks it at each opening): the
     * performance, its parties waiting and its seats held. Lapsed holds and offers count as free at
     * once, before the timed work has marked them.
     */
    async availability(performanceId: number): Promise<Availability> {
      const now = clock.now();
      const at = now.toISOString();
      const row = await db
        .selectFrom('performances')
        .innerJoin('shows', 'shows.id', 'performances.showId')
        .select((eb) => [
          ...BOOKABLE_COLUMNS,
          eb
            .selectFrom('reservations')
            .select((inner) => inner.fn.countAll<number>().as('n'))
            .whereRef('reservations.performanceId', '=', 'performances.id')
            .where('reservations.status', '=', 'waiting')
            .as('waiting'),
          eb
            .selectFrom('reservations')
            .select((inner) => inner.fn.coalesce(inner.fn.sum<number>('seats'), inner.val(0)).as('n'))
            .whereRef('reservations.performanceId', '=', 'performances.id')
            .where((inner) =>
              inner.or([
                inner('status', '=', 'confirmed'),
                inner.and([inner('status', '=', 'pending'), inner('holdExpiresAt', '>', at)]),
                inner.and([inner('status', '=', 'offered'), inner('offerExpiresAt', '>', at)]),
              ]),
            )
            .as('held'),
        ])
        .where('performances.id', '=', performanceId)
        .executeTakeFirst();
      if (!row || row.published !== 1) throw notFound(performanceNotFound);
      const { waiting, held, ...performance } = row;
      const waitingList = Number(waiting ?? 0);
      if (!takesReservations(performance)) return { capacity: null, remaining: null, open: false, waitingList, maxSeats: settings.maxSeats };
      const remaining = Math.max(0, performance.capacity! - Number(held ?? 0));
      return { capacity: performance.capacity, remaining, open: isOpen(performance, now), waitingList, maxSeats: settings.maxSeats };
    },

    /**
     * A visitor's booking, in one transaction under the performance's lock: lapsed holds expire and the
     * waiting list is served first (so that nobody waiting is overtaken by seats they could have had),
     * then the seats left are counted and the reservation inserted, with its mail. The plain case (seats
     * free, nothing lapsed, a new address) goes the quick way first (quickBooking).
     */
    async create(input: Omit<ReservationRequest, 'website'> & { phone: string | null }): Promise<{ status: 'pending' | 'waiting' }> {
      if (input.seats > settings.maxSeats) throw badRequest(reservationTexts.seatsInvalid(settings.maxSeats));
      const email = input.email.toLowerCase();
      const arrived = lastSeen.moment();
      // The look comes once the booking's turn has come (the bookings queued before it may have taken
      // the last seats), not also before: in a burst at an opening every attempt would pass that first
      // look, and its round trip slowed them all. A look begun after this booking arrived may already
      // have told (seats-seen.ts); otherwise its own, a single read. The plain case first, with the lock
      // held briefly; anything else takes the full path below.
      const look = async () => {
        const known = input.waitingList ? null : lastSeen.refuses(input.performanceId, arrived, input.seats);
        if (known !== null) throw conflict(reservationTexts.remaining(known));
        const readFrom = lastSeen.moment();
        const found = await peek(input.performanceId);
        const left = seatsLeft(found);
        lastSeen.saw(input.performanceId, readFrom, left);
        if (!input.waitingList && left !== null && left < input.seats) throw conflict(reservationTexts.remaining(Math.max(0, left)));
        return found;
      };
      return bookingsOf(input.performanceId, async () => (await quickBooking(input, email, await look())) ?? inTransaction(async (trx) => {
        const now = clock.now();
        const performance = await lockPerformance(trx, dialect, input.performanceId);
        if (!performance || performance.published !== 1) throw notFound(performanceNotFound);
        if (!isOpen(performance, now)) throw conflict(reservationTexts.notOpen);
        await expireLapsed(trx, settleDeps, performance, now);
        // Held seats and the same address's live reservation in one round trip (the lock is held meanwhile).
        const counts = await trx
          .selectFrom('reservations')
          .select((eb) => [
            eb.fn.coalesce(eb.fn.sum<number>(eb.case().when('status', 'in', HELD_STATUSES).then(eb.ref('seats')).else(0).end()), eb.val(0)).as('held'),
            eb.fn.coalesce(eb.fn.max<number>(eb.case().when(eb.and([eb('email', '=', email), eb('status', 'in', LIVE_STATUSES)])).then(eb.ref('id')).else(0).end()), eb.val(0)).as('duplicate'),
          ])
          .where('performanceId', '=', performance.id)
          .executeTakeFirstOrThrow();
        const held = Number(counts.held);
        const remaining = performance.capacity! - held;
        const fits = input.seats <= remaining;
        if (!fits && !input.waitingList) throw conflict(reservationTexts.remaining(Math.max(0, remaining)));
        const status = fits ? ('pending' as const) : ('waiting' as const);
        if (Number(counts.duplicate) > 0) {
          // The address already has a reservation here (its owner lost the mail, or a stranger typed it):
          // the answer is a new booking's, and its owner gets that reservation's links again.
          await mailAgain(trx, performance, Number(counts.duplicate), now);
          return { status };
        }
        const { token, tokenHash } = newToken();
        const row = publicBookingRow({ performanceId: performance.id, firstName: input.firstName, lastName: input.lastName, email, phone: input.phone, seats: input.seats }, status, tokenHash, now, settings.holdMinutes);
        await trx.insertInto('reservations').values(row).execute();
        // The flag changes only with the last seat taken: no further statement otherwise.
        if (fits && remaining - input.seats <= 0) await recordSoldOut(trx, performance, held + input.seats);
        await mailer.send(fits ? confirmMail(settleDeps.mail, performance, row, token) : waitingMail(settleDeps.mail, performance, row, token), trx);
        return { status: row.status };
      }));
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
