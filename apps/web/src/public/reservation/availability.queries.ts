import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Availability } from '@bande/shared/schemas/reservations';
import { apiGet } from '../../lib/api-client.ts';

/**
 * GET /api/performances/:id/availability: the seats left, read in the browser only (the show pages are
 * rendered once for every visitor and kept; a count written into them would be stale at once). The
 * server caches it 5 s at most; here it is kept as long, and read again when the visitor comes back.
 */
export const availabilityQuery = (performanceId: number) =>
  queryOptions({
    queryKey: ['performances', performanceId, 'availability'],
    queryFn: ({ signal }) => apiGet<{ data: Availability }>(`/api/performances/${performanceId}/availability`, { signal }).then((answer) => answer.data),
    staleTime: 5_000,
  });

/**
 * Reads the seats left past every cache (the browser's 5 s copy included): after the visitor's own
 * booking, the dialog and the performances list show the count with it at once, not 5 s later.
 */
export const refreshAvailability = (queryClient: QueryClient, performanceId: number) =>
  queryClient.fetchQuery({
    ...availabilityQuery(performanceId),
    queryFn: ({ signal }) => apiGet<{ data: Availability }>(`/api/performances/${performanceId}/availability`, { signal, cache: 'no-cache' }).then((answer) => answer.data),
    staleTime: 0,
  });

export const useAvailability = (performanceId: number) => useQuery(availabilityQuery(performanceId));
