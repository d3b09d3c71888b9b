import type { Kysely } from 'kysely';
import type { DialectName } from '../connection.ts';

/**
 * Passkeys (WebAuthn, modules/passkeys). `admin_passkeys`: one row per credential an account has
 * registered, with its COSE public key, the last signature counter seen (a counter that goes back
 * marks a cloned authenticator and is refused) and its transports (JSON array, a hint for the browser).
 * `passkey_challenges`: every challenge handed out, single-use (deleted when a ceremony ends with it),
 * short-lived, bound to its ceremony and, for a registration, to the account and session that asked.
 * Kept in the database so that any server can finish a ceremony that another began.
 */
export function passkeysMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      const table = db.schema.createTable('admin_passkeys');
      await (dialect === 'postgres'
        ? table.addColumn('id', 'serial', (c) => c.primaryKey())
        : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      )
        .addColumn('user_id', 'integer', (c) => c.notNull().references('admin_users.id').onDelete('cascade'))
        // base64url of the raw credential id, as WebAuthn's JSON carries it.
        .addColumn('credential_id', 'text', (c) => c.notNull().unique())
        // base64url of the COSE public key.
        .addColumn('public_key', 'text', (c) => c.notNull())
        .addColumn('counter', 'bigint', (c) => c.notNull())
        .addColumn('transports', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_used_at', 'text')
        .execute();
      await db.schema.createIndex('admin_passkeys_user').on('admin_passkeys').column('user_id').execute();

      await db.schema
        .createTable('passkey_challenges')
        // base64url of 32 random bytes: the key a finishing ceremony looks its challenge up by.
        .addColumn('challenge', 'text', (c) => c.primaryKey())
        // 'registration' or 'authentication': a challenge of one never finishes the other.
        .addColumn('ceremony', 'text', (c) => c.notNull())
        // A registration's account and session (null for a login, where nobody is known yet).
        .addColumn('user_id', 'integer', (c) => c.references('admin_users.id').onDelete('cascade'))
        .addColumn('session_id', 'integer')
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('passkey_challenges').execute();
      await db.schema.dropTable('admin_passkeys').execute();
    },
  };
}
