import type { z } from 'zod';
import type { OriginCategory, originCategoryInputSchema, OriginEvent, originEventInputSchema } from '@bande/shared';
import type { AppDeps } from '../../deps.ts';
import { isForeignKeyViolation } from '../../lib/constraint-errors.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';
import { originsRepository } from './origins.repository.ts';
import { publishedOnCreate, scheduleAfterManual, scheduleOnCreate, scheduleOnUpdate, withoutSchedule } from '../scheduling/schedule-columns.ts';

type CategoryValues = z.output<typeof originCategoryInputSchema>;
type EventValues = z.output<typeof originEventInputSchema>;

export const CATEGORY_NOT_FOUND = 'Catégorie introuvable';
export const EVENT_NOT_FOUND = 'Événement introuvable';

/**
 * Rules of the 'Origines' timeline. Categories and events are published when created unless the
 * body says `published: false`: staff write the timeline to show it, and the admin tab counts drafts
 * so an unfinished entry can still be kept aside explicitly. (Only partners start as drafts, spec §4.)
 */
export function originsService({ db, clock }: Pick<AppDeps, 'db' | 'clock'>) {
  const repo = originsRepository(db);
  const now = () => clock.now().toISOString();

  async function category(id: number): Promise<OriginCategory> {
    const found = await repo.findCategory(id);
    if (!found) throw notFound(CATEGORY_NOT_FOUND);
    return found;
  }
  const event = (found: OriginEvent | undefined): OriginEvent => {
    if (!found) throw notFound(EVENT_NOT_FOUND);
    return found;
  };
  /** An event must point to an existing category: a wrong categoryId is bad input (400), not a missing page. */
  async function checkCategory(categoryId: number): Promise<void> {
    if (!(await repo.categoryExists(categoryId))) throw badRequest(CATEGORY_NOT_FOUND);
  }
  /** The category may vanish between the check and the write: the foreign key then says the same thing. */
  const categoryRace = (error: unknown): never => {
    throw isForeignKeyViolation(error) ? badRequest(CATEGORY_NOT_FOUND) : error;
  };

  return {
    /** The public timeline, without the plans (withoutSchedule). */
    listPublished: async () =>
      (await repo.listCategories(true)).map(({ events, ...category }) => ({ ...withoutSchedule(category), events: events.map(withoutSchedule) })),
    listAll: () => repo.listCategories(false),

    /**
     * Without a position the category goes last (positions start at 1). A given position is stored
     * as is, without shifting the others: the admin UI reorders by sending one PUT per category.
     */
    createCategory: async (values: CategoryValues) => {
      const { position, published: _published, publishAt: _publishAt, unpublishAt: _unpublishAt, ...fields } = values;
      const id = await db.transaction().execute(async (trx) =>
        repo.insertCategory(
          { ...fields, ...scheduleOnCreate(values), position: position ?? (await repo.nextCategoryPosition(trx)), published: publishedOnCreate(values, true) },
          now(),
          trx,
        ),
      );
      return category(id);
    },

    updateCategory: async (id: number, values: CategoryValues) => {
      const { publishAt: _publishAt, unpublishAt: _unpublishAt, ...fields } = values;
      const current = await category(id);
      if (!(await repo.updateCategory(id, { ...fields, ...scheduleOnUpdate(values, current) }, now()))) throw notFound(CATEGORY_NOT_FOUND);
      return category(id);
    },

    setCategoryPublished: async (id: number, published: boolean) => {
      if (!(await repo.updateCategory(id, { published, ...scheduleAfterManual(published) }, now()))) throw notFound(CATEGORY_NOT_FOUND);
      return category(id);
    },

    /** Removes the category with its events and renumbers the remaining categories 1..n. */
    removeCategory: (id: number) =>
      db.transaction().execute(async (trx) => {
        if (!(await repo.deleteCategory(id, trx))) throw notFound(CATEGORY_NOT_FOUND);
        await repo.compactCategoryPositions(trx);
      }),

    createEvent: async (values: EventValues) => {
      const { published: _published, publishAt: _publishAt, unpublishAt: _unpublishAt, ...fields } = values;
      await checkCategory(fields.categoryId);
      return repo.insertEvent({ ...fields, ...scheduleOnCreate(values), published: publishedOnCreate(values, true) }, now()).catch(categoryRace);
    },

    updateEvent: async (id: number, values: EventValues) => {
      const current = event(await repo.findEvent(id)); // an unknown event is a 404 even when its category is wrong too
      await checkCategory(values.categoryId);
      const { publishAt: _publishAt, unpublishAt: _unpublishAt, ...fields } = values;
      return event(await repo.updateEvent(id, { ...fields, ...scheduleOnUpdate(values, current) }, now()).catch(categoryRace));
    },

    setEventPublished: async (id: number, published: boolean) => event(await repo.updateEvent(id, { published, ...scheduleAfterManual(published) }, now())),

    removeEvent: async (id: number) => {
      if (!(await repo.deleteEvent(id))) throw notFound(EVENT_NOT_FOUND);
    },
  };
}
