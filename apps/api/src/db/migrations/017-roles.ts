import type { Kysely } from 'kysely';

/**
 * Each staff account holds a role (issue 26): 'admin', 'editor' or 'secretary'. Accounts that existed
 * before could do everything, so they all become 'admin' (the column's default when added); nobody loses
 * access by the upgrade, and the administrators then hand out narrower roles.
 */
export function rolesMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('admin_users').addColumn('role', 'text', (c) => c.notNull().defaultTo('admin')).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('admin_users').dropColumn('role').execute();
    },
  };
}
