import { REVISIONS_KEPT, type Revision, type RevisionAction, type RevisionDetail, type RevisionEntity } from '@bande/shared';
import type { Kysely, Selectable } from 'kysely';
import type { Database, RevisionsTable } from '../../db/schema.ts';

type Executor = Kysely<Database>;

export interface RevisionRecord {
  at: string;
  userEmail: string | null;
  entity: RevisionEntity;
  entityId: number;
  action: RevisionAction;
  snapshot: unknown;
}

const summaryColumns = ['id', 'at', 'userEmail', 'entity', 'entityId', 'action'] as const;
// Rows are only ever written by `insert` below, from the typed record: the casts restore that type.
const toRevision = (row: Omit<Selectable<RevisionsTable>, 'snapshot'>): Revision => ({
  ...row,
  entity: row.entity as RevisionEntity,
  action: row.action as RevisionAction,
});

/** Queries of the revisions table (history with restore); every function takes an optional transaction. */
export const revisionsRepository = {
  /** Writes one revision, then deletes that entity's revisions beyond the newest REVISIONS_KEPT. */
  async insert(db: Executor, { snapshot, ...record }: RevisionRecord): Promise<number> {
    return db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('revisions')
        .values({ ...record, snapshot: JSON.stringify(snapshot) })
        .returning('id')
        .executeTakeFirstOrThrow();
      const oldestKept = trx
        .selectFrom('revisions')
        .select('id')
        .where('entity', '=', record.entity)
        .where('entityId', '=', record.entityId)
        .orderBy('id', 'desc')
        .limit(1)
        .offset(REVISIONS_KEPT - 1);
      await trx.deleteFrom('revisions').where('entity', '=', record.entity).where('entityId', '=', record.entityId).where('id', '<', oldestKept).execute();
      return id;
    });
  },

  /** Newest first: ids grow with time, and break ties within one millisecond. */
  async list(db: Executor, entity: RevisionEntity, entityId: number): Promise<Revision[]> {
    const rows = await db.selectFrom('revisions').select(summaryColumns).where('entity', '=', entity).where('entityId', '=', entityId).orderBy('id', 'desc').execute();
    return rows.map(toRevision);
  },

  async find(db: Executor, id: number): Promise<(Revision & { snapshotText: string }) | undefined> {
    const row = await db.selectFrom('revisions').select([...summaryColumns, 'snapshot']).where('id', '=', id).executeTakeFirst();
    if (!row) return undefined;
    const { snapshot, ...rest } = row;
    return { ...toRevision(rest), snapshotText: snapshot };
  },

  /** The latest delete revisions of an entity kind, newest first (the caller keeps those still deleted). */
  async recentDeletes(db: Executor, entity: RevisionEntity, limit: number): Promise<RevisionDetail[]> {
    const rows = await db
      .selectFrom('revisions')
      .select([...summaryColumns, 'snapshot'])
      .where('entity', '=', entity)
      .where('action', '=', 'delete')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.flatMap(({ snapshot, ...rest }) => {
      const parsed = parseSnapshot(snapshot);
      return parsed ? [{ ...toRevision(rest), snapshot: parsed }] : [];
    });
  },
};

/** A stored snapshot as an object, or undefined when the text is not one (never thrown at the caller). */
export function parseSnapshot(text: string): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
