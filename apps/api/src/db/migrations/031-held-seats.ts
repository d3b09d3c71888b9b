import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../connection.ts';

const HELD = sql.raw(`('pending', 'confirmed', 'offered')`);

/**
 * `performances.held_seats` (issue 32): the seats held (reservations pending, confirmed or offered) on
 * each performance, kept by the database itself. Triggers on `reservations` add a row's seats when it
 * comes to hold them (insert, status or seats changed, moved) and take them off when it stops (status,
 * delete): every path that writes reservations — bookings, confirmations, cancels, lapsed holds and
 * offers, the waiting list, the door's walk-ins, staff edits, deletions, a restore, the demo seed —
 * keeps it exact, and none can forget it. A public booking then reads it after its insert instead of
 * counting rows under the performance's lock (reservations.service.ts, quickBooking).
 * Backfilled from the reservations already there.
 */
export function heldSeatsMigration(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('performances').addColumn('held_seats', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await sql`update performances set held_seats = coalesce((select sum(seats) from reservations r where r.performance_id = performances.id and r.status in ${HELD}), 0)`.execute(db);
      if (dialect === 'postgres') {
        await sql`
          create function reservations_held_seats() returns trigger language plpgsql as $$
          begin
            if tg_op in ('UPDATE', 'DELETE') and old.status in ('pending', 'confirmed', 'offered') then
              if tg_op = 'UPDATE' and new.status in ('pending', 'confirmed', 'offered') and new.seats = old.seats and new.performance_id = old.performance_id then
                return null;
              end if;
              update performances set held_seats = held_seats - old.seats where id = old.performance_id;
            end if;
            if tg_op in ('UPDATE', 'INSERT') and new.status in ('pending', 'confirmed', 'offered') then
              update performances set held_seats = held_seats + new.seats where id = new.performance_id;
            end if;
            return null;
          end
          $$`.execute(db);
        await sql`create trigger reservations_held_seats after insert or delete or update of status, seats, performance_id on reservations for each row execute function reservations_held_seats()`.execute(db);
      } else {
        await sql`create trigger reservations_held_insert after insert on reservations when new.status in ${HELD} begin
          update performances set held_seats = held_seats + new.seats where id = new.performance_id; end`.execute(db);
        await sql`create trigger reservations_held_delete after delete on reservations when old.status in ${HELD} begin
          update performances set held_seats = held_seats - old.seats where id = old.performance_id; end`.execute(db);
        await sql`create trigger reservations_held_update after update of status, seats, performance_id on reservations
          when (old.status in ${HELD}) or (new.status in ${HELD}) begin
          update performances set held_seats = held_seats - old.seats where id = old.performance_id and old.status in ${HELD};
          update performances set held_seats = held_seats + new.seats where id = new.performance_id and new.status in ${HELD}; end`.execute(db);
      }
    },
    async down(db: Kysely<unknown>) {
      if (dialect === 'postgres') {
        await sql`drop trigger reservations_held_seats on reservations`.execute(db);
        await sql`drop function reservations_held_seats()`.execute(db);
      } else for (const name of ['reservations_held_insert', 'reservations_held_delete', 'reservations_held_update']) await sql`drop trigger ${sql.raw(name)}`.execute(db);
      await db.schema.alterTable('performances').dropColumn('held_seats').execute();
    },
  };
}
