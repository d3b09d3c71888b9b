import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Venue } from '@bande/shared';
import { ADMIN_KEY, unwrapList, unwrapOne, useAdminApi, type AdminApi } from '../lib/admin-api.ts';

export const venuesKey = [ADMIN_KEY, 'venues'] as const;

/** GET /api/venues answers a plain array. */
export const adminVenuesQuery = (api: AdminApi) =>
  queryOptions({
    queryKey: venuesKey,
    queryFn: async () => unwrapList<Venue>(await api.get('/api/venues')),
    staleTime: 0,
  });

export const adminVenueQuery = (api: AdminApi, id: number) =>
  queryOptions({
    queryKey: [...venuesKey, id],
    queryFn: async () => unwrapOne<Venue>(await api.get(`/api/venues/${id}`)),
    staleTime: 0,
    gcTime: 0,
  });

export function useAdminVenues() {
  return useQuery(adminVenuesQuery(useAdminApi()));
}

export function useAdminVenue(id: number | null) {
  const api = useAdminApi();
  return useQuery({ ...adminVenueQuery(api, id ?? 0), enabled: id !== null });
}

/** GET /api/site: where the address search service lives (configured on the server). */
export const siteInfoQuery = (api: AdminApi) =>
  queryOptions({
    queryKey: [ADMIN_KEY, 'site'],
    queryFn: () => api.get<{ addressSearchUrl: string }>('/api/site'),
    staleTime: Infinity,
  });

export function useSiteInfo() {
  return useQuery(siteInfoQuery(useAdminApi()));
}
