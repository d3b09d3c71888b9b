import { sql, type Kysely } from 'kysely';

/**
 * Double opt-in for the newsletter (RGPD): an address counts once its owner opened the link mailed to
 * it (`confirmed_at`). The links' tokens are stored as their SHA-256 only, like sessions and codes, so a
 * leaked database confirms or unsubscribes nobody. Addresses stored before this migration were taken
 * without confirmation, under the old rules: they count as confirmed on the day they came.
 * `mail_queue.headers` carries extra mail headers (List-Unsubscribe) through the queue, as JSON.
 */
export function newsletterOptInMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('newsletter_subscriptions').addColumn('confirmed_at', 'text').execute();
      await db.schema.alterTable('newsletter_subscriptions').addColumn('confirm_token_hash', 'text').execute();
      await db.schema.alterTable('newsletter_subscriptions').addColumn('unsubscribe_token_hash', 'text').execute();
      await sql`update newsletter_subscriptions set confirmed_at = created_at`.execute(db);
      await db.schema.createIndex('newsletter_confirm_token').unique().on('newsletter_subscriptions').column('confirm_token_hash').execute();
      await db.schema.createIndex('newsletter_unsubscribe_token').unique().on('newsletter_subscriptions').column('unsubscribe_token_hash').execute();
      await db.schema.alterTable('mail_queue').addColumn('headers', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('mail_queue').dropColumn('headers').execute();
      await db.schema.dropIndex('newsletter_unsubscribe_token').execute();
      await db.schema.dropIndex('newsletter_confirm_token').execute();
      for (const column of ['unsubscribe_token_hash', 'confirm_token_hash', 'confirmed_at']) {
        await db.schema.alterTable('newsletter_subscriptions').dropColumn(column).execute();
      }
    },
  };
}
