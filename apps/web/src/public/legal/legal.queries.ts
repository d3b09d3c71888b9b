import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LegalSettings } from '@bande/shared/schemas/legal';
import { apiGet } from '../../lib/api-client.ts';

/** The publisher's and the host's details (GET /api/legal), fetched by the server with the page. */
export const legalSettingsQuery = () =>
  queryOptions({
    queryKey: ['legal'],
    queryFn: ({ signal }) => apiGet<{ data: LegalSettings }>('/api/legal', { signal }).then((r) => r.data),
  });

export const useLegalSettings = () => useQuery(legalSettingsQuery());
