import type { Kysely, Selectable } from 'kysely';
import type { z } from 'zod';
import type { Partner, partnerInputSchema } from '@bande/shared';
import type { Database, PartnersTable } from '../../db/schema.ts';
import { toBool, toFlag } from '../../lib/clock.ts';

type Executor = Kysely<Database>;
type PartnerValues = Omit<z.output<typeof partnerInputSchema>, 'published'>;

const toPartner = (row: Selectable<PartnersTable>): Partner => ({ ...row, published: toBool(row.published) });

/** Queries of the partners table (in creation order); every function takes an optional transaction. */
export function partnersRepository(db: Executor) {
  return {
    async list(published?: boolean, trx: Executor = db): Promise<Partner[]> {
      let query = trx.selectFrom('partners').selectAll().orderBy('id');
      if (published !== undefined) query = query.where('published', '=', toFlag(published));
      return (await query.execute()).map(toPartner);
    },

    async findById(id: number, trx: Executor = db): Promise<Partner | undefined> {
      const row = await trx.selectFrom('partners').selectAll().where('id', '=', id).executeTakeFirst();
      return row && toPartner(row);
    },

    /** Always a draft: spec section 4 says new partners are created unpublished. */
    async insertDraft(values: PartnerValues, now: string, trx: Executor = db): Promise<Partner> {
      const row = await trx
        .insertInto('partners')
        .values({ ...values, published: 0, createdAt: now, updatedAt: now })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toPartner(row);
    },

    async update(id: number, values: Partial<PartnerValues> & { published?: boolean }, now: string, trx: Executor = db): Promise<Partner | undefined> {
      const { published, ...fields } = values;
      const row = await trx
        .updateTable('partners')
        .set({ ...fields, ...(published === undefined ? {} : { published: toFlag(published) }), updatedAt: now })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      return row && toPartner(row);
    },

    async delete(id: number, trx: Executor = db): Promise<boolean> {
      const result = await trx.deleteFrom('partners').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
