import type { Kysely } from 'kysely';
import type { AppDeps } from '../../deps.ts';
import type { Database } from '../../db/schema.ts';
import { revisionTexts } from '@bande/shared';
import { conflict } from '../../lib/http-error.ts';

export type Executor = Kysely<Database>;

/** What a restore is handed: the transaction it runs in, the time, and storage to check files. */
export interface RestoreContext {
  trx: Executor;
  dialect: AppDeps['dialect'];
  now: string;
  storage: AppDeps['storage'];
}

/**
 * How one kind of entity takes part in the history. `load` reads the entity as its admin GET answers
 * it (undefined when it does not exist); `restore` gives it a snapshot's content back, re-creating it
 * as a draft with the same id when it was deleted, and returns the uploads it stopped naming (to be
 * released once the transaction is committed). A restore never publishes and never brings back
 * scheduled publication dates: it only writes the columns it lists.
 */
export interface EntityHistory {
  load(db: Executor, id: number): Promise<object | undefined>;
  /** A name for lists of deleted things (« Éléments supprimés »). */
  label(snapshot: Record<string, unknown>): string;
  restore(ctx: RestoreContext, id: number, snapshot: Record<string, unknown>): Promise<(string | null | undefined)[]>;
}

/**
 * An upload a snapshot names may have left storage since (releaseUploads removes files nothing names
 * any more): such a url reads as none, so that a restore never points at a missing file. Links outside
 * our uploads are kept as they are.
 */
export async function existingUpload(storage: AppDeps['storage'], url: string | null | undefined): Promise<string | null> {
  if (!url) return null;
  const prefix = storage.publicUrl('');
  if (!url.startsWith(prefix)) return url;
  return (await storage.exists(url.slice(prefix.length))) ? url : null;
}

/** Whether a row with this id exists in `table` (for "is it still there?" and "is the id free?"). */
export async function rowExists(trx: Executor, table: 'shows' | 'members' | 'venues' | 'partners' | 'galleryItems' | 'originCategories' | 'originEvents', id: number): Promise<boolean> {
  return (await trx.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** A snapshot read with the part of an entity schema a restore needs (a snapshot from older code may lack newer fields). */
export function readSnapshot<T>(schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } }, snapshot: Record<string, unknown>): T {
  const result = schema.safeParse(snapshot);
  if (!result.success) throw conflict(revisionTexts.snapshotUnreadable);
  return result.data;
}
