import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteContent } from '@bande/shared';
import { ADMIN_KEY, unwrapOne, useAdminApi, type AdminApi } from '../lib/admin-api.ts';

export const siteContentKey = [ADMIN_KEY, 'site-content'] as const;

export const adminSiteContentQuery = (api: AdminApi) =>
  queryOptions({
    queryKey: siteContentKey,
    queryFn: async () => unwrapOne<SiteContent>(await api.get('/api/site-content')),
    staleTime: 0,
  });

export function useAdminSiteContent() {
  return useQuery(adminSiteContentQuery(useAdminApi()));
}
