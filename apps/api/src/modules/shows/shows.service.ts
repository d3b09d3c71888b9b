import { creditMemberUnknown, reservationTexts, showNotFound, texts, type Show, type ShowInputParsed } from '@bande/shared';
import type { Kysely } from 'kysely';
import type { AppDeps } from '../../deps.ts';
import type { Database } from '../../db/schema.ts';
import { toBool, toFlag } from '../../lib/clock.ts';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/constraint-errors.ts';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import { membersRepository } from '../members/members.repository.ts';
import { authorToText, bookToText, type ShowRow } from './shows.mapper.ts';
import { photoInJson, releaseUploads } from '../images/release-uploads.ts';
import { showsRepository } from './shows.repository.ts';
import { showHasLiveReservations, syncPerformances } from '../reservations/performance-sync.ts';
import { serveAfterSave } from '../reservations/serve-after-save.ts';
import { publishedOnCreate, scheduleAfterManual, scheduleOnCreate, scheduleOnUpdate } from '../scheduling/schedule-columns.ts';

type Executor = Kysely<Database>;

const SLUG_MAX = 80;
const FALLBACK_SLUG = 'spectacle';
/** Each round of a slug race lets at least one save through: enough for several admins at once. */
const SAVE_ATTEMPTS = 5;

/** 'Pépite : Cœur d'été !' -> 'pepite-coeur-d-ete': lowercase ASCII, accents removed, other runs -> '-'. */
export function slugify(name: string): string {
  const slug = name
    // Strings, not regular expressions: the build escapes the characters of strings only, and one
    // character above Latin-1 left in the bundle doubles the memory V8 keeps its source in (issue 37).
    .replaceAll('œ', 'oe')
    .replaceAll('Œ', 'OE')
    .replaceAll('æ', 'ae')
    .replaceAll('Æ', 'AE')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, SLUG_MAX)
    .replace(/^-|-$/g, '');
  return slug || FALLBACK_SLUG;
}

/** `base` if free, else the first free `base-2`, `base-3`... */
export function firstFreeSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
  }
}

/** Show writes: the slug rule, and every save of a show with its performances and credits in one transaction. */
/** The uploads a show row names: its photo, its book's and its author's. */
const showPhotos = (row: Pick<ShowRow, 'photo' | 'book' | 'author'>) => [row.photo, photoInJson(row.book), photoInJson(row.author)];

