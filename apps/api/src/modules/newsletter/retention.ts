import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { incrementBucket } from '../../plugins/rate-limit.ts';
import { createPeriodicJob, type PeriodicJob } from '../../lib/periodic-job.ts';
import { auditRepository } from '../audit/audit.repository.ts';
import { newsletterRepository } from './newsletter.repository.ts';
import { pendingSince } from './newsletter.service.ts';

const HOUR_MS = 60 * 60 * 1000;
/** At most one retention run in this interval, among every server sharing the database. */
export const RETENTION_INTERVAL_MS = 6 * HOUR_MS;
/** Each server asks for the lease this often; only the first asker of an interval runs. */
export const RETENTION_CHECK_MS = HOUR_MS;
/** The first check after a server starts: not during a deployment's busy first minutes. */
export const RETENTION_FIRST_DELAY_MS = 7 * 60 * 1000;
/** The lease's key in rate_limit_buckets (the rate limits' keys start with 'rl:'). */
export const RETENTION_LEASE_KEY = 'retention';

/** How long the activity log keeps an entry. */
export const AUDIT_LOG_RETENTION_MS = 365 * 24 * HOUR_MS;

export type RetentionDeps = Pick<AppDeps, 'db' | 'clock' | 'config'> & { log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'> };

/**
 * What personal data leaves the database once its time is over. Each task erases what is older than
 * its own limit and answers how many rows went; another kind of data (handled inbox messages...) is one
 * more entry here.
 */
export const RETENTION_TASKS: Record<string, (deps: RetentionDeps, now: Date) => Promise<number>> = {
  /** Newsletter sign-ups whose confirmation link was never opened within RETENTION_DAYS. */
  newsletterPending: ({ db, config }, now) => newsletterRepository.deletePendingBefore(db, pendingSince(now, config.retentionDays)),
  /** Contact messages and card requests marked handled more than RETENTION_DAYS ago (new ones stay until handled). */
  handledMessages: async ({ db, config }, now) => {
    const before = pendingSince(now, config.retentionDays);
    let erased = 0;
    for (const table of ['contactMessages', 'cardRequests'] as const) {
      const result = await db.deleteFrom(table).where('status', '=', 'done').where('handledAt', '<', before).executeTakeFirst();
      erased += Number(result.numDeletedRows);
    }
    return erased;
  },
  /** Activity-log entries (admin addresses, tried logins, IPs) after a year. */
  auditLog: ({ db }, now) => auditRepository.deleteBefore(db, new Date(now.getTime() - AUDIT_LOG_RETENTION_MS).toISOString()),
};

export interface RetentionResult {
  /** False when another run (this or another server) holds the lease of the current interval. */
  ran: boolean;
  erased: Record<string, number>;
}

/** Runs every retention task once, if this server takes the interval's lease. Idempotent. */
export async function runRetention(deps: RetentionDeps, { intervalMs = RETENTION_INTERVAL_MS } = {}): Promise<RetentionResult> {
  const now = deps.clock.now();
  const lease = await incrementBucket(deps.db, RETENTION_LEASE_KEY, intervalMs, now.getTime());
  if (lease.count !== 1) return { ran: false, erased: {} };
  const erased: Record<string, number> = {};
  for (const [name, task] of Object.entries(RETENTION_TASKS)) {
    try {
      erased[name] = await task(deps, now);
    } catch (err) {
      // One failing task does not keep the others' data beyond its time.
      deps.log.error({ err, task: name }, `échec de la tâche de conservation ${name}`);
    }
  }
  deps.log.info({ erased }, 'conservation des données : effacement des données échues');
  return { ran: true, erased };
}

export type RetentionJob = PeriodicJob;

/** The server's retention job: a first look after RETENTION_FIRST_DELAY_MS, then every RETENTION_CHECK_MS. */
export function createRetentionJob(deps: RetentionDeps, { firstDelayMs = RETENTION_FIRST_DELAY_MS, everyMs = RETENTION_CHECK_MS, intervalMs = RETENTION_INTERVAL_MS } = {}): RetentionJob {
  return createPeriodicJob({
    firstDelayMs,
    everyMs,
    run: () => runRetention(deps, { intervalMs }),
    onError: (err) => deps.log.error({ err }, 'échec de la tâche de conservation des données'),
  });
}
