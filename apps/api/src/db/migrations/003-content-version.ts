import type { Kysely } from 'kysely';

/**
 * One row holding a counter that every admin write increments: each server compares it with the
 * version its in-memory public cache was built at, so that several servers sharing one PostgreSQL
 * drop their cached public answers after a change made on any of them.
 */
export function contentVersionMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('content_version')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('version', 'integer', (c) => c.notNull())
        .execute();
      await (db as Kysely<{ content_version: { id: number; version: number } }>)
        .insertInto('content_version')
        .values({ id: 1, version: 1 })
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('content_version').execute();
    },
  };
}
