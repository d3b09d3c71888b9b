import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../connection.ts';

/**
 * Nobody who left gets mail (issue 34).
 * - campaign_recipients: an erased or unsubscribed address leaves no trace but the counts, so its rows
 *   keep their status (the letter's figures) and lose the address, the subscriber and the link's hash:
 *   email, subscriber_id and unsubscribe_token_hash become nullable. error_code keeps the SMTP reply code
 *   of the last failure (5xx: refused for good, never retried; 4xx or none: temporary).
 * - newsletter_subscriptions.soft_bounces: temporary bounces reported after the send (bounce webhooks);
 *   at SOFT_BOUNCE_LIMIT the address is bounced like a permanent refusal.
 * SQLite cannot drop a NOT NULL, so there the table is rebuilt (same columns, constraint and indexes).
 */
export function letterLeaversMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('newsletter_subscriptions').addColumn('soft_bounces', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      if (dialect === 'postgres') {
        await sql`alter table campaign_recipients alter column email drop not null, alter column subscriber_id drop not null, alter column unsubscribe_token_hash drop not null, add column error_code integer`.execute(db);
        return;
      }
      await db.schema
        .createTable('campaign_recipients_019')
        .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
        .addColumn('campaign_id', 'integer', (c) => c.notNull().references('campaigns.id').onDelete('cascade'))
        .addColumn('subscriber_id', 'integer')
        .addColumn('email', 'text')
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'text', (c) => c.notNull())
        .addColumn('claimed_until', 'text')
        .addColumn('sent_at', 'text')
        .addColumn('last_error', 'text')
        .addColumn('unsubscribe_token', 'text')
        .addColumn('unsubscribe_token_hash', 'text')
        .addColumn('error_code', 'integer')
        .addUniqueConstraint('campaign_recipients_once', ['campaign_id', 'subscriber_id'])
        .execute();
      await sql`insert into campaign_recipients_019 (id, campaign_id, subscriber_id, email, status, attempts, next_attempt_at, claimed_until, sent_at, last_error, unsubscribe_token, unsubscribe_token_hash)
        select id, campaign_id, subscriber_id, email, status, attempts, next_attempt_at, claimed_until, sent_at, last_error, unsubscribe_token, unsubscribe_token_hash from campaign_recipients`.execute(db);
      await db.schema.dropTable('campaign_recipients').execute();
      await sql`alter table campaign_recipients_019 rename to campaign_recipients`.execute(db);
      await db.schema.createIndex('campaign_recipients_due').on('campaign_recipients').columns(['status', 'next_attempt_at']).execute();
      await db.schema.createIndex('campaign_recipients_sent_at').on('campaign_recipients').column('sent_at').execute();
      await db.schema.createIndex('campaign_recipients_token').on('campaign_recipients').column('unsubscribe_token_hash').execute();
    },
    async down(db: Kysely<unknown>) {
      // Erased rows have no address any more: they go, and the columns are required again on PostgreSQL.
      await sql`delete from campaign_recipients where email is null or subscriber_id is null or unsubscribe_token_hash is null`.execute(db);
      await db.schema.alterTable('campaign_recipients').dropColumn('error_code').execute();
      if (dialect === 'postgres') {
        await sql`alter table campaign_recipients alter column email set not null, alter column subscriber_id set not null, alter column unsubscribe_token_hash set not null`.execute(db);
      }
      await db.schema.alterTable('newsletter_subscriptions').dropColumn('soft_bounces').execute();
    },
  };
}