export function showsService(deps: Pick<AppDeps, 'db' | 'dialect' | 'clock' | 'storage' | 'mailer' | 'config'>) {
  const { db, dialect, clock, storage } = deps;
  const repo = showsRepository(db);
  const members = membersRepository(db);

  async function get(id: number): Promise<Show> {
    const show = await repo.findShow(id);
    if (!show) throw notFound(showNotFound);
    return show;
  }

  async function freeSlug(name: string, exceptId: number | undefined, trx: Executor): Promise<string> {
    const base = slugify(name);
    return firstFreeSlug(base, await repo.slugsLike(base, exceptId, trx));
  }

  /** Credits must name existing members: a French 400 rather than the foreign key's 500. */
  async function missingMembers(input: ShowInputParsed, trx: Executor = db): Promise<number[]> {
    const ids = [...new Set(input.credits.flatMap((credit) => credit.members.map((member) => member.memberId)))];
    const existing = await members.existingIds(ids, trx);
    return ids.filter((id) => !existing.has(id));
  }

  /**
   * Runs one save transaction. Two saves may pick the same free slug at once: the unique index
   * refuses the second, which then starts over and sees the first one's slug. A member deleted
   * between the check and the insert trips the foreign key: answered as the same 400.
   */
  async function save<T>(input: ShowInputParsed, work: (trx: Executor) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await db.transaction().execute(async (trx) => {
          const missing = await missingMembers(input, trx);
          if (missing.length > 0) throw badRequest(creditMemberUnknown(missing));
          return work(trx);
        });
      } catch (error) {
        if (isUniqueViolation(error)) {
          if (attempt < SAVE_ATTEMPTS) continue;
          throw conflict(texts.api.slugTaken);
        }
        if (isForeignKeyViolation(error)) {
          const missing = await missingMembers(input);
          throw missing.length > 0 ? badRequest(creditMemberUnknown(missing)) : notFound(showNotFound);
        }
        throw error;
      }
    }
  }

  const columns = (input: ShowInputParsed) => ({
    name: input.name,
    type: input.type,
    pitch: input.pitch,
    quote: input.quote,
    note: input.note,
    remerciement: input.remerciement,
    year: input.year,
    photo: input.photo,
    book: bookToText(input.book),
    author: authorToText(input.author),
  });

  return {
    get,

    async create(input: ShowInputParsed): Promise<Show> {
      const now = clock.now().toISOString();
      const published = publishedOnCreate(input, false);
      const id = await save(input, async (trx) => {
        const showId = await repo.insert(
          {
            ...columns(input),
            ...scheduleOnCreate(input),
            slug: await freeSlug(input.name, undefined, trx),
            isFeatured: toFlag(input.isFeatured ?? false),
            published: toFlag(published),
            publishedAt: published ? now : null,
            createdAt: now,
            updatedAt: now,
          },
          trx,
        );
        await syncPerformances(trx, dialect, showId, input.performances);
        await repo.replaceCredits(showId, input.credits, trx);
        return showId;
      });
      return get(id);
    },

    /**
     * Full replacement of the show, its performances and its credits. The slug stays as it is
     * (links already shared keep working) unless `regenerateSlug` asks for one from the new name.
     * Publication and the featured flag change only when sent.
     */
    async update(id: number, input: ShowInputParsed): Promise<Show> {
      const now = clock.now().toISOString();
      let former: (string | null | undefined)[] = [];
      await save(input, async (trx) => {
        const current = await repo.findRow(id, trx);
        if (!current) throw notFound(showNotFound);
        former = showPhotos(current);
        const published = input.published ?? toBool(current.published);
        // Updating the show row first locks it (PostgreSQL), so concurrent saves of one show take turns.
        await repo.update(
          id,
          {
            ...columns(input),
            ...scheduleOnUpdate(input, current),
            slug: input.regenerateSlug ? await freeSlug(input.name, id, trx) : current.slug,
            isFeatured: toFlag(input.isFeatured ?? toBool(current.isFeatured)),
            published: toFlag(published),
            publishedAt: published ? (current.publishedAt ?? now) : null,
            updatedAt: now,
          },
          trx,
        );
        // Seats a raised capacity frees go to the waiting list (offer mails in this transaction).
        await serveAfterSave(trx, deps, await syncPerformances(trx, dialect, id, input.performances));
        await repo.replaceCredits(id, input.credits, trx);
      });
      deps.mailer.nudge?.();
      // Replaced photos (and their variants) leave storage when nothing else uses them.
      await releaseUploads({ db, storage }, former);
      return get(id);
    },

    /** Publishing keeps the first publication date; unpublishing clears it. Plans it contradicts are dropped (scheduleAfterManual). */
    async setPublished(id: number, published: boolean): Promise<Show> {
      const current = await repo.findRow(id);
      if (!current) throw notFound(showNotFound);
      const now = clock.now().toISOString();
      const publishedAt = published ? (current.publishedAt ?? now) : null;
      if (!(await repo.update(id, { published: toFlag(published), publishedAt, ...scheduleAfterManual(published), updatedAt: now }))) throw notFound(showNotFound);
      return get(id);
    },

    async setFeatured(id: number, isFeatured: boolean): Promise<Show> {
      const updated = await repo.update(id, { isFeatured: toFlag(isFeatured), updatedAt: clock.now().toISOString() });
      if (!updated) throw notFound(showNotFound);
      return get(id);
    },

    async remove(id: number): Promise<void> {
      const current = await repo.findRow(id);
      if (!current) throw notFound(showNotFound);
      // Reservations under way would vanish with their performances (ON DELETE CASCADE): refused.
      if (await showHasLiveReservations(db, id)) throw conflict(reservationTexts.showDeletedWithReservations);
      if (!(await repo.delete(id))) throw notFound(showNotFound);
      await releaseUploads({ db, storage }, showPhotos(current));
    },
  };
}
