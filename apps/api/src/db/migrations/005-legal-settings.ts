import type { Kysely } from 'kysely';

/**
 * The publisher's and the host's details of the legal page (LCEN), one row like the card config, so that
 * every server sharing the database shows the same. No row until staff (or the demo seed) save them.
 */
export function legalSettingsMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('legal_settings')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('publisher_name', 'text', (c) => c.notNull())
        .addColumn('publisher_address', 'text', (c) => c.notNull())
        .addColumn('publication_director', 'text', (c) => c.notNull())
        .addColumn('publisher_contact', 'text', (c) => c.notNull())
        .addColumn('host_name', 'text', (c) => c.notNull())
        .addColumn('host_address', 'text', (c) => c.notNull())
        .addColumn('host_phone', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('legal_settings').execute();
    },
  };
}
