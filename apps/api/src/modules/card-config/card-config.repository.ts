import type { Kysely } from 'kysely';
import type { CardConfig } from '@bande/shared';
import type { Database } from '../../db/schema.ts';
import { toBool, toFlag } from '../../lib/clock.ts';

type Executor = Kysely<Database>;

/** The card configuration is one row, id 1. */
const ROW_ID = 1;

const columns = ['isEnabled', 'sectionTitle', 'sectionDescription', 'buttonText', 'modalTitle', 'modalDescription', 'modalButtonText'] as const;

/** Access to the single card-config row; every function takes an optional transaction. */
export function cardConfigRepository(db: Executor) {
  return {
    async find(trx: Executor = db): Promise<CardConfig | undefined> {
      const row = await trx.selectFrom('cardConfig').select(columns).where('id', '=', ROW_ID).executeTakeFirst();
      return row && { ...row, isEnabled: toBool(row.isEnabled) };
    },

    /** Insert or replace in one statement, so two first saves racing each other cannot both insert. */
    async save(config: CardConfig, now: string, trx: Executor = db): Promise<void> {
      const values = { ...config, isEnabled: toFlag(config.isEnabled), updatedAt: now };
      await trx
        .insertInto('cardConfig')
        .values({ id: ROW_ID, ...values })
        .onConflict((oc) => oc.column('id').doUpdateSet(values))
        .execute();
    },
  };
}
