import type { Kysely } from 'kysely';

/**
 * Issue 34, subscribers the staff add:
 * - newsletter_suppressions: the opposition list. When an address leaves (unsubscribe link, one-click,
 *   the relay's unsubscribe or complaint, erasure by staff), its row is erased and only the SHA-256 of
 *   the lower-cased address stays here, so that a later import or hand entry by the staff does not add
 *   it again (RGPD: a person who objected is not put back by somebody else). The person's own new
 *   sign-up, once confirmed, removes it.
 * - campaign_recipients.unsubscribed_at: when the reader of an (anonymised) copy unsubscribed, so that a
 *   letter counts its unsubscribes within 7 days of its send without knowing who (no tracking).
 * - newsletter_subscriptions.soft_bounces goes: soft bounces are counted in bounce_events only
 *   (per message, over 30 days, modules/bounces), one counter rather than two.
 */
export function newsletterLeaversListMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('newsletter_suppressions')
        .addColumn('email_hash', 'text', (c) => c.primaryKey())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.alterTable('newsletter_subscriptions').dropColumn('soft_bounces').execute();
      await db.schema.alterTable('campaign_recipients').addColumn('unsubscribed_at', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('campaign_recipients').dropColumn('unsubscribed_at').execute();
      await db.schema.alterTable('newsletter_subscriptions').addColumn('soft_bounces', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.dropTable('newsletter_suppressions').execute();
    },
  };
}
