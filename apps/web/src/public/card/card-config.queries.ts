import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CardConfig } from '@bande/shared/schemas/card-config';
import { apiGet } from '../../lib/api-client.ts';

export const cardConfigQuery = () =>
  queryOptions({
    queryKey: ['card-config'],
    queryFn: ({ signal }) => apiGet<{ data: CardConfig }>('/api/card-config', { signal }).then((r) => r.data),
  });

export const useCardConfig = () => useQuery(cardConfigQuery());
