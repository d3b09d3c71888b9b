import type { Kysely } from 'kysely';
import type { DialectName } from '../connection.ts';

/**
 * Bounces reported after the send (issue 34): one row per event a relay (Brevo, Mailjet, Amazon SES)
 * or the bounce mailbox reported. `event_key` is the SHA-256 of what identifies the event at its source
 * (message, event, address), unique per source, so that a relay's retry or a replayed call counts once.
 * No address is stored in clear: `email_hash` (SHA-256 of the lower-cased address) is kept on soft
 * bounces only, to count them over the window, and cleared once the window is over. `campaign_id` and
 * `subscriber_id` come from the Message-ID of a campaign copy, when the relay hands it back: the
 * letter's bounce count needs nothing else.
 */
export function bouncesMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      const table = db.schema.createTable('bounce_events');
      await (dialect === 'postgres' ? table.addColumn('id', 'serial', (c) => c.primaryKey()) : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()))
        // brevo | mailjet | ses | imap
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('event_key', 'text', (c) => c.notNull())
        // hard | soft | complaint | unsubscribe
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('email_hash', 'text')
        .addColumn('campaign_id', 'integer')
        .addColumn('subscriber_id', 'integer')
        .addColumn('detail', 'text')
        .addColumn('occurred_at', 'text', (c) => c.notNull())
        .addColumn('received_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('bounce_events_once', ['source', 'event_key'])
        .execute();
      await db.schema.createIndex('bounce_events_soft').on('bounce_events').columns(['email_hash', 'occurred_at']).execute();
      await db.schema.createIndex('bounce_events_campaign').on('bounce_events').column('campaign_id').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('bounce_events').execute();
    },
  };
}
