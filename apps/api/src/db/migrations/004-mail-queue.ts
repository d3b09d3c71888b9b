import type { Kysely } from 'kysely';
import type { DialectName } from '../connection.ts';

/**
 * The outgoing mail queue: routes insert a row and answer at once; a worker sends it after the
 * answer, retries with backoff and erases the body once sent or abandoned (codes must not stay in the
 * database). `claimed_until` lets several servers on one PostgreSQL share the queue without sending
 * a row twice. Times are ISO text as everywhere else (they sort as they compare).
 */
export function mailQueueMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      const table = db.schema.createTable('mail_queue');
      await (dialect === 'postgres'
        ? table.addColumn('id', 'serial', (c) => c.primaryKey())
        : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      )
        .addColumn('recipient', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        // Null once the mail is sent or abandoned.
        .addColumn('body', 'text')
        .addColumn('reply_to', 'text')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'text', (c) => c.notNull())
        .addColumn('claimed_until', 'text')
        .addColumn('sent_at', 'text')
        .addColumn('failed_at', 'text')
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('mail_queue_due').on('mail_queue').columns(['sent_at', 'failed_at', 'next_attempt_at']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('mail_queue').execute();
    },
  };
}
