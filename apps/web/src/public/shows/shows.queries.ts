import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Show, ShowSummary } from '@bande/shared/schemas/shows';
import { apiGet } from '../../lib/api-client.ts';

export const featuredShowsQuery = () =>
  queryOptions({
    queryKey: ['shows', 'public', 'featured'],
    queryFn: ({ signal }) => apiGet<{ data: ShowSummary[] }>('/api/shows?published=true&isFeatured=true', { signal }).then((r) => r.data),
  });

export const publishedShowsQuery = () =>
  queryOptions({
    queryKey: ['shows', 'public', 'all'],
    queryFn: ({ signal }) => apiGet<{ data: ShowSummary[] }>('/api/shows?published=true', { signal }).then((r) => r.data),
  });

export const showBySlugQuery = (slug: string) =>
  queryOptions({
    queryKey: ['shows', 'public', 'slug', slug],
    queryFn: ({ signal }) => apiGet<{ data: Show }>(`/api/shows/slug/${encodeURIComponent(slug)}`, { signal }).then((r) => r.data),
  });

export const useFeaturedShows = () => useQuery(featuredShowsQuery());
export const usePublishedShows = () => useQuery(publishedShowsQuery());
export const useShowBySlug = (slug: string) => useQuery(showBySlugQuery(slug));
