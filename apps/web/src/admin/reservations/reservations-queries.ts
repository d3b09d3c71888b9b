import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_KEY, unwrapList, useAdminApi, type AdminApi } from '../lib/admin-api.ts';
import type { Reservation, ReservationPerformance } from '@bande/shared';

/** Every query of the tab: a change (booking, cancel, delete) refreshes the counts and the people at once. */
export const reservationsKey = [ADMIN_KEY, 'reservations'] as const;
const performancesKey = [...reservationsKey, 'performances'] as const;
const peopleKey = (performanceId: number) => [...reservationsKey, 'people', performanceId] as const;

const performancesQuery = (api: AdminApi) =>
  queryOptions({
    queryKey: performancesKey,
    queryFn: async () => unwrapList<ReservationPerformance>(await api.get('/api/reservations/performances')),
    staleTime: 0,
    // Bookings arrive from the site while the tab is open.
    refetchInterval: 30_000,
  });

const peopleQuery = (api: AdminApi, performanceId: number | null) =>
  queryOptions({
    queryKey: peopleKey(performanceId ?? 0),
    queryFn: async () => unwrapList<Reservation>(await api.get(`/api/reservations?performanceId=${performanceId}`)),
    enabled: performanceId !== null,
    staleTime: 0,
    refetchInterval: 30_000,
  });

export function useReservationPerformances() {
  return useQuery(performancesQuery(useAdminApi()));
}

export function useReservationPeople(performanceId: number | null) {
  return useQuery(peopleQuery(useAdminApi(), performanceId));
}
