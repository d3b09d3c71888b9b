import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from './api-client.ts';

/** GET /api/site: this server's public settings (the maintenance gate reads maintenanceMode; the legal page and the booking dialog, the reservation delays). Fetched with every public page. */
export interface SiteInfo {
  siteName: string;
  siteUrl: string;
  maintenanceMode: boolean;
  addressSearchUrl: string;
  /** How long a booking's mailed link holds its seats (RESERVATION_HOLD_MINUTES). */
  reservationHoldMinutes: number;
  /** Days after a performance its reservations' personal details are erased (RESERVATION_RETENTION_DAYS). */
  reservationRetentionDays: number;
}

export const siteInfoQuery = () =>
  queryOptions({
    queryKey: ['site'],
    queryFn: ({ signal }) => apiGet<SiteInfo>('/api/site', { signal }),
    // Every public page waits for this answer: on failure open the site at once rather than retry for seconds.
    retry: false,
  });

export const useSiteInfo = () => useQuery(siteInfoQuery());
