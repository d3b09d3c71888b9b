import { performanceSchema, showSchema, type Show } from '@bande/shared';
import { z } from 'zod';
import { toFlag } from '../../lib/clock.ts';
import { photoInJson } from '../images/release-uploads.ts';
import { membersRepository } from '../members/members.repository.ts';
import { authorToText, bookToText } from '../shows/shows.mapper.ts';
import { showsRepository } from '../shows/shows.repository.ts';
import { syncPerformances } from '../reservations/performance-sync.ts';
import { firstFreeSlug, slugify } from '../shows/shows.service.ts';
import { existingUpload, readSnapshot, type EntityHistory, type Executor, type RestoreContext } from './entity-history.ts';

const restorable = showSchema.pick({
  slug: true,
  name: true,
  type: true,
  pitch: true,
  quote: true,
  note: true,
  remerciement: true,
  year: true,
  photo: true,
  isFeatured: true,
  createdAt: true,
  book: true,
  author: true,
  performances: true,
  credits: true,
}).extend({
  // Snapshots from before migration 014 have no capacity: absent keeps the performance's own (syncPerformances).
  performances: z.array(performanceSchema.extend({ capacity: z.number().nullable().optional() })),
});
type Restorable = ReturnType<typeof restorable.parse>;

/** The snapshot's slug when no other show holds it now, else a free one made from the name. */
async function slugFor(trx: Executor, id: number, show: Restorable): Promise<string> {
  const taken = await showsRepository(trx).slugsLike(show.slug, id, trx);
  if (!taken.has(show.slug)) return show.slug;
  const base = slugify(show.name);
  return firstFreeSlug(base, await showsRepository(trx).slugsLike(base, id, trx));
}

/** Credits keep only members that still exist: a deleted member's place is dropped, not restored. */
async function creditsFor(trx: Executor, credits: Restorable['credits']) {
  const existing = await membersRepository(trx).existingIds([...new Set(credits.flatMap((credit) => credit.members.map((member) => member.memberId)))], trx);
  return credits.map((credit) => ({
    category: credit.category,
    members: credit.members.filter((member) => existing.has(member.memberId)).map(({ memberId, role }) => ({ memberId, role })),
  }));
}

async function restoreShow({ trx, dialect, now, storage }: RestoreContext, id: number, snapshot: Record<string, unknown>) {
  const show = readSnapshot(restorable, snapshot);
  const repo = showsRepository(trx);
  const book = show.book && { ...show.book, photo: await existingUpload(storage, show.book.photo) };
  const author = show.author && { ...show.author, photo: await existingUpload(storage, show.author.photo) };
  const columns = {
    slug: await slugFor(trx, id, show),
    name: show.name,
    type: show.type,
    pitch: show.pitch,
    quote: show.quote,
    note: show.note,
    remerciement: show.remerciement,
    year: show.year,
    photo: await existingUpload(storage, show.photo),
    isFeatured: toFlag(show.isFeatured),
    book: bookToText(book),
    author: authorToText(author),
    updatedAt: now,
  };
  const current = await repo.findRow(id, trx);
  // Publication (and any scheduled date) stays as it is now; a show that comes back is a draft.
  if (current) await repo.update(id, columns, trx);
  else await repo.insert({ ...columns, id, published: 0, publishedAt: null, createdAt: show.createdAt }, trx);
  // With their ids: a performance still there keeps its row and its reservations.
  const performances = show.performances.map(({ id: performanceId, date, address, venueName, bookingLink, capacity }) => ({ id: performanceId, date, address, venueName, bookingLink, capacity }));
  await syncPerformances(trx, dialect, id, performances);
  await repo.replaceCredits(id, await creditsFor(trx, show.credits), trx);
  return current ? [current.photo, photoInJson(current.book), photoInJson(current.author)] : [];
}

export const showHistory: EntityHistory = {
  load: (db, id): Promise<Show | undefined> => showsRepository(db).findShow(id, db),
  label: (snapshot) => String(snapshot.name ?? ''),
  restore: restoreShow,
};

