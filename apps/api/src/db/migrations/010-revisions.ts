import type { Kysely } from 'kysely';
import type { DialectName } from '../connection.ts';

/**
 * History with restore (« Historique »): one row per create, update, publish change, delete and
 * restore of a show, member, venue, partner, gallery item, origins category or event, or the card
 * config. `snapshot` is the JSON text of the whole entity (as the admin GET answers it) after the
 * change, before it for a delete. `user_email` is copied, like the activity log's, so that a
 * revision outlives the account. Only the last REVISIONS_KEPT rows of each entity are kept.
 */
export function revisionsMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      const table = db.schema.createTable('revisions');
      await (dialect === 'postgres'
        ? table.addColumn('id', 'serial', (c) => c.primaryKey())
        : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      )
        .addColumn('at', 'text', (c) => c.notNull())
        .addColumn('user_email', 'text')
        .addColumn('entity', 'text', (c) => c.notNull())
        .addColumn('entity_id', 'integer', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('snapshot', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('revisions_entity').on('revisions').columns(['entity', 'entity_id', 'id']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('revisions').execute();
    },
  };
}
