import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../db/connection.ts';
import type { Clock } from '../../lib/clock.ts';
import { createPeriodicJob, type PeriodicJob } from '../../lib/periodic-job.ts';

/** The tables whose rows carry publishAt and unpublishAt (migration 011), as Kysely names them. */
export const SCHEDULED_TABLES = ['shows', 'members', 'partners', 'galleryItems', 'originCategories', 'originEvents'] as const;
export type ScheduledTable = (typeof SCHEDULED_TABLES)[number];

/** Tables that also keep the date of the first publication (cleared by an unpublish, like the manual one). */
const WITH_PUBLICATION_DATE = new Set<ScheduledTable>(['shows', 'members']);

/** Default time between two looks for due schedules (SCHEDULE_CHECK_SECONDS): a change shows within it plus a second. */
export const DEFAULT_SCHEDULE_CHECK_MS = 5_000;

export interface FiredSchedules {
  published: number;
  unpublished: number;
}

/**
 * Publishes the rows whose publishAt has come and unpublishes those whose unpublishAt has come,
 * clearing each field as it fires (so that the item can later be unpublished, or published, by hand
 * without the old date doing it again). Each statement is a conditional UPDATE: safe when several
 * servers run it at once (a row already fired no longer matches, PostgreSQL re-checks the condition
 * after waiting for a concurrent update), and when run again. Publications go first: when both dates
 * have passed (a server stopped over the whole window), the item ends unpublished, as it would have.
 */
export async function fireDueSchedules(db: DB, now: Date): Promise<FiredSchedules> {
  const at = now.toISOString();
  const fired: FiredSchedules = { published: 0, unpublished: 0 };
  for (const table of SCHEDULED_TABLES) {
    const dated = WITH_PUBLICATION_DATE.has(table);
    // Written once for the six tables (typed as one of them for Kysely): every column set here exists
    // in each of them, publishedAt only where `dated`.
    const published = await db
      .updateTable(table as 'shows')
      .set((eb) => ({
        published: 1,
        publishAt: null,
        updatedAt: at,
        ...(dated ? { publishedAt: eb.fn.coalesce('publishedAt', eb.val(at)) } : {}),
      }))
      .where('publishAt', 'is not', null)
      .where('publishAt', '<=', at)
      .executeTakeFirst();
    fired.published += Number(published.numUpdatedRows);
    const unpublished = await db
      .updateTable(table as 'shows')
      .set({ published: 0, unpublishAt: null, updatedAt: at, ...(dated ? { publishedAt: null } : {}) })
      .where('unpublishAt', 'is not', null)
      .where('unpublishAt', '<=', at)
      .executeTakeFirst();
    fired.unpublished += Number(unpublished.numUpdatedRows);
  }
  return fired;
}

export interface PublicationJobDeps {
  db: DB;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  /** Marks every server's cached public answers stale (app.publicCache.bump). */
  bumpContentVersion: () => Promise<unknown>;
}

/** One run: fires what is due and, when a row changed, bumps the content version shared by every server. */
export async function runPublicationSchedules({ db, clock, log, bumpContentVersion }: PublicationJobDeps): Promise<FiredSchedules> {
  const fired = await fireDueSchedules(db, clock.now());
  if (fired.published + fired.unpublished > 0) {
    await bumpContentVersion();
    log.info(fired, `publication programmée : ${fired.published} publié(s), ${fired.unpublished} retiré(s)`);
  }
  return fired;
}

/**
 * The publication job of every server: a look a second after start (schedules that came due while
 * the servers were stopped fire at once), then every `everyMs`. No lease: the statements are cheap
 * (partial indexes hold only planned rows) and safe to run on several servers together.
 */
export function createPublicationJob(deps: PublicationJobDeps, { everyMs = DEFAULT_SCHEDULE_CHECK_MS, firstDelayMs = Math.min(everyMs, 1_000) } = {}): PeriodicJob {
  return createPeriodicJob({
    firstDelayMs,
    everyMs,
    run: () => runPublicationSchedules(deps),
    onError: (err) => deps.log.error({ err }, 'échec de la publication programmée'),
  });
}
