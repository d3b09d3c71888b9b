import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Partner } from '@bande/shared';
import { ADMIN_KEY, unwrapList, useAdminApi, type AdminApi } from '../lib/admin-api.ts';

export const partnersKey = [ADMIN_KEY, 'partners'] as const;

export const adminPartnersQuery = (api: AdminApi) =>
  queryOptions({
    queryKey: partnersKey,
    queryFn: async () => unwrapList<Partner>(await api.get('/api/partners')),
    staleTime: 0,
  });

export function useAdminPartners() {
  return useQuery(adminPartnersQuery(useAdminApi()));
}

