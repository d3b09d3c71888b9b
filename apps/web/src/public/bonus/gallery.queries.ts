import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GalleryItem } from '@bande/shared/schemas/gallery';
import { apiGet } from '../../lib/api-client.ts';

export const publishedGalleryQuery = () =>
  queryOptions({
    queryKey: ['gallery', 'public'],
    queryFn: ({ signal }) =>
      apiGet<{ data: GalleryItem[] }>('/api/gallery?published=true', { signal }).then((r) => [...r.data].sort((a, b) => a.position - b.position)),
  });

export const usePublishedGallery = () => useQuery(publishedGalleryQuery());
