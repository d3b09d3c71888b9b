import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../lib/api-client.ts';

/** GET /api/site: this server's public settings (the maintenance gate reads maintenanceMode). */
export interface SiteInfo {
  siteName: string;
  siteUrl: string;
  maintenanceMode: boolean;
  addressSearchUrl: string;
}

export const siteInfoQuery = () =>
  queryOptions({
    queryKey: ['site'],
    queryFn: ({ signal }) => apiGet<SiteInfo>('/api/site', { signal }),
    // Every public page waits for this answer: on failure open the site at once rather than retry for seconds.
    retry: false,
  });

export const useSiteInfo = () => useQuery(siteInfoQuery());
