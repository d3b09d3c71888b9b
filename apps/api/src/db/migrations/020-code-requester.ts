import { sql, type Kysely } from 'kysely';

/**
 * Each one-time code is bound to whoever asked for it (issue 33): requester_hash is the SHA-256 of a
 * random key held by the requesting browser (a reset code's cookie) or carried by the mail's link (an
 * invitation). A code is only looked at, and a wrong guess only counted, with that key: a stranger's
 * guesses can no longer void the owner's code. Codes issued before carry no key and could never be
 * used again: they are deleted (a reset code lives 10 minutes; a pending invitation is sent again by
 * deleting and re-inviting the account).
 */
export function codeRequesterMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await sql`DELETE FROM one_time_codes`.execute(db);
      await db.schema.alterTable('one_time_codes').addColumn('requester_hash', 'text').execute();
      await db.schema.createIndex('one_time_codes_requester').on('one_time_codes').column('requester_hash').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('one_time_codes_requester').execute();
      await db.schema.alterTable('one_time_codes').dropColumn('requester_hash').execute();
    },
  };
}
