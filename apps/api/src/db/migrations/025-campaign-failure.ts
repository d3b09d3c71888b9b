import type { Kysely } from 'kysely';

/**
 * A letter that cannot be rendered when its send starts (issue 33) is marked 'failed' (campaigns.status
 * is free text: no constraint to change) with its French reason here, shown in « Lettres »; the other
 * letters and requests go on. Cleared when the letter is saved or sent again.
 */
export function campaignFailureMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('campaigns').addColumn('failure_reason', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('campaigns').dropColumn('failure_reason').execute();
    },
  };
}
