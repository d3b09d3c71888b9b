import type { Kysely } from 'kysely';

/** The tables whose rows can be published and unpublished on a schedule (issue 18). */
export const SCHEDULED_TABLES = ['shows', 'members', 'partners', 'gallery_items', 'origin_categories', 'origin_events'] as const;

/**
 * Scheduled publishing: `publish_at` and `unpublish_at`, ISO 8601 UTC text like every other date of
 * the schema (same shape, so text order is time order on SQLite and PostgreSQL alike), null when
 * nothing is planned. The publication job (modules/scheduling) looks for due rows every few seconds:
 * partial indexes keep that look cheap whatever the size of the tables, since only planned rows are in them.
 */
export function scheduledPublishingMigration() {
  return {
    async up(db: Kysely<unknown>) {
      for (const table of SCHEDULED_TABLES) {
        await db.schema.alterTable(table).addColumn('publish_at', 'text').execute();
        await db.schema.alterTable(table).addColumn('unpublish_at', 'text').execute();
        for (const column of ['publish_at', 'unpublish_at']) {
          await db.schema
            .createIndex(`${table}_${column}`)
            .on(table)
            .column(column)
            .where((eb) => eb(eb.ref(column), 'is not', null))
            .execute();
        }
      }
    },
    async down(db: Kysely<unknown>) {
      for (const table of SCHEDULED_TABLES) {
        for (const column of ['publish_at', 'unpublish_at']) {
          await db.schema.dropIndex(`${table}_${column}`).execute();
          await db.schema.alterTable(table).dropColumn(column).execute();
        }
      }
    },
  };
}
