import { cardConfigSchema, originCategorySchema, originEventSchema, revisionTexts } from '@bande/shared';
import { conflict } from '../../lib/http-error.ts';
import { cardConfigRepository } from '../card-config/card-config.repository.ts';
import { originsRepository } from '../origins/origins.repository.ts';
import { readSnapshot, rowExists, type EntityHistory, type RestoreContext } from './entity-history.ts';

const eventFields = originEventSchema.pick({ categoryId: true, title: true, date: true, description: true });
const categoryFields = originCategorySchema.pick({ title: true, description: true }).extend({
  events: originEventSchema.pick({ id: true, title: true, date: true, description: true }).array().default([]),
});

/**
 * A category that comes back (it was deleted) goes last, as a draft, and brings back the events its
 * snapshot holds (they were deleted with it), as drafts, with their ids when still free. An existing
 * category only takes back its title and description: its events have their own history.
 */
async function restoreCategory({ trx, now }: RestoreContext, id: number, snapshot: Record<string, unknown>) {
  const { events, ...category } = readSnapshot(categoryFields, snapshot);
  const repo = originsRepository(trx);
  if (await repo.updateCategory(id, category, now, trx)) return [];
  const position = await repo.nextCategoryPosition(trx);
  await trx.insertInto('originCategories').values({ ...category, id, position, published: 0, createdAt: now, updatedAt: now }).execute();
  for (const { id: eventId, ...event } of events) {
    const values = { ...event, categoryId: id, published: 0, createdAt: now, updatedAt: now };
    if (await rowExists(trx, 'originEvents', eventId)) await trx.insertInto('originEvents').values(values).execute();
    else await trx.insertInto('originEvents').values({ ...values, id: eventId }).execute();
  }
  return [];
}

/** An event keeps a category that exists: its former one if it is still there, else the current one. */
async function restoreEvent({ trx, now }: RestoreContext, id: number, snapshot: Record<string, unknown>) {
  const event = readSnapshot(eventFields, snapshot);
  const repo = originsRepository(trx);
  const categoryExists = await repo.categoryExists(event.categoryId, trx);
  const current = await repo.findEvent(id, trx);
  if (current) {
    await repo.updateEvent(id, { ...event, categoryId: categoryExists ? event.categoryId : current.categoryId }, now, trx);
    return [];
  }
  if (!categoryExists) throw conflict(revisionTexts.eventCategoryGone);
  await trx.insertInto('originEvents').values({ ...event, id, published: 0, createdAt: now, updatedAt: now }).execute();
  return [];
}

export const originCategoryHistory: EntityHistory = {
  load: (db, id) => originsRepository(db).findCategory(id, db),
  label: (snapshot) => String(snapshot.title ?? ''),
  restore: restoreCategory,
};

export const originEventHistory: EntityHistory = {
  load: (db, id) => originsRepository(db).findEvent(id, db),
  label: (snapshot) => String(snapshot.title ?? ''),
  restore: restoreEvent,
};

/** The card config is one row (entity id 1). Its switch (isEnabled) is its publication: never turned on by a restore. */
export const CARD_CONFIG_ID = 1;
const cardFields = cardConfigSchema.omit({ isEnabled: true });

export const cardConfigHistory: EntityHistory = {
  load: (db, id) => (id === CARD_CONFIG_ID ? cardConfigRepository(db).find(db) : Promise.resolve(undefined)),
  label: () => "Carte d'abonné",
  async restore({ trx, now }, _id, snapshot) {
    const texts = readSnapshot(cardFields, snapshot);
    const repo = cardConfigRepository(trx);
    const current = await repo.find(trx);
    await repo.save({ ...texts, isEnabled: current?.isEnabled ?? false }, now, trx);
    return [];
  },
};
