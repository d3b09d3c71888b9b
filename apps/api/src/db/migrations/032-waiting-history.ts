import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../connection.ts';

/**
 * The waiting list's history, for the « Bilan » (issue 36). A reservation row moves waiting → offered →
 * confirmed | expired and used to forget its offer on the way (the offer's end is cleared), so the Bilan
 * could not tell how many offers were taken or lapsed, nor how long the waiting list once was. Now:
 * - `reservations.offered_at`: when the row was first offered seats (set by the waiting list's service,
 *   booking.ts); `reservations.offer_taken_at`: when that offer was confirmed (reservations.service.ts).
 *   An offer lapsed is one offered, never taken, and expired; one declined (cancelled) is neither.
 * - `performances.waiting_peak`: the most parties ever waiting at once on the performance, kept by a
 *   trigger on `reservations` (each row that comes to wait raises it to the count now waiting), so no
 *   path that puts someone on the list can forget it. The waiting list's writes hold the performance's
 *   row lock (booking.ts), so two of them never count past each other.
 * Rows before this version: the peak starts at the parties waiting now; their past offers stay unknown.
 */
export function waitingHistoryMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('reservations').addColumn('offered_at', 'text').execute();
      await db.schema.alterTable('reservations').addColumn('offer_taken_at', 'text').execute();
      await db.schema.alterTable('performances').addColumn('waiting_peak', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await sql`update reservations set offered_at = updated_at where status = 'offered'`.execute(db);
      await sql`update performances set waiting_peak = (select count(*) from reservations r where r.performance_id = performances.id and r.status = 'waiting')`.execute(db);
      if (dialect === 'postgres') {
        await sql`
          create function reservations_waiting_peak() returns trigger language plpgsql as $$
          begin
            update performances set waiting_peak = greatest(waiting_peak, (select count(*) from reservations r where r.performance_id = new.performance_id and r.status = 'waiting'))
              where id = new.performance_id;
            return null;
          end
          $$`.execute(db);
        await sql`create trigger reservations_waiting_peak after insert or update of status, performance_id on reservations for each row when (new.status = 'waiting') execute function reservations_waiting_peak()`.execute(db);
      } else {
        const raise = sql.raw(`update performances set waiting_peak = max(waiting_peak, (select count(*) from reservations r where r.performance_id = new.performance_id and r.status = 'waiting')) where id = new.performance_id;`);
        await sql`create trigger reservations_waiting_peak_insert after insert on reservations when new.status = 'waiting' begin ${raise} end`.execute(db);
        await sql`create trigger reservations_waiting_peak_update after update of status, performance_id on reservations when new.status = 'waiting' begin ${raise} end`.execute(db);
      }
    },
    async down(db: Kysely<unknown>) {
      if (dialect === 'postgres') {
        await sql`drop trigger reservations_waiting_peak on reservations`.execute(db);
        await sql`drop function reservations_waiting_peak()`.execute(db);
      } else for (const name of ['reservations_waiting_peak_insert', 'reservations_waiting_peak_update']) await sql`drop trigger ${sql.raw(name)}`.execute(db);
      await db.schema.alterTable('performances').dropColumn('waiting_peak').execute();
      await db.schema.alterTable('reservations').dropColumn('offer_taken_at').execute();
      await db.schema.alterTable('reservations').dropColumn('offered_at').execute();
    },
  };
}
