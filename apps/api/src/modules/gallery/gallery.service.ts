import type { z } from 'zod';
import { texts, youtubeIdFrom, youtubeThumbnail, type galleryInputSchema, type GalleryItem, type galleryReorderSchema } from '@bande/shared';
import type { AppDeps } from '../../deps.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';
import { releaseUploads } from '../images/release-uploads.ts';
import { galleryRepository, type MediaFields } from './gallery.repository.ts';
import { publishedOnCreate, scheduleAfterManual, scheduleOnCreate, scheduleOnUpdate } from '../scheduling/schedule-columns.ts';

type GalleryValues = z.output<typeof galleryInputSchema>;
type ReorderItems = z.output<typeof galleryReorderSchema>['items'];

export const GALLERY_NOT_FOUND = 'Média introuvable';
export const reorderUnknownId = (id: number) => `Média introuvable (id ${id}) : l'ordre n'a pas été modifié`;

/**
 * What is stored for a form's values. A YouTube link of any form is kept as the canonical watch URL
 * of its 11-character id, with YouTube's own thumbnail (spec section 5: derived automatically);
 * a photo without a thumbnail is its own thumbnail.
 */
export function mediaFields(values: GalleryValues): MediaFields {
  const { type, url, thumbnail, title, description } = values;
  if (type === 'youtube') {
    const id = youtubeIdFrom(url);
    if (!id) throw badRequest(texts.validation.youtubeInvalid); // the input schema already refused it; kept for direct callers
    return { type, url: `https://www.youtube.com/watch?v=${id}`, thumbnail: youtubeThumbnail(id), title, description };
  }
  return { type, url, thumbnail: thumbnail ?? (type === 'photo' ? url : null), title, description };
}

export function galleryService({ db, clock, storage }: Pick<AppDeps, 'db' | 'clock' | 'storage'>) {
  const repo = galleryRepository(db);
  const now = () => clock.now().toISOString();
  const found = (item: GalleryItem | undefined): GalleryItem => {
    if (!item) throw notFound(GALLERY_NOT_FOUND);
    return item;
  };

  return {
    get: async (id: number) => found(await repo.findById(id)),

    /**
     * New media go at the end of the list. They are published unless the body says otherwise:
     * staff add media to show them (unlike partners, which the spec creates as drafts).
     */
    create: (values: GalleryValues) =>
      db.transaction().execute(async (trx) =>
        repo.insert(
          { ...mediaFields(values), ...scheduleOnCreate(values), published: publishedOnCreate(values, true), position: await repo.nextPosition(trx) },
          now(),
          trx,
        ),
      ),

    /** A replaced photo or video (and its variants) leaves storage when nothing else uses it. */
    update: async (id: number, values: GalleryValues) => {
      const before = found(await repo.findById(id));
      const item = found(await repo.update(id, { ...mediaFields(values), ...scheduleOnUpdate(values, before), published: values.published }, now()));
      await releaseUploads({ db, storage }, [before.url, before.thumbnail]);
      return item;
    },

    setPublished: async (id: number, published: boolean) => found(await repo.update(id, { published, ...scheduleAfterManual(published) }, now())),

    /** Deleting keeps positions contiguous (0..n-1), so that the next reorder starts from a clean list. */
    /** Its files (and their variants) leave storage too, unless another row uses them. */
    remove: async (id: number) => {
      const item = found(await repo.findById(id));
      await db.transaction().execute(async (trx) => {
        if (!(await repo.delete(id, trx))) throw notFound(GALLERY_NOT_FOUND);
        await repo.compactPositions(trx);
      });
      await releaseUploads({ db, storage }, [item.url, item.thumbnail]);
    },

    /**
     * Applies the dragged order in one transaction: an unknown id rolls everything back (400).
     * Positions are then renumbered 0..n-1, which also settles a partial or gapped list.
     */
    reorder: (items: ReorderItems) =>
      db.transaction().execute(async (trx) => {
        const at = now();
        for (const { id, position } of items) {
          if (!(await repo.setPosition(id, position, at, trx))) throw badRequest(reorderUnknownId(id));
        }
        await repo.compactPositions(trx);
        return repo.list(undefined, trx);
      }),
  };
}
