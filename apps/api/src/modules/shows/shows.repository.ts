import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Show, ShowInputParsed, ShowSummary } from '@bande/shared';
import type { Database, ShowsTable } from '../../db/schema.ts';
import { toCredits, toShow, toSummary, type PerformanceRow, type ShowRow } from './shows.mapper.ts';

type Executor = Kysely<Database>;

export interface ShowFilter {
  published?: boolean;
  isFeatured?: boolean;
}

/** Queries of shows and their performances and credits; every function takes an optional transaction. */
export function showsRepository(db: Executor) {
  async function performancesOf(showIds: number[], trx: Executor): Promise<PerformanceRow[]> {
    if (showIds.length === 0) return [];
    // ISO dates in UTC all have the same shape, so text order is date order on both databases.
    return trx.selectFrom('performances').selectAll().where('showId', 'in', showIds).orderBy('date').orderBy('id').execute();
  }

  async function withDetails(row: ShowRow | undefined, trx: Executor): Promise<Show | undefined> {
    if (!row) return undefined;
    const credits = await trx.selectFrom('credits').select(['id', 'category']).where('showId', '=', row.id).orderBy('position').orderBy('id').execute();
    const members =
      credits.length === 0
        ? []
        : await trx
            .selectFrom('creditMembers')
            .innerJoin('members', 'members.id', 'creditMembers.memberId')
            .select([
              'creditMembers.creditId',
              'creditMembers.memberId',
              'creditMembers.role as creditRole',
              'members.role as memberRole',
              'members.firstName',
              'members.lastName',
              'members.photo',
              'members.published',
            ])
            .where('creditMembers.creditId', 'in', credits.map((credit) => credit.id))
            .orderBy('creditMembers.position')
            .orderBy('creditMembers.id')
            .execute();
    return toShow(row, await performancesOf([row.id], trx), toCredits(credits, members));
  }

  return {
    /** Newest shows first, each with its performances in date order. */
    async listSummaries(filter: ShowFilter = {}, trx: Executor = db): Promise<ShowSummary[]> {
      let query = trx.selectFrom('shows').selectAll();
      if (filter.published !== undefined) query = query.where('published', '=', filter.published ? 1 : 0);
      if (filter.isFeatured !== undefined) query = query.where('isFeatured', '=', filter.isFeatured ? 1 : 0);
      const rows = await query.orderBy('createdAt', 'desc').orderBy('id', 'desc').execute();
      const performances = await performancesOf(rows.map((row) => row.id), trx);
      return rows.map((row) => toSummary(row, performances.filter((p) => p.showId === row.id)));
    },

    findRow(id: number, trx: Executor = db): Promise<ShowRow | undefined> {
      return trx.selectFrom('shows').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async findShow(id: number, trx: Executor = db): Promise<Show | undefined> {
      return withDetails(await trx.selectFrom('shows').selectAll().where('id', '=', id).executeTakeFirst(), trx);
    },

    async findPublishedBySlug(slug: string, trx: Executor = db): Promise<Show | undefined> {
      const row = await trx.selectFrom('shows').selectAll().where('slug', '=', slug).where('published', '=', 1).executeTakeFirst();
      return withDetails(row, trx);
    },

    /** Slugs already used by `base` or `base-N`, other than the show `exceptId`'s own. */
    async slugsLike(base: string, exceptId: number | undefined, trx: Executor = db): Promise<Set<string>> {
      let query = trx
        .selectFrom('shows')
        .select('slug')
        .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]));
      if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
      return new Set((await query.execute()).map((row) => row.slug));
    },

    async insert(values: Insertable<ShowsTable>, trx: Executor = db): Promise<number> {
      return (await trx.insertInto('shows').values(values).returning('id').executeTakeFirstOrThrow()).id;
    },

    async update(id: number, values: Updateable<ShowsTable>, trx: Executor = db): Promise<boolean> {
      const result = await trx.updateTable('shows').set(values).where('id', '=', id).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async delete(id: number, trx: Executor = db): Promise<boolean> {
      // Performances and credits (and their member links) go with the show: ON DELETE CASCADE.
      const result = await trx.deleteFrom('shows').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Credits keep the order they were sent in (position), and so do the members of each credit. */
    async replaceCredits(showId: number, credits: ShowInputParsed['credits'], trx: Executor = db): Promise<void> {
      // Deleting the credits removes their member links too (ON DELETE CASCADE).
      await trx.deleteFrom('credits').where('showId', '=', showId).execute();
      for (const [position, credit] of credits.entries()) {
        const { id: creditId } = await trx
          .insertInto('credits')
          .values({ showId, category: credit.category, position })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (credit.members.length === 0) continue;
        await trx
          .insertInto('creditMembers')
          .values(credit.members.map((member, index) => ({ creditId, memberId: member.memberId, role: member.role, position: index })))
          .execute();
      }
    },
  };
}
