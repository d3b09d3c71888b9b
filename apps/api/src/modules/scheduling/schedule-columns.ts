import { texts, withdrawalNotAfterPublication, type ScheduleValues } from '@bande/shared';
import { badRequest } from '../../lib/http-error.ts';

/**
 * The rules of scheduled publishing that the resources' services share (docs/README.md, "Scheduled
 * publishing"). The job that fires the schedules is publication-job.ts.
 */

export interface ScheduleColumns {
  publishAt: string | null;
  unpublishAt: string | null;
}

/** A new row: the dates sent, else nothing planned. */
export const scheduleOnCreate = (input: ScheduleValues): ScheduleColumns => ({ publishAt: input.publishAt ?? null, unpublishAt: input.unpublishAt ?? null });

/**
 * Whether a new item starts published: as sent; else an item with a planned publication waits for it
 * as a draft (the gallery and the origins otherwise publish new entries at once); else the resource's default.
 */
export const publishedOnCreate = (input: ScheduleValues & { published?: boolean | undefined }, byDefault: boolean): boolean =>
  input.published ?? (input.publishAt ? false : byDefault);

/**
 * The columns an update writes: a date sent replaces the stored one (null clears it), an omitted one is
 * kept (the origins reorder sends only title, description and position). The order of the two dates is
 * checked against what will be stored, so that a withdrawal sent alone cannot come before a publication
 * already planned: a French 400 on the withdrawal field, as the schema's own check.
 */
export function scheduleOnUpdate(input: ScheduleValues, current: ScheduleValues): Partial<ScheduleColumns> {
  const changes: Partial<ScheduleColumns> = {};
  if (input.publishAt !== undefined) changes.publishAt = input.publishAt;
  if (input.unpublishAt !== undefined) changes.unpublishAt = input.unpublishAt;
  const next = { publishAt: current.publishAt ?? null, unpublishAt: current.unpublishAt ?? null, ...changes };
  if (withdrawalNotAfterPublication(next)) {
    const message = texts.validation.unpublishNotAfterPublish;
    throw badRequest(message, { issues: [{ path: 'unpublishAt', message }] });
  }
  return changes;
}

/**
 * What a manual publish or unpublish (the list's button) does to the plans. Publishing now makes a
 * planned publication pointless, and keeping it would publish the item again after a later manual
 * unpublish: it is cleared, a planned withdrawal stays. Unpublishing clears both: a volunteer who
 * clicks « Dépublier » expects the item to stay a draft, and a withdrawal has just been done by hand.
 */
export const scheduleAfterManual = (published: boolean): Partial<ScheduleColumns> =>
  published ? { publishAt: null } : { publishAt: null, unpublishAt: null };

/** A public answer's item: the plans are the troupe's business, not the visitors' (a planned withdrawal date). */
export function withoutSchedule<T extends ScheduleValues>(item: T): Omit<T, 'publishAt' | 'unpublishAt'> {
  const { publishAt: _publishAt, unpublishAt: _unpublishAt, ...rest } = item;
  return rest;
}
