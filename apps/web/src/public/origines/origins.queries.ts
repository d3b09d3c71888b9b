import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OriginCategory } from '@bande/shared/schemas/origins';
import { apiGet } from '../../lib/api-client.ts';

/** Published categories in their order, each with its published events in date order. */
export const publishedOriginsQuery = () =>
  queryOptions({
    queryKey: ['origins', 'public'],
    queryFn: ({ signal }) =>
      apiGet<{ data: OriginCategory[] }>('/api/origins/categories', { signal }).then((r) => [...r.data].sort((a, b) => a.position - b.position)),
  });

export const usePublishedOrigins = () => useQuery(publishedOriginsQuery());
