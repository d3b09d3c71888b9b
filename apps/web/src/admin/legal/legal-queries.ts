import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LegalSettings } from '@bande/shared';
import { ADMIN_KEY, unwrapOne, useAdminApi, type AdminApi } from '../lib/admin-api.ts';

export const legalKey = [ADMIN_KEY, 'legal'] as const;

export const adminLegalQuery = (api: AdminApi) =>
  queryOptions({
    queryKey: legalKey,
    queryFn: async () => unwrapOne<LegalSettings>(await api.get('/api/legal')),
    staleTime: 0,
  });

/** The legal details as saved: read by the tab's form and by the dashboard's warning. */
export function useAdminLegal() {
  return useQuery(adminLegalQuery(useAdminApi()));
}
