import type { Kysely } from 'kysely';

/**
 * The key that signs draft-preview links (modules/show-preview): one row (id 1), shared by every
 * server on the database. The row is written on first use, not here (preview-key.repository.ts): a
 * restore of an older backup, or a key deleted to revoke every link, is then simply replaced.
 */
export function previewLinksMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('preview_signing_key')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        // 32 random bytes, base64url: text, like every column of the backup format.
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('preview_signing_key').execute();
    },
  };
}
