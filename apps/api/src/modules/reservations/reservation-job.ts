import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { createPeriodicJob, type PeriodicJob } from '../../lib/periodic-job.ts';
import { lockPerformance, newToken, readPerformance, settlePerformance, type SettleDeps } from './booking.ts';
import { reminderMail } from './reservation-mails.ts';

/** Time between two runs: timed work (lapsed holds, offers, reminders) happens within this of its due time. */
export const RESERVATION_JOB_MS = 5_000;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

type Deps = Pick<AppDeps, 'db' | 'dialect' | 'clock' | 'config' | 'mailer'>;

export interface ReservationRun {
  settled: number;
  reminded: number;
  erased: number;
}

/**
 * One run of the reservations' timed work. Nothing is held in memory between runs: every due thing is
 * found in the database (lapsed holds and offers, reminders due, personal data past retention), and
 * each is claimed by a conditional UPDATE (… WHERE status = … AND due <= now), so that several servers
 * running at once, or a server restarted midway, do each thing exactly once:
 * - performances with a lapsed hold or offer are settled one by one, each in a transaction under the
 *   performance's lock (booking.ts: expire, then serve the waiting list, offer mails in that transaction);
 * - reminders: each due row is claimed (reminder_sent_at set where it is still null) and its mail queued
 *   in the same transaction; PostgreSQL re-checks the condition after waiting for another server's claim;
 * - retention: names, address and phone of reservations whose performance ended
 *   RESERVATION_RETENTION_DAYS ago are erased (seats and statuses stay for the counts).
 */
export async function runReservationWork({ db, dialect, clock, config, mailer }: Deps): Promise<ReservationRun> {
  const now = clock.now();
  const at = now.toISOString();
  const settings = config.reservations;
  const settleDeps: SettleDeps = { dialect, mailer, settings, mail: { siteUrl: config.siteUrl, now: () => clock.now() } };
  const run: ReservationRun = { settled: 0, reminded: 0, erased: 0 };

  const due = await db
    .selectFrom('reservations')
    .select('performanceId')
    .distinct()
    .where((eb) => eb.or([eb.and([eb('status', '=', 'pending'), eb('holdExpiresAt', '<=', at)]), eb.and([eb('status', '=', 'offered'), eb('offerExpiresAt', '<=', at)])]))
    .execute();
  for (const { performanceId } of due) {
    run.settled += await db.transaction().execute(async (trx) => {
      const performance = await lockPerformance(trx, dialect, performanceId);
      return performance ? settlePerformance(trx, settleDeps, performance, now) : 0;
    });
  }

  const reminderLimit = new Date(now.getTime() + settings.reminderHours * HOUR_MS).toISOString();
  const reminders = await db
    .selectFrom('reservations')
    .innerJoin('performances', 'performances.id', 'reservations.performanceId')
    .select('reservations.id')
    .where('reservations.status', '=', 'confirmed')
    .where('reservations.reminderSentAt', 'is', null)
    .where('reservations.email', 'is not', null)
    .where('performances.date', '>', at)
    .where('performances.date', '<=', reminderLimit)
    .execute();
  for (const { id } of reminders) {
    run.reminded += await db.transaction().execute(async (trx) => {
      // A new link for the mail; the confirmation mail's link (token_hash) keeps working.
      const { token, tokenHash } = newToken();
      const claimed = await trx
        .updateTable('reservations')
        .set({ reminderSentAt: at, secondTokenHash: tokenHash, updatedAt: at })
        .where('id', '=', id)
        .where('status', '=', 'confirmed')
        .where('reminderSentAt', 'is', null)
        .returningAll()
        .executeTakeFirst();
      if (!claimed?.email) return 0;
      const performance = await readPerformance(trx, claimed.performanceId);
      if (!performance) return 0;
      await mailer.send(reminderMail(settleDeps.mail, performance, claimed, token), trx);
      return 1;
    });
  }

  const retentionLimit = new Date(now.getTime() - settings.retentionDays * DAY_MS).toISOString();
  const erased = await db
    .updateTable('reservations')
    .set({ firstName: '', lastName: '', email: null, phone: null, erasedAt: at, updatedAt: at })
    .where('erasedAt', 'is', null)
    .where('performanceId', 'in', (eb) => eb.selectFrom('performances').select('id').where('date', '<=', retentionLimit))
    .executeTakeFirst();
  run.erased = Number(erased.numUpdatedRows);
  // A thank-you's copies of erased reservations keep only their status (the counts), as a newsletter's do.
  await db
    .updateTable('campaignRecipients')
    .set({ email: null, lastError: null })
    .where('reservationId', 'in', (eb) => eb.selectFrom('reservations').select('id').where('erasedAt', 'is not', null))
    .where('email', 'is not', null)
    .execute();

  if (run.settled + run.reminded > 0) mailer.nudge?.();
  return run;
}

/** The periodic job of every server (started in start-server.ts, stopped on shutdown). */
export function createReservationJob(deps: Deps & { log: Pick<FastifyBaseLogger, 'info' | 'error'> }, everyMs = RESERVATION_JOB_MS): PeriodicJob {
  return createPeriodicJob({
    firstDelayMs: Math.min(everyMs, 1_000),
    everyMs,
    run: async () => {
      const run = await runReservationWork(deps);
      if (run.settled + run.reminded + run.erased > 0) deps.log.info(run, 'réservations : travail programmé effectué');
    },
    onError: (err) => deps.log.error({ err }, 'échec du travail programmé des réservations'),
  });
}
