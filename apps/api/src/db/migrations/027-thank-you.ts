import type { Kysely } from 'kysely';

/**
 * « Remercier les spectateurs » (issue 32): a thank-you after a performance is a campaign of its own kind,
 * sent by the campaign sender (same rate, same leases, exactly once), its recipients frozen when it is
 * written. A campaign gains:
 * - `kind`: 'newsletter' (the letters of « Lettres », the archive) or 'thanks' (never listed there);
 * - `performance_id`: the performance a thank-you is for, unique, so that two requests (or two servers)
 *   can never write a second one for the same performance.
 * A recipient row of a thank-you names the reservation (`reservation_id`) instead of a subscriber: the
 * retention rule's erasure of that reservation clears the row's address, and an erased one is never sent.
 */
export function thankYouMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('campaigns').addColumn('kind', 'text', (c) => c.notNull().defaultTo('newsletter')).execute();
      await db.schema.alterTable('campaigns').addColumn('performance_id', 'integer').execute();
      await db.schema.createIndex('campaigns_thanks_once').on('campaigns').column('performance_id').unique().execute();
      await db.schema.alterTable('campaign_recipients').addColumn('reservation_id', 'integer').execute();
      await db.schema.createIndex('campaign_recipients_reservation').on('campaign_recipients').columns(['campaign_id', 'reservation_id']).unique().execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('campaign_recipients_reservation').execute();
      await db.schema.alterTable('campaign_recipients').dropColumn('reservation_id').execute();
      await db.schema.dropIndex('campaigns_thanks_once').execute();
      await db.schema.alterTable('campaigns').dropColumn('performance_id').execute();
      await db.schema.alterTable('campaigns').dropColumn('kind').execute();
    },
  };
}
