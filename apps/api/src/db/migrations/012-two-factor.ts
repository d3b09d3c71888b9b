import type { Kysely } from 'kysely';
import type { DialectName } from '../connection.ts';

/**
 * Two-factor login (TOTP). `admin_totp` holds one row per account that has begun a setup: the secret
 * (AES-256-GCM encrypted when TOTP_ENCRYPTION_KEY is set, see modules/auth/totp-secret.ts), the
 * moment it was enabled (null while the setup waits for its first code) and the last time step
 * accepted, which refuses a code used once already. `admin_recovery_codes` holds the SHA-256 of each
 * single-use recovery code.
 */
export function twoFactorMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('admin_totp')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('admin_users.id').onDelete('cascade'))
        .addColumn('secret', 'text', (c) => c.notNull())
        .addColumn('enabled_at', 'text')
        .addColumn('last_step', 'bigint')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      const table = db.schema.createTable('admin_recovery_codes');
      await (dialect === 'postgres'
        ? table.addColumn('id', 'serial', (c) => c.primaryKey())
        : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      )
        .addColumn('user_id', 'integer', (c) => c.notNull().references('admin_users.id').onDelete('cascade'))
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('admin_recovery_codes_user').on('admin_recovery_codes').column('user_id').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('admin_recovery_codes').execute();
      await db.schema.dropTable('admin_totp').execute();
    },
  };
}
