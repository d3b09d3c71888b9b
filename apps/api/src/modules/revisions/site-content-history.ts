import { siteContentInputSchema } from '@bande/shared';
import { readContent, SITE_CONTENT_ID, siteContentRepository } from '../site-content/site-content.repository.ts';
import { readSnapshot, type EntityHistory } from './entity-history.ts';

/** The site's texts (one record, entity id 1): a restore writes the snapshot's texts back, as valid as a save. */
export const siteContentHistory: EntityHistory = {
  load: (db, id) => (id === SITE_CONTENT_ID ? siteContentRepository(db).find(db) : Promise.resolve(undefined)),
  label: () => 'Textes du site',
  async restore({ trx, now }, _id, snapshot) {
    // A snapshot from older code lacks the fields added since: they take their defaults, then the whole
    // is checked with the save's own schema.
    const content = readSnapshot(siteContentInputSchema, readContent(snapshot));
    await siteContentRepository(trx).save(content, now, trx);
    return [];
  },
};
