import { legalSettingsInputSchema } from '@bande/shared';
import { legalRepository } from '../legal/legal.repository.ts';
import { readSnapshot, type EntityHistory } from './entity-history.ts';

/** The legal details are one row, entity id 1 (legal.repository.ts). */
export const LEGAL_ID = 1;

/**
 * « Informations légales » (one record, administrators only: revisions.service.ts refuses its history to
 * other roles): a restore writes the snapshot's details back, checked by the save's own schema.
 */
export const legalHistory: EntityHistory = {
  load: (db, id) => (id === LEGAL_ID ? legalRepository(db).find(db) : Promise.resolve(undefined)),
  label: () => 'Informations légales',
  async restore({ trx, now }, _id, snapshot) {
    await legalRepository(trx).save(readSnapshot(legalSettingsInputSchema, snapshot), now, trx);
    return [];
  },
};
