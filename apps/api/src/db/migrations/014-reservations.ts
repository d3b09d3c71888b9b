import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../connection.ts';

/**
 * Reservations (issue 23). A performance with a `capacity` (and no external booking link) takes
 * bookings on the site; a venue's `default_capacity` is what a new performance there takes.
 *
 * `reservations.status` moves pending → confirmed → cancelled, pending → expired (hold lapsed),
 * waiting → offered → confirmed | expired, waiting → cancelled (left the list). The seats of pending,
 * confirmed and offered rows are held against the capacity. Only the SHA-256 of the mailed token is kept.
 * Dates are ISO text like everywhere else (text order is time order on both databases); the timed work
 * (modules/reservations/reservation-job.ts) finds its rows through the partial indexes below.
 *
 * `mail_queue.attachments`: a JSON array of { filename, contentType, content } (the confirmation's
 * iCalendar file), erased with the body once the mail is sent.
 */
export function reservationsMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('performances').addColumn('capacity', 'integer').execute();
      await db.schema.alterTable('venues').addColumn('default_capacity', 'integer').execute();
      await db.schema.alterTable('mail_queue').addColumn('attachments', 'text').execute();

      const table = db.schema.createTable('reservations');
      await (dialect === 'postgres'
        ? table.addColumn('id', 'serial', (c) => c.primaryKey())
        : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      )
        // Deleting a performance with live reservations is refused by the show save; the finished ones go with it.
        .addColumn('performance_id', 'integer', (c) => c.notNull().references('performances.id').onDelete('cascade'))
        .addColumn('first_name', 'text', (c) => c.notNull())
        .addColumn('last_name', 'text', (c) => c.notNull())
        // Null for a phone booking made by the staff without an address, and once erased (retention).
        .addColumn('email', 'text')
        .addColumn('phone', 'text')
        .addColumn('seats', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        // Only hashes are kept, so a later mail (an offer, a reminder) needs a new token: the one before
        // keeps working through this second column (the confirmation mail's cancel link after a reminder).
        .addColumn('second_token_hash', 'text', (c) => c.unique())
        .addColumn('hold_expires_at', 'text')
        .addColumn('offer_expires_at', 'text')
        .addColumn('reminder_sent_at', 'text')
        .addColumn('checked_in_at', 'text')
        .addColumn('erased_at', 'text')
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('reservations_performance').on('reservations').columns(['performance_id', 'status']).execute();
      await db.schema
        .createIndex('reservations_hold_due')
        .on('reservations')
        .column('hold_expires_at')
        .where(sql<boolean>`status = 'pending'`)
        .execute();
      await db.schema
        .createIndex('reservations_offer_due')
        .on('reservations')
        .column('offer_expires_at')
        .where(sql<boolean>`status = 'offered'`)
        .execute();
      await db.schema
        .createIndex('reservations_reminder_due')
        .on('reservations')
        .column('performance_id')
        .where(sql<boolean>`status = 'confirmed' and reminder_sent_at is null`)
        .execute();
      await db.schema
        .createIndex('reservations_not_erased')
        .on('reservations')
        .column('performance_id')
        .where(sql<boolean>`erased_at is null`)
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('reservations').execute();
      await db.schema.alterTable('mail_queue').dropColumn('attachments').execute();
      await db.schema.alterTable('venues').dropColumn('default_capacity').execute();
      await db.schema.alterTable('performances').dropColumn('capacity').execute();
    },
  };
}
