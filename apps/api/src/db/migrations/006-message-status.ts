import type { Kysely } from 'kysely';

const TABLES = ['contact_messages', 'card_requests'] as const;

/**
 * The staff's inbox: each contact message and card request is 'new' until staff mark it 'done'
 * (handled_at says when). Rows already there start as 'new': nobody has seen them in the backoffice.
 * One column per statement, as SQLite's ALTER TABLE adds one at a time.
 */
export function messageStatusMigration() {
  return {
    async up(db: Kysely<unknown>) {
      for (const table of TABLES) {
        await db.schema.alterTable(table).addColumn('status', 'text', (c) => c.notNull().defaultTo('new')).execute();
        await db.schema.alterTable(table).addColumn('handled_at', 'text').execute();
      }
    },
    async down(db: Kysely<unknown>) {
      for (const table of TABLES) {
        await db.schema.alterTable(table).dropColumn('handled_at').execute();
        await db.schema.alterTable(table).dropColumn('status').execute();
      }
    },
  };
}
