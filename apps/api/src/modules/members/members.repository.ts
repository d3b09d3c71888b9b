import type { Kysely } from 'kysely';
import type { Database, MemberUpdate, NewMemberRow } from '../../db/schema.ts';
import { byLastThenFirstName } from './members.mapper.ts';
import { scheduleAfterManual } from '../scheduling/schedule-columns.ts';

type Executor = Kysely<Database>;

/** Queries of the members table; every function takes an optional transaction. */
export function membersRepository(db: Executor) {
  return {
    async list(filter: { published?: boolean } = {}, trx: Executor = db) {
      let query = trx.selectFrom('members').selectAll();
      if (filter.published !== undefined) query = query.where('published', '=', filter.published ? 1 : 0);
      const rows = await query.execute();
      return rows.sort(byLastThenFirstName);
    },

    findById(id: number, trx: Executor = db) {
      return trx.selectFrom('members').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async insert(values: NewMemberRow, trx: Executor = db): Promise<number> {
      const row = await trx.insertInto('members').values(values).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    async update(id: number, values: MemberUpdate, trx: Executor = db): Promise<boolean> {
      const result = await trx.updateTable('members').set(values).where('id', '=', id).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Publishing keeps the first publication date; unpublishing clears it. Plans it contradicts are dropped (scheduleAfterManual). */
    async setPublished(id: number, published: boolean, now: string, trx: Executor = db): Promise<boolean> {
      const result = await trx
        .updateTable('members')
        .set((eb) => ({
          published: published ? 1 : 0,
          publishedAt: published ? eb.fn.coalesce('publishedAt', eb.val(now)) : null,
          ...scheduleAfterManual(published),
          updatedAt: now,
        }))
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async delete(id: number, trx: Executor = db): Promise<boolean> {
      const result = await trx.deleteFrom('members').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Names of the shows whose credits list this member (what blocks its deletion). */
    async creditedInShows(id: number, trx: Executor = db): Promise<string[]> {
      const rows = await trx
        .selectFrom('creditMembers')
        .innerJoin('credits', 'credits.id', 'creditMembers.creditId')
        .innerJoin('shows', 'shows.id', 'credits.showId')
        .select('shows.name')
        .distinct()
        .where('creditMembers.memberId', '=', id)
        .orderBy('shows.name')
        .execute();
      return rows.map((row) => row.name);
    },

    /** The ids among `ids` that belong to an existing member. */
    async existingIds(ids: number[], trx: Executor = db): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await trx.selectFrom('members').select('id').where('id', 'in', ids).execute();
      return new Set(rows.map((row) => row.id));
    },
  };
}
