import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../db/connection.ts';
import type { Clock } from '../../lib/clock.ts';
import { createPeriodicJob, type PeriodicJob } from '../../lib/periodic-job.ts';
import type { RevisionEntity } from '@bande/shared';
import { ENTITY_HISTORIES } from '../revisions/revision-entities.ts';
import { revisionsRepository } from '../revisions/revisions.repository.ts';

/** The tables whose rows carry publishAt and unpublishAt (migration 011), as Kysely names them. */
export const SCHEDULED_TABLES = ['shows', 'members', 'partners', 'galleryItems', 'originCategories', 'originEvents'] as const;
export type ScheduledTable = (typeof SCHEDULED_TABLES)[number];

/** Tables that also keep the date of the first publication (cleared by an unpublish, like the manual one). */
const WITH_PUBLICATION_DATE = new Set<ScheduledTable>(['shows', 'members']);

/** Default time between two looks for due schedules (SCHEDULE_CHECK_SECONDS): a change shows within it plus a second. */
export const DEFAULT_SCHEDULE_CHECK_MS = 5_000;

/** The history (revisions) entity of each scheduled table. */
const ENTITY_OF: Record<ScheduledTable, RevisionEntity> = {
  shows: 'show',
  members: 'member',
  partners: 'partner',
  galleryItems: 'gallery',
  originCategories: 'origin-category',
  originEvents: 'origin-event',
};

export interface FiredSchedule {
  entity: RevisionEntity;
  id: number;
  action: 'publish' | 'unpublish';
}

export interface FiredSchedules {
  published: number;
  unpublished: number;
  /** Each row that changed, in the order it fired (its history records it). */
  rows: FiredSchedule[];
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
  const fired: FiredSchedules = { published: 0, unpublished: 0, rows: [] };
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
      .returning('id')
      .execute();
    fired.published += published.length;
    for (const { id } of published) fired.rows.push({ entity: ENTITY_OF[table], id, action: 'publish' });
    const unpublished = await db
      .updateTable(table as 'shows')
      .set({ published: 0, unpublishAt: null, updatedAt: at, ...(dated ? { publishedAt: null } : {}) })
      .where('unpublishAt', 'is not', null)
      .where('unpublishAt', '<=', at)
      .returning('id')
      .execute();
    fired.unpublished += unpublished.length;
    for (const { id } of unpublished) fired.rows.push({ entity: ENTITY_OF[table], id, action: 'unpublish' });
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

/**
 * Records each fired schedule in the entity's history, as an admin's publish or unpublish would be,
 * with no account (the history says it was automatic). A failure is logged and undoes nothing.
 */
async function recordFiredSchedules(db: DB, at: string, rows: FiredSchedule[], log: PublicationJobDeps['log']): Promise<void> {
  for (const { entity, id, action } of rows) {
    try {
      const snapshot = await ENTITY_HISTORIES[entity].load(db, id);
      if (snapshot) await revisionsRepository.insert(db, { at, userEmail: null, entity, entityId: id, action, snapshot });
    } catch (err) {
      log.error({ err, entity, entityId: id }, "historique : échec de l'écriture d'une version (publication programmée)");
    }
  }
}

/**
 * One run: fires what is due and, when a row changed, bumps the content version shared by every
 * server and records each change in the history.
 */
export async function runPublicationSchedules({ db, clock, log, bumpContentVersion }: PublicationJobDeps): Promise<FiredSchedules> {
  const now = clock.now();
  const fired = await fireDueSchedules(db, now);
  if (fired.published + fired.unpublished > 0) {
    await bumpContentVersion();
    await recordFiredSchedules(db, now.toISOString(), fired.rows, log);
    log.info({ published: fired.published, unpublished: fired.unpublished }, `publication programmée : ${fired.published} publié(s), ${fired.unpublished} retiré(s)`);
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
