import type { Kysely } from 'kysely';
import { LEGAL_FIELDS, type LegalSettings } from '@bande/shared';
import type { Database } from '../../db/schema.ts';

type Executor = Kysely<Database>;

/** The legal details are one row, id 1. */
const ROW_ID = 1;

/** Access to the single legal-settings row; every function takes an optional transaction. */
export function legalRepository(db: Executor) {
  return {
    async find(trx: Executor = db): Promise<LegalSettings | undefined> {
      return trx.selectFrom('legalSettings').select(LEGAL_FIELDS).where('id', '=', ROW_ID).executeTakeFirst();
    },

    /** Insert or replace in one statement, so two first saves racing each other cannot both insert. */
    async save(settings: LegalSettings, now: string, trx: Executor = db): Promise<void> {
      const values = { ...settings, updatedAt: now };
      await trx
        .insertInto('legalSettings')
        .values({ id: ROW_ID, ...values })
        .onConflict((oc) => oc.column('id').doUpdateSet(values))
        .execute();
    },
  };
}
