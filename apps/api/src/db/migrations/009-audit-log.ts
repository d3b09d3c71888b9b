import type { Kysely } from 'kysely';
import type { DialectName } from '../connection.ts';

/**
 * The activity log (« Journal »): one row per admin write, login, failed login and lockout.
 * `user_email` is copied rather than referenced, so an entry outlives the account it names, and a
 * failed login keeps the address that was tried. `entity_id` is text: message ids are `contact-3`.
 */
export function auditLogMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      const table = db.schema.createTable('audit_log');
      await (dialect === 'postgres'
        ? table.addColumn('id', 'serial', (c) => c.primaryKey())
        : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      )
        .addColumn('at', 'text', (c) => c.notNull())
        .addColumn('user_email', 'text')
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('entity', 'text', (c) => c.notNull())
        .addColumn('entity_id', 'text')
        .addColumn('detail', 'text')
        .addColumn('ip', 'text')
        .execute();
      await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('audit_log').execute();
    },
  };
}
