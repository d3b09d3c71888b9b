import type { AppDeps } from '../../app.ts';
import { imagesRepository } from './images.repository.ts';

type ReleaseDeps = Pick<AppDeps, 'db' | 'storage'>;

/** Whether any content row still names `url` (a photo, logo, gallery media or thumbnail, a book or author photo). */
async function isReferenced(db: AppDeps['db'], url: string): Promise<boolean> {
  // Book and author are JSON text: a LIKE finds the url inside ('_' matching any character can only keep a file).
  const inJson = `%${url}%`;
  const found = await Promise.all([
    db.selectFrom('members').select('id').where('photo', '=', url).limit(1).executeTakeFirst(),
    db
      .selectFrom('shows')
      .select('id')
      .where((eb) => eb.or([eb('photo', '=', url), eb('book', 'like', inJson), eb('author', 'like', inJson)]))
      .limit(1)
      .executeTakeFirst(),
    db.selectFrom('partners').select('id').where('logo', '=', url).limit(1).executeTakeFirst(),
    db
      .selectFrom('galleryItems')
      .select('id')
      .where((eb) => eb.or([eb('url', '=', url), eb('thumbnail', '=', url)]))
      .limit(1)
      .executeTakeFirst(),
  ]);
  return found.some((row) => row !== undefined);
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
