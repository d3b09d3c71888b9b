import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReservationSummary } from '@bande/shared/schemas/reservations';
import { apiGet } from '../../lib/api-client.ts';

/**
 * GET /api/reservations/lookup?token=: what a mailed link is about, read in the browser (the server
 * renders these pages without it: the token is the visitor's, and the answer changes with every press).
 */
export const reservationLookupQuery = (token: string) =>
  queryOptions({
    queryKey: ['reservations', 'lookup', token],
    queryFn: ({ signal }) => apiGet<{ data: ReservationSummary }>(`/api/reservations/lookup?token=${encodeURIComponent(token)}`, { signal }).then((answer) => answer.data),
    staleTime: 0,
  });

export const useReservationSummary = (token: string) => useQuery({ ...reservationLookupQuery(token), enabled: token !== '' });
