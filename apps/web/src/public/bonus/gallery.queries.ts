import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GalleryItem } from '@bande/shared/schemas/gallery';
import type { ImageMap } from '@bande/shared/images';
import { apiGet } from '../../lib/api-client.ts';
import { dataOf, imagesOf, withImages, type WithImages } from '../with-images.ts';

export const publishedGalleryQuery = () =>
  queryOptions({
    queryKey: ['gallery', 'public'],
    queryFn: ({ signal }) =>
      apiGet<WithImages<GalleryItem[]>>('/api/gallery?published=true', { signal })
        .then(withImages)
        .then(({ data, images }) => ({ data: [...data].sort((a, b) => a.position - b.position), images })),
  });

export const usePublishedGallery = () => useQuery({ ...publishedGalleryQuery(), select: dataOf });
/** Sizes and variants of the photos and video posters (same request as the gallery). */
export const usePublishedGalleryImages = (): ImageMap => useQuery({ ...publishedGalleryQuery(), select: imagesOf }).data ?? {};
