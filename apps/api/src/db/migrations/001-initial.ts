import type { CreateTableBuilder, Kysely } from 'kysely';
import type { DialectName } from '../connection.ts';

/**
 * The whole schema of spec section 3, plus admin users, sessions, one-time codes and rate-limit
 * buckets. Column types are the common ground of SQLite and PostgreSQL: integer flags, ISO text dates.
 */
export function initialMigration(dialect: DialectName) {
  // The only dialect difference: how an auto-incremented primary key is declared.
  const withId = <T extends string>(table: CreateTableBuilder<T, never>) =>
    dialect === 'postgres'
      ? table.addColumn('id', 'serial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  const timestamps = <T extends string, C extends string>(table: CreateTableBuilder<T, C>) =>
    table.addColumn('created_at', 'text', (c) => c.notNull()).addColumn('updated_at', 'text', (c) => c.notNull());

  return {
    async up(db: Kysely<unknown>) {
      await timestamps(
        withId(db.schema.createTable('admin_users'))
          .addColumn('email', 'text', (c) => c.notNull().unique())
          .addColumn('password_hash', 'text', (c) => c.notNull())
          .addColumn('failed_attempts', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('locked_until', 'text'),
      ).execute();

      await withId(db.schema.createTable('admin_sessions'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('admin_users.id').onDelete('cascade'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable('one_time_codes'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('admin_users.id').onDelete('cascade'))
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('used_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('one_time_codes_user_purpose').on('one_time_codes').columns(['user_id', 'purpose']).execute();

      await db.schema
        .createTable('rate_limit_buckets')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addColumn('reset_at', 'bigint', (c) => c.notNull())
        .execute();

      await timestamps(
        withId(db.schema.createTable('members'))
          .addColumn('document_id', 'text', (c) => c.notNull().unique())
          .addColumn('first_name', 'text', (c) => c.notNull())
          .addColumn('last_name', 'text', (c) => c.notNull())
          .addColumn('role', 'text', (c) => c.notNull())
          .addColumn('note', 'text')
          .addColumn('photo', 'text')
          .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('published_at', 'text'),
      ).execute();

      await timestamps(
        withId(db.schema.createTable('venues'))
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('address', 'text', (c) => c.notNull()),
      ).execute();

      await timestamps(
        withId(db.schema.createTable('shows'))
          .addColumn('slug', 'text', (c) => c.notNull().unique())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('type', 'text', (c) => c.notNull())
          .addColumn('pitch', 'text', (c) => c.notNull())
          .addColumn('quote', 'text')
          .addColumn('note', 'text', (c) => c.notNull())
          .addColumn('remerciement', 'text')
          .addColumn('year', 'text', (c) => c.notNull())
          .addColumn('photo', 'text')
          .addColumn('is_featured', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('published_at', 'text')
          .addColumn('book', 'text')
          .addColumn('author', 'text'),
      ).execute();

      await withId(db.schema.createTable('performances'))
        .addColumn('show_id', 'integer', (c) => c.notNull().references('shows.id').onDelete('cascade'))
        .addColumn('date', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('venue_name', 'text')
        .addColumn('booking_link', 'text')
        .execute();
      await db.schema.createIndex('performances_show').on('performances').columns(['show_id', 'date']).execute();

      await withId(db.schema.createTable('credits'))
        .addColumn('show_id', 'integer', (c) => c.notNull().references('shows.id').onDelete('cascade'))
        .addColumn('category', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('credits_show').on('credits').column('show_id').execute();

      // A member credited on a show cannot be deleted (restrict): the API refuses with a clear message.
      await withId(db.schema.createTable('credit_members'))
        .addColumn('credit_id', 'integer', (c) => c.notNull().references('credits.id').onDelete('cascade'))
        .addColumn('member_id', 'integer', (c) => c.notNull().references('members.id').onDelete('restrict'))
        .addColumn('role', 'text')
        .addColumn('position', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('credit_members_credit').on('credit_members').column('credit_id').execute();
      await db.schema.createIndex('credit_members_member').on('credit_members').column('member_id').execute();

      await timestamps(
        withId(db.schema.createTable('partners'))
          .addColumn('title', 'text', (c) => c.notNull())
          .addColumn('description', 'text', (c) => c.notNull())
          .addColumn('logo', 'text')
          .addColumn('link', 'text')
          .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0)),
      ).execute();

      await timestamps(
        withId(db.schema.createTable('gallery_items'))
          .addColumn('type', 'text', (c) => c.notNull())
          .addColumn('url', 'text', (c) => c.notNull())
          .addColumn('thumbnail', 'text')
          .addColumn('title', 'text')
          .addColumn('description', 'text')
          .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('position', 'integer', (c) => c.notNull()),
      ).execute();

      await timestamps(
        withId(db.schema.createTable('origin_categories'))
          .addColumn('title', 'text', (c) => c.notNull())
          .addColumn('description', 'text')
          .addColumn('position', 'integer', (c) => c.notNull())
          .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0)),
      ).execute();

      await timestamps(
        withId(db.schema.createTable('origin_events'))
          .addColumn('category_id', 'integer', (c) => c.notNull().references('origin_categories.id').onDelete('cascade'))
          .addColumn('title', 'text', (c) => c.notNull())
          .addColumn('date', 'text', (c) => c.notNull())
          .addColumn('description', 'text', (c) => c.notNull())
          .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0)),
      ).execute();
      await db.schema.createIndex('origin_events_category').on('origin_events').column('category_id').execute();

      await db.schema
        .createTable('card_config')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('is_enabled', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('section_title', 'text', (c) => c.notNull())
        .addColumn('section_description', 'text', (c) => c.notNull())
        .addColumn('button_text', 'text', (c) => c.notNull())
        .addColumn('modal_title', 'text', (c) => c.notNull())
        .addColumn('modal_description', 'text', (c) => c.notNull())
        .addColumn('modal_button_text', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable('newsletter_subscriptions'))
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable('contact_messages'))
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('request_type', 'text', (c) => c.notNull())
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('phone', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable('card_requests'))
        .addColumn('first_name', 'text', (c) => c.notNull())
        .addColumn('last_name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
