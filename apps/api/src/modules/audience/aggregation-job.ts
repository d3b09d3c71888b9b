import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../db/connection.ts';
import type { Clock } from '../../lib/clock.ts';
import { createPeriodicJob, type PeriodicJob } from '../../lib/periodic-job.ts';
import { incrementBucket } from '../../plugins/rate-limit.ts';
import { parisDay } from './paris-day.ts';

/** The lease's key in rate_limit_buckets (as the retention job's): one aggregation per interval across servers. */
export const AGGREGATION_LEASE_KEY = 'audience-aggregation';
export const AGGREGATION_EVERY_MS = 60_000;
/**
 * A day is aggregated this long after it ended: the flushes of every server (every 10 s) have written
 * its last views by then, so no hash of it arrives after its key and raw rows are gone.
 */
const SETTLE_MS = 60_000;
/** Statistics are kept 25 months at most (CNIL's audience-measurement exemption). */
export const KEEP_MONTHS = 25;

/** The first Paris day still kept, 25 months before `today`. */
export function oldestKeptDay(today: string): string {
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  const months = year * 12 + (month - 1) - KEEP_MONTHS;
  return `${Math.floor(months / 12)}-${String((months % 12) + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export interface AggregationResult {
  ran: boolean;
  /** Days whose visitors were counted and whose raw rows and key were dropped. */
  days: string[];
}

/**
 * For every day that is over: counts its visitor hashes into audience_days and drops them, and deletes
 * its key (without which nobody can link a hash to an address); then drops statistics older than 25
 * months. Exactly once per day across servers: the lease keeps it to one server per interval, and each
 * day is moved in one transaction that adds the number of rows IT deleted (a second run, or one that
 * waited for the first, deletes none and adds 0).
 */
export async function aggregateAudience(db: DB, now: Date, { intervalMs = AGGREGATION_EVERY_MS } = {}): Promise<AggregationResult> {
  const lease = await incrementBucket(db, AGGREGATION_LEASE_KEY, intervalMs, now.getTime());
  if (lease.count !== 1) return { ran: false, days: [] };
  const current = parisDay(now.getTime() - SETTLE_MS);
  const over = await db.selectFrom('audienceVisitors').select('day').distinct().where('day', '<', current).orderBy('day').execute();
  for (const { day } of over) {
    await db.transaction().execute(async (trx) => {
      const deleted = await trx.deleteFrom('audienceVisitors').where('day', '=', day).executeTakeFirst();
      const visitors = Number(deleted.numDeletedRows);
      await trx
        .insertInto('audienceDays')
        .values({ day, visitors })
        .onConflict((oc) => oc.column('day').doUpdateSet((eb) => ({ visitors: eb('audienceDays.visitors', '+', eb.ref('excluded.visitors')) })))
        .execute();
    });
  }
  await db.deleteFrom('audienceKeys').where('day', '<', current).execute();
  const oldest = oldestKeptDay(parisDay(now));
  await db.deleteFrom('audienceCounts').where('day', '<', oldest).execute();
  await db.deleteFrom('audienceDays').where('day', '<', oldest).execute();
  return { ran: true, days: over.map(({ day }) => day) };
}

/** Every server looks each minute; the lease lets one of them work. */
export function createAudienceAggregationJob({ db, clock, log }: { db: DB; clock: Clock; log: Pick<FastifyBaseLogger, 'error'> }): PeriodicJob {
  return createPeriodicJob({
    firstDelayMs: AGGREGATION_EVERY_MS,
    everyMs: AGGREGATION_EVERY_MS,
    run: () => aggregateAudience(db, clock.now()),
    onError: (err) => log.error({ err }, 'mesure d’audience : échec de l’agrégation des jours passés'),
  });
}
