import type { Kysely } from 'kysely';
import type { Venue } from '@bande/shared';
import type { Database } from '../../db/schema.ts';

type Executor = Kysely<Database>;

// Same reason as for members: one French order whatever the database's collation.
const collator = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });

/** Queries of the venues table; every function takes an optional transaction. */
export function venuesRepository(db: Executor) {
  return {
    async list(trx: Executor = db): Promise<Venue[]> {
      const rows = await trx.selectFrom('venues').select(['id', 'name', 'address', 'defaultCapacity']).execute();
      return rows.sort((a, b) => collator.compare(a.name, b.name) || a.id - b.id);
    },

    findById(id: number, trx: Executor = db): Promise<Venue | undefined> {
      return trx.selectFrom('venues').select(['id', 'name', 'address', 'defaultCapacity']).where('id', '=', id).executeTakeFirst();
    },

    async insert(venue: { name: string; address: string; defaultCapacity: number | null }, now: string, trx: Executor = db): Promise<Venue> {
      return trx
        .insertInto('venues')
        .values({ ...venue, createdAt: now, updatedAt: now })
        .returning(['id', 'name', 'address', 'defaultCapacity'])
        .executeTakeFirstOrThrow();
    },

    update(id: number, venue: { name: string; address: string; defaultCapacity: number | null }, now: string, trx: Executor = db): Promise<Venue | undefined> {
      return trx
        .updateTable('venues')
        .set({ ...venue, updatedAt: now })
        .where('id', '=', id)
        .returning(['id', 'name', 'address', 'defaultCapacity'])
        .executeTakeFirst();
    },

    async delete(id: number, trx: Executor = db): Promise<boolean> {
      const result = await trx.deleteFrom('venues').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
