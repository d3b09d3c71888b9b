import type { Kysely } from 'kysely';
import type { DialectName } from '../connection.ts';

/**
 * Audience measurement without consent (issue 36, modules/audience). Three kinds of rows:
 * - `audience_counts`: page views (and booking dialogs opened) per Paris day and per dimension, added to
 *   by every server's flush (`views = views + excluded.views`), kept 25 months. Absent dimensions are ''
 *   (or performance 0), never null, so that the unique key makes the upsert add up.
 * - `audience_visitors`: the raw rows of the day's unique visitors, one keyed hash per visitor and day;
 *   aggregated into `audience_days` and dropped once the day is over.
 * - `audience_keys`: the day's random key of that hash, one row per Paris day, deleted with the day's
 *   visitors: without it, nobody can link a hash to an address again.
 */
export function audienceMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      const withId = (name: string) => {
        const table = db.schema.createTable(name);
        return dialect === 'postgres' ? table.addColumn('id', 'serial', (c) => c.primaryKey()) : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
      };
      await withId('audience_counts')
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('path', 'text', (c) => c.notNull())
        .addColumn('referrer', 'text', (c) => c.notNull())
        .addColumn('utm_source', 'text', (c) => c.notNull())
        .addColumn('utm_campaign', 'text', (c) => c.notNull())
        .addColumn('device', 'text', (c) => c.notNull())
        .addColumn('performance_id', 'integer', (c) => c.notNull())
        .addColumn('views', 'integer', (c) => c.notNull())
        .addUniqueConstraint('audience_counts_once', ['day', 'kind', 'path', 'referrer', 'utm_source', 'utm_campaign', 'device', 'performance_id'])
        .execute();
      await withId('audience_visitors')
        .addColumn('day', 'text', (c) => c.notNull())
        .addColumn('hash', 'text', (c) => c.notNull())
        .addUniqueConstraint('audience_visitors_once', ['day', 'hash'])
        .execute();
      await db.schema
        .createTable('audience_days')
        .addColumn('day', 'text', (c) => c.primaryKey())
        .addColumn('visitors', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('audience_keys')
        .addColumn('day', 'text', (c) => c.primaryKey())
        .addColumn('key', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['audience_keys', 'audience_days', 'audience_visitors', 'audience_counts']) await db.schema.dropTable(table).execute();
    },
  };
}
