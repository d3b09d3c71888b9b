import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_KEY, unwrapList, useAdminApi, type AdminApi } from '../lib/admin-api.ts';
import type { Reservation, ReservationPerformance } from '@bande/shared';
import { doorClient, doorPerformancesKey } from './door/door-client.ts';

/** Every query of the tab: a change (booking, cancel, delete) refreshes the counts and the people at once. */
export const reservationsKey = [ADMIN_KEY, 'reservations'] as const;
const performancesKey = [...reservationsKey, 'performances'] as const;
const pastPerformancesKey = [...reservationsKey, 'past-performances'] as const;
const peopleKey = (performanceId: number) => [...reservationsKey, 'people', performanceId] as const;

/*
 * 'offlineFirst': offline, the request is still made once, and the backoffice's service worker answers
 * it with the last copy it kept (vite.config.ts, cache « admin-door-api »: these two lists are the
 * door's too). A volunteer back from the door screen in a cellar sees the list, not « Chargement… »;
 * with no copy on the phone the query pauses and the panel says so (ListPanel). The performances' list
 * has a second source, the door's own copy (placeholderData below).
 */
const performancesQuery = (api: AdminApi) =>
  queryOptions({
    queryKey: performancesKey,
    networkMode: 'offlineFirst',
    queryFn: async () => unwrapList<ReservationPerformance>(await api.get('/api/reservations/performances')),
    // Until an answer comes (offline, none may): the door's copy of this same list, which the door
    // screen keeps on the phone for the evening (door-client.ts), so the tab is never empty in a cellar.
    placeholderData: () => doorClient().getQueryData<ReservationPerformance[]>(doorPerformancesKey),
    staleTime: 0,
    // Bookings arrive from the site while the tab is open.
    refetchInterval: 30_000,
  });

const peopleQuery = (api: AdminApi, performanceId: number | null) =>
  queryOptions({
    queryKey: peopleKey(performanceId ?? 0),
    networkMode: 'offlineFirst',
    queryFn: async () => unwrapList<Reservation>(await api.get(`/api/reservations?performanceId=${performanceId}`)),
    enabled: performanceId !== null,
    staleTime: 0,
    refetchInterval: 30_000,
  });

export function useReservationPerformances() {
  return useQuery(performancesQuery(useAdminApi()));
}

/** The performances started over 12 h ago (60 days), fetched once the section is opened. */
export function usePastReservationPerformances(enabled: boolean) {
  const api = useAdminApi();
  return useQuery({
    queryKey: pastPerformancesKey,
    queryFn: async () => unwrapList<ReservationPerformance>(await api.get('/api/reservations/past-performances')),
    enabled,
    staleTime: 0,
  });
}

export function useReservationPeople(performanceId: number | null) {
  return useQuery(peopleQuery(useAdminApi(), performanceId));
}
