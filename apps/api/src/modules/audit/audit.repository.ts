import type { AuditEntry } from '@bande/shared';
import type { DB } from '../../db/connection.ts';

export interface AuditRecord {
  at: string;
  userEmail: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  detail?: string | null;
  ip?: string | null;
}

export const auditRepository = {
  async insert(db: DB, record: AuditRecord): Promise<void> {
    await db.insertInto('auditLog').values({ detail: null, ip: null, ...record }).execute();
  },

  /** Newest first; ties (same millisecond) by id, so the order is the order of writing. */
  async list(db: DB, { limit, action, entity }: { limit: number; action?: string | undefined; entity?: string | undefined }): Promise<AuditEntry[]> {
    let query = db.selectFrom('auditLog').select(['id', 'at', 'userEmail', 'action', 'entity', 'entityId']);
    if (action) query = query.where('action', '=', action);
    if (entity) query = query.where('entity', '=', entity);
    return query.orderBy('at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  },

  /** Entries older than `before` (ISO): the retention task. */
  async deleteBefore(db: DB, before: string): Promise<number> {
    const result = await db.deleteFrom('auditLog').where('at', '<', before).executeTakeFirst();
    return Number(result.numDeletedRows);
  },
};
