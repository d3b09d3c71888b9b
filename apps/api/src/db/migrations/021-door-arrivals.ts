import { sql, type Kysely } from 'kysely';

/**
 * The door's evening (issue 32). `checked_in_at` becomes the moment of the tap (the phone sends it, the
 * earliest tap wins), and a reservation gains:
 * - `checked_in_seats`: how many of its seats came in (a party of 4 where 3 came is 3); null while nobody
 *   is checked in. No-shows are the confirmed seats minus these.
 * - `checked_in_by`: the id of the phone that checked it in first, so that a second phone's sync of the
 *   same party is answered « déjà pointé … sur un autre appareil » instead of passing silently.
 * - `client_nonce`: the id a phone gives a walk-in it records (source 'door'), unique, so that a replay
 *   after a lost answer or an offline queue sent twice never records the same people twice.
 * - `beyond_capacity`: 1 when a walk-in was recorded with more people in than the capacity (offline taps
 *   are recorded anyway: the people are in the room); the tab flags « au-delà de la jauge ».
 */
export function doorArrivalsMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('reservations').addColumn('checked_in_seats', 'integer').execute();
      await db.schema.alterTable('reservations').addColumn('checked_in_by', 'text').execute();
      await db.schema.alterTable('reservations').addColumn('client_nonce', 'text').execute();
      await db.schema.alterTable('reservations').addColumn('beyond_capacity', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.createIndex('reservations_client_nonce').on('reservations').column('client_nonce').unique().execute();
      // Reservations checked in before this version: every seat came (what the door then recorded).
      await sql`update reservations set checked_in_seats = seats where checked_in_at is not null`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('reservations_client_nonce').execute();
      for (const column of ['beyond_capacity', 'client_nonce', 'checked_in_by', 'checked_in_seats']) await db.schema.alterTable('reservations').dropColumn(column).execute();
    },
  };
}
