import type { Kysely } from 'kysely';
import type { DialectName } from '../connection.ts';

/**
 * Newsletter campaigns (issue 24). A campaign is written as a draft, then sent now or at `send_at`.
 * When the sending starts, its recipients are frozen in campaign_recipients, one row each, with the
 * address as it was then: the sender claims those rows (claimed_until lease, like mail_queue), so that
 * several servers share a send and a killed one's rows are taken up again. `bounced_at` marks the
 * subscribers an SMTP server refused for good (5xx): later campaigns leave them out until they
 * subscribe and confirm again.
 */
export function campaignsMigration(dialect: DialectName) {
  const id = (table: ReturnType<Kysely<unknown>['schema']['createTable']>) =>
    dialect === 'postgres' ? table.addColumn('id', 'serial', (c) => c.primaryKey()) : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  return {
    async up(db: Kysely<unknown>) {
      await id(db.schema.createTable('campaigns'))
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('include_upcoming', 'integer', (c) => c.notNull().defaultTo(0))
        // draft | scheduled | sending | sent | cancelled
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('draft'))
        .addColumn('send_at', 'text')
        // The mail's HTML and text as they were when the sending started (upcoming block included): every
        // copy and the archive page show the same letter.
        .addColumn('html', 'text')
        .addColumn('text', 'text')
        // The « Prochaines représentations » of the letter as sent (JSON), for the archive's page.
        .addColumn('upcoming', 'text')
        .addColumn('slug', 'text', (c) => c.unique())
        .addColumn('started_at', 'text')
        .addColumn('sent_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await id(db.schema.createTable('campaign_recipients'))
        .addColumn('campaign_id', 'integer', (c) => c.notNull().references('campaigns.id').onDelete('cascade'))
        .addColumn('subscriber_id', 'integer', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        // pending | sent | failed
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'text', (c) => c.notNull())
        .addColumn('claimed_until', 'text')
        .addColumn('sent_at', 'text')
        .addColumn('last_error', 'text')
        // The copy's own unsubscribe link: the token until the copy is sent, its SHA-256 for ever.
        .addColumn('unsubscribe_token', 'text')
        .addColumn('unsubscribe_token_hash', 'text', (c) => c.notNull())
        .addUniqueConstraint('campaign_recipients_once', ['campaign_id', 'subscriber_id'])
        .execute();
      await db.schema.createIndex('campaign_recipients_due').on('campaign_recipients').columns(['status', 'next_attempt_at']).execute();
      await db.schema.createIndex('campaign_recipients_sent_at').on('campaign_recipients').column('sent_at').execute();
      await db.schema.createIndex('campaign_recipients_token').on('campaign_recipients').column('unsubscribe_token_hash').execute();
      await db.schema.alterTable('newsletter_subscriptions').addColumn('bounced_at', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('newsletter_subscriptions').dropColumn('bounced_at').execute();
      await db.schema.dropTable('campaign_recipients').execute();
      await db.schema.dropTable('campaigns').execute();
    },
  };
}
