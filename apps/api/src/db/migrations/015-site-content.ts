import type { Kysely } from 'kysely';

/**
 * The site's texts the staff edit in « Textes du site » (packages/shared/src/schemas/site-content.ts):
 * one row, id 1, like the card config, read by every server sharing the database. The content is one
 * JSON document (lists of formats, « Hors cadre » items and links, and fields later versions add, read
 * over the defaults), validated by the shared schema before it is written. No row until staff (or the
 * demo seed) save it: GET /api/site-content then answers the texts the pages showed before.
 */
export function siteContentMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('site_content')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('site_content').execute();
    },
  };
}
