import type { Kysely, Selectable } from 'kysely';
import type { OriginCategory, OriginEvent } from '@bande/shared';
import type { Database, OriginCategoriesTable, OriginEventsTable } from '../../db/schema.ts';
import { toBool, toFlag } from '../../lib/clock.ts';
import type { ScheduleColumns } from '../scheduling/schedule-columns.ts';

type Executor = Kysely<Database>;

export interface CategoryFields {
  title: string;
  description: string | null;
  position: number;
}
export interface EventFields {
  title: string;
  date: string;
  description: string;
  categoryId: number;
}

const toEvent = ({ createdAt: _c, updatedAt: _u, ...row }: Selectable<OriginEventsTable>): OriginEvent => ({ ...row, published: toBool(row.published) });

// Dates are zero-padded 'YYYY', 'YYYY-MM' or 'YYYY-MM-DD': a plain string order is the chronological
// one. Sorting here rather than in SQL keeps it independent of PostgreSQL's collation.
const byDate = (a: OriginEvent, b: OriginEvent) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id - b.id);

/** Queries of the origins timeline (categories and their events); every function takes an optional transaction. */
export function originsRepository(db: Executor) {
  async function withEvents(rows: Selectable<OriginCategoriesTable>[], publishedOnly: boolean, trx: Executor): Promise<OriginCategory[]> {
    if (rows.length === 0) return [];
    let query = trx.selectFrom('originEvents').selectAll().where('categoryId', 'in', rows.map((row) => row.id));
    if (publishedOnly) query = query.where('published', '=', 1);
    const events = (await query.execute()).map(toEvent).sort(byDate);
    return rows.map(({ createdAt: _c, updatedAt: _u, ...row }) => ({
      ...row,
      published: toBool(row.published),
      events: events.filter((event) => event.categoryId === row.id),
    }));
  }

  return {
    /** Categories by position; `publishedOnly` hides draft categories and draft events alike. */
    async listCategories(publishedOnly: boolean, trx: Executor = db): Promise<OriginCategory[]> {
      let query = trx.selectFrom('originCategories').selectAll().orderBy('position').orderBy('id');
      if (publishedOnly) query = query.where('published', '=', 1);
      return withEvents(await query.execute(), publishedOnly, trx);
    },

    async findCategory(id: number, trx: Executor = db): Promise<OriginCategory | undefined> {
      const row = await trx.selectFrom('originCategories').selectAll().where('id', '=', id).executeTakeFirst();
      return row && (await withEvents([row], false, trx))[0];
    },

    async categoryExists(id: number, trx: Executor = db): Promise<boolean> {
      return (await trx.selectFrom('originCategories').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
    },

    /** Categories are numbered from 1 (spec section 9): the next one goes after the last. */
    async nextCategoryPosition(trx: Executor = db): Promise<number> {
      const { max } = await trx
        .selectFrom('originCategories')
        .select((eb) => eb.fn.max<number | null>('position').as('max'))
        .executeTakeFirstOrThrow();
      return max === null ? 1 : Number(max) + 1;
    },

    async insertCategory(values: CategoryFields & Partial<ScheduleColumns> & { published: boolean }, now: string, trx: Executor = db): Promise<number> {
      const row = await trx
        .insertInto('originCategories')
        .values({ ...values, published: toFlag(values.published), createdAt: now, updatedAt: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async updateCategory(id: number, values: Partial<CategoryFields> & Partial<ScheduleColumns> & { published?: boolean }, now: string, trx: Executor = db): Promise<boolean> {
      const { published, ...fields } = values;
      const result = await trx
        .updateTable('originCategories')
        .set({ ...fields, ...(published === undefined ? {} : { published: toFlag(published) }), updatedAt: now })
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Deletes a category and its events (explicitly, not relying on the foreign key's cascade alone). */
    async deleteCategory(id: number, trx: Executor = db): Promise<boolean> {
      await trx.deleteFrom('originEvents').where('categoryId', '=', id).execute();
      const result = await trx.deleteFrom('originCategories').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Renumbers categories 1..n in their current order, touching only rows whose position changes. */
    async compactCategoryPositions(trx: Executor = db): Promise<void> {
      const rows = await trx.selectFrom('originCategories').select(['id', 'position']).orderBy('position').orderBy('id').execute();
      for (const [index, row] of rows.entries()) {
        if (row.position !== index + 1) await trx.updateTable('originCategories').set({ position: index + 1 }).where('id', '=', row.id).execute();
      }
    },

    async findEvent(id: number, trx: Executor = db): Promise<OriginEvent | undefined> {
      const row = await trx.selectFrom('originEvents').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toEvent(row);
    },

    async insertEvent(values: EventFields & Partial<ScheduleColumns> & { published: boolean }, now: string, trx: Executor = db): Promise<OriginEvent> {
      const row = await trx
        .insertInto('originEvents')
        .values({ ...values, published: toFlag(values.published), createdAt: now, updatedAt: now })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toEvent(row);
    },

    async updateEvent(id: number, values: Partial<EventFields> & Partial<ScheduleColumns> & { published?: boolean }, now: string, trx: Executor = db): Promise<OriginEvent | undefined> {
      const { published, ...fields } = values;
      const row = await trx
        .updateTable('originEvents')
        .set({ ...fields, ...(published === undefined ? {} : { published: toFlag(published) }), updatedAt: now })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      return row && toEvent(row);
    },

    async deleteEvent(id: number, trx: Executor = db): Promise<boolean> {
      const result = await trx.deleteFrom('originEvents').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
