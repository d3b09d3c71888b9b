import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Partner } from '@bande/shared/schemas/partners';
import { apiGet } from '../../lib/api-client.ts';

export const publishedPartnersQuery = () =>
  queryOptions({
    queryKey: ['partners', 'public'],
    queryFn: ({ signal }) => apiGet<{ data: Partner[] }>('/api/partners?published=true', { signal }).then((r) => r.data),
  });

export const usePublishedPartners = () => useQuery(publishedPartnersQuery());
