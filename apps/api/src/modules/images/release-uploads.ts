import { sql, type Kysely } from 'kysely';
import type { AppDeps } from '../../deps.ts';
import type { Database } from '../../db/schema.ts';
import { imagesRepository } from './images.repository.ts';

type ReleaseDeps = Pick<AppDeps, 'db' | 'storage'>;

/**
 * Every column that can hold an upload url: the one list that release (below) and the orphan sweep
 * (uploads/orphan-sweep.ts) read. `json` columns are JSON text holding urls inside (a show's book and
 * author). A column missing here would let the sweep remove files still shown on the site.
 */
export const UPLOAD_URL_COLUMNS = [
  { table: 'members', column: 'photo', json: false },
  { table: 'shows', column: 'photo', json: false },
  { table: 'shows', column: 'book', json: true },
  { table: 'shows', column: 'author', json: true },
  { table: 'partners', column: 'logo', json: false },
  { table: 'galleryItems', column: 'url', json: false },
  { table: 'galleryItems', column: 'thumbnail', json: false },
] as const satisfies readonly { [T in keyof Database]: { table: T; column: keyof Database[T] & string; json: boolean } }[keyof Database][];

/** The columns above read without per-table types: each holds text or null. */
type UrlColumns = Kysely<Record<string, Record<string, string | null>>>;
const untyped = (db: AppDeps['db']) => db as unknown as UrlColumns;

/** Whether any content row still names `url` (a photo, logo, gallery media or thumbnail, a book or author photo). */
export async function isReferenced(db: AppDeps['db'], url: string): Promise<boolean> {
  // Book and author are JSON text: a LIKE finds the url inside ('_' matching any character can only keep a file).
  const inJson = `%${url}%`;
  const tables = [...new Set(UPLOAD_URL_COLUMNS.map((spec) => spec.table))];
  const found = await Promise.all(
    tables.map((table) =>
      untyped(db)
        .selectFrom(table)
        .select(sql<number>`1`.as('one'))
        .where((eb) =>
          eb.or(UPLOAD_URL_COLUMNS.filter((spec) => spec.table === table).map((spec) => (spec.json ? eb(spec.column, 'like', inJson) : eb(spec.column, '=', url)))),
        )
        .limit(1)
        .executeTakeFirst(),
    ),
  );
  return found.some((row) => row !== undefined);
}

/** Every string inside a JSON value (keys too), or the text itself when it is not JSON. */
function stringsIn(text: string): string[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return [text];
  }
  const strings: string[] = [];
  const walk = (node: unknown) => {
    if (typeof node === 'string') strings.push(node);
    else if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object')
      for (const [key, child] of Object.entries(node)) {
        strings.push(key);
        walk(child);
      }
  };
  walk(value);
  return strings;
}

/**
 * Every upload url (starting with `prefix`, e.g. /uploads/) that some content row names, read from
 * every column of UPLOAD_URL_COLUMNS; inside JSON text, any string value that is such a url.
 */
export async function referencedUploadUrls(db: AppDeps['db'], prefix: string): Promise<Set<string>> {
  const urls = new Set<string>();
  for (const { table, column, json } of UPLOAD_URL_COLUMNS) {
    const rows = await untyped(db).selectFrom(table).select(column).where(column, 'is not', null).execute();
    for (const row of rows) {
      const value = row[column];
      if (typeof value !== 'string') continue;
      for (const text of json ? stringsIn(value) : [value]) if (text.startsWith(prefix)) urls.add(text);
    }
  }
  return urls;
}

/**
 * After a delete or an update has been committed: the uploads that `urls` name (the row's former
 * photo, logo, media...) and that no row names any more are removed from storage with their image
 * variants and manifest row. Links elsewhere (YouTube, https) and urls still in use are left alone.
 * Best effort: a failure leaves an orphan file for a later sweep, never fails the request.
 */
export async function releaseUploads({ db, storage }: ReleaseDeps, urls: readonly (string | null | undefined)[]): Promise<void> {
  const prefix = storage.publicUrl('');
  const candidates = [...new Set(urls.filter((url): url is string => typeof url === 'string' && url.startsWith(prefix)))];
  for (const url of candidates) {
    try {
      if (await isReferenced(db, url)) continue;
      const images = imagesRepository(db);
      const info = await images.find(url);
      await images.remove(url);
      const keys = [url, ...(info?.variants.map((variant) => variant.url) ?? [])].map((file) => file.slice(prefix.length));
      await Promise.all(keys.map((key) => storage.remove(key)));
    } catch {
      // Left for the orphan sweep (Storage.list).
    }
  }
}

/** The photo urls inside a show's book or author JSON text. */
export function photoInJson(text: string | null): string | undefined {
  if (!text) return undefined;
  try {
    const photo = (JSON.parse(text) as { photo?: unknown } | null)?.photo;
    return typeof photo === 'string' ? photo : undefined;
  } catch {
    return undefined;
  }
}
