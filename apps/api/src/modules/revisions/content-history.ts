import crypto from 'node:crypto';
import { z } from 'zod';
import { galleryItemSchema, memberSchema, partnerSchema, revisionTexts, venueSchema } from '@bande/shared';
import { conflict } from '../../lib/http-error.ts';
import { galleryRepository } from '../gallery/gallery.repository.ts';
import { mediaFields } from '../gallery/gallery.service.ts';
import { toMember } from '../members/members.mapper.ts';
import { membersRepository } from '../members/members.repository.ts';
import { partnersRepository } from '../partners/partners.repository.ts';
import { venuesRepository } from '../venues/venues.repository.ts';
import { existingUpload, readSnapshot, type EntityHistory } from './entity-history.ts';

// Members, venues, partners and gallery items: flat rows. Each restore writes the content columns
// only; publication stays as it is, and a re-created row is a draft with its former id.

const memberFields = memberSchema.pick({ documentId: true, firstName: true, lastName: true, role: true, note: true, photo: true, createdAt: true });

export const memberHistory: EntityHistory = {
  load: async (db, id) => {
    const row = await membersRepository(db).findById(id, db);
    return row && toMember(row);
  },
  label: (snapshot) => `${String(snapshot.firstName ?? '')} ${String(snapshot.lastName ?? '')}`.trim(),
  async restore({ trx, now, storage }, id, snapshot) {
    const { documentId, createdAt, ...member } = readSnapshot(memberFields, snapshot);
    const repo = membersRepository(trx);
    const columns = { ...member, photo: await existingUpload(storage, member.photo), updatedAt: now };
    const current = await repo.findById(id, trx);
    if (current) {
      await repo.update(id, columns, trx);
      return [current.photo];
    }
    // The public id stays the member's own, unless another member took it meanwhile.
    const idTaken = await trx.selectFrom('members').select('id').where('documentId', '=', documentId).executeTakeFirst();
    await repo.insert({ ...columns, id, documentId: idTaken ? crypto.randomUUID() : documentId, published: 0, publishedAt: null, createdAt }, trx);
    return [];
  },
};

// Snapshots from before migration 014 have no default capacity: read as none.
const venueFields = venueSchema.pick({ name: true, address: true }).extend({ defaultCapacity: z.number().nullable().default(null) });

export const venueHistory: EntityHistory = {
  load: (db, id) => venuesRepository(db).findById(id, db),
  label: (snapshot) => String(snapshot.name ?? ''),
  async restore({ trx, now }, id, snapshot) {
    const venue = readSnapshot(venueFields, snapshot);
    const updated = await venuesRepository(trx).update(id, venue, now, trx);
    if (!updated) await trx.insertInto('venues').values({ ...venue, id, createdAt: now, updatedAt: now }).execute();
    return [];
  },
};

const partnerFields = partnerSchema.pick({ title: true, description: true, logo: true, link: true, createdAt: true });

export const partnerHistory: EntityHistory = {
  load: (db, id) => partnersRepository(db).findById(id, db),
  label: (snapshot) => String(snapshot.title ?? ''),
  async restore({ trx, now, storage }, id, snapshot) {
    const { createdAt, ...partner } = readSnapshot(partnerFields, snapshot);
    const columns = { ...partner, logo: await existingUpload(storage, partner.logo) };
    const repo = partnersRepository(trx);
    const current = await repo.findById(id, trx);
    if (current) {
      await repo.update(id, columns, now, trx);
      return [current.logo];
    }
    await trx.insertInto('partners').values({ ...columns, id, published: 0, createdAt, updatedAt: now }).execute();
    return [];
  },
};

const galleryFields = galleryItemSchema.pick({ type: true, url: true, thumbnail: true, title: true, description: true });

export const galleryHistory: EntityHistory = {
  load: (db, id) => galleryRepository(db).findById(id, db),
  label: (snapshot) => String(snapshot.title ?? snapshot.url ?? ''),
  async restore({ trx, now, storage }, id, snapshot) {
    const item = readSnapshot(galleryFields, snapshot);
    // The media itself is the item: without its file there is nothing to show, so no restore.
    const url = await existingUpload(storage, item.url);
    if (!url) throw conflict(revisionTexts.mediaGone);
    const fields = mediaFields({ ...item, url, thumbnail: await existingUpload(storage, item.thumbnail) });
    const repo = galleryRepository(trx);
    const current = await repo.findById(id, trx);
    if (current) {
      await repo.update(id, fields, now, trx);
      return [current.url, current.thumbnail];
    }
    // A media that comes back goes at the end of the list, as a new one would.
    await trx
      .insertInto('galleryItems')
      .values({ ...fields, id, published: 0, position: await repo.nextPosition(trx), createdAt: now, updatedAt: now })
      .execute();
    return [];
  },
};
