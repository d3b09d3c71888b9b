import type { Kysely, Selectable } from 'kysely';
import { youtubeIdFrom, type GalleryItem } from '@bande/shared';
import type { Database, GalleryItemsTable } from '../../db/schema.ts';
import { toBool, toFlag } from '../../lib/clock.ts';
import type { ScheduleColumns } from '../scheduling/schedule-columns.ts';

type Executor = Kysely<Database>;

/** The stored fields of a media item that its form sets. */
export interface MediaFields {
  type: GalleryItem['type'];
  url: string;
  thumbnail: string | null;
  title: string | null;
  description: string | null;
}

const toItem = (row: Selectable<GalleryItemsTable>): GalleryItem => ({
  ...row,
  published: toBool(row.published),
  youtubeId: row.type === 'youtube' ? youtubeIdFrom(row.url) : null,
});

/** Queries of the gallery table, always in display order; every function takes an optional transaction. */
export function galleryRepository(db: Executor) {
  return {
    async list(published?: boolean, trx: Executor = db): Promise<GalleryItem[]> {
      let query = trx.selectFrom('galleryItems').selectAll().orderBy('position').orderBy('id');
      if (published !== undefined) query = query.where('published', '=', toFlag(published));
      return (await query.execute()).map(toItem);
    },

    async findById(id: number, trx: Executor = db): Promise<GalleryItem | undefined> {
      const row = await trx.selectFrom('galleryItems').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toItem(row);
    },

    /** The next free position at the end of the list (0 for an empty gallery). */
    async nextPosition(trx: Executor = db): Promise<number> {
      const { max } = await trx
        .selectFrom('galleryItems')
        .select((eb) => eb.fn.max<number | null>('position').as('max'))
        .executeTakeFirstOrThrow();
      return max === null ? 0 : Number(max) + 1;
    },

    async insert(values: MediaFields & Partial<ScheduleColumns> & { published: boolean; position: number }, now: string, trx: Executor = db): Promise<GalleryItem> {
      const row = await trx
        .insertInto('galleryItems')
        .values({ ...values, published: toFlag(values.published), createdAt: now, updatedAt: now })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toItem(row);
    },

    async update(id: number, values: Partial<MediaFields> & Partial<ScheduleColumns> & { published?: boolean }, now: string, trx: Executor = db): Promise<GalleryItem | undefined> {
      const { published, ...fields } = values;
      const row = await trx
        .updateTable('galleryItems')
        .set({ ...fields, ...(published === undefined ? {} : { published: toFlag(published) }), updatedAt: now })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      return row && toItem(row);
    },

    async setPosition(id: number, position: number, now: string, trx: Executor = db): Promise<boolean> {
      const result = await trx.updateTable('galleryItems').set({ position, updatedAt: now }).where('id', '=', id).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Renumbers positions 0..n-1 in the current order, touching only rows whose position changes. */
    async compactPositions(trx: Executor = db): Promise<void> {
      const rows = await trx.selectFrom('galleryItems').select(['id', 'position']).orderBy('position').orderBy('id').execute();
      for (const [index, row] of rows.entries()) {
        if (row.position !== index) await trx.updateTable('galleryItems').set({ position: index }).where('id', '=', row.id).execute();
      }
    },

    async delete(id: number, trx: Executor = db): Promise<boolean> {
      const result = await trx.deleteFrom('galleryItems').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
