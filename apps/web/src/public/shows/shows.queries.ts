import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Show, ShowSummary } from '@bande/shared/schemas/shows';
import type { ImageMap } from '@bande/shared/images';
import { apiGet } from '../../lib/api-client.ts';
import { dataOf, imagesOf, withImages, type WithImages } from '../with-images.ts';

export const featuredShowsQuery = () =>
  queryOptions({
    queryKey: ['shows', 'public', 'featured'],
    queryFn: ({ signal }) => apiGet<WithImages<ShowSummary[]>>('/api/shows?published=true&isFeatured=true', { signal }).then(withImages),
  });

export const publishedShowsQuery = () =>
  queryOptions({
    queryKey: ['shows', 'public', 'all'],
    queryFn: ({ signal }) => apiGet<WithImages<ShowSummary[]>>('/api/shows?published=true', { signal }).then(withImages),
  });

export const showBySlugQuery = (slug: string) =>
  queryOptions({
    queryKey: ['shows', 'public', 'slug', slug],
    queryFn: ({ signal }) => apiGet<WithImages<Show>>(`/api/shows/slug/${encodeURIComponent(slug)}`, { signal }).then(withImages),
  });

export const useFeaturedShows = () => useQuery({ ...featuredShowsQuery(), select: dataOf });
export const usePublishedShows = () => useQuery({ ...publishedShowsQuery(), select: dataOf });
export const useShowBySlug = (slug: string) => useQuery({ ...showBySlugQuery(slug), select: dataOf });

/** Sizes and variants of the shows' photos (same request as the shows, read from the same cache entry). */
export const useFeaturedShowImages = (): ImageMap => useQuery({ ...featuredShowsQuery(), select: imagesOf }).data ?? {};
export const usePublishedShowImages = (): ImageMap => useQuery({ ...publishedShowsQuery(), select: imagesOf }).data ?? {};
export const useShowImages = (slug: string): ImageMap => useQuery({ ...showBySlugQuery(slug), select: imagesOf }).data ?? {};
