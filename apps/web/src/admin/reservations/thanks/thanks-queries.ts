import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ThanksState } from '@bande/shared/schemas/thanks';
import { unwrapOne, useAdminApi } from '../../lib/admin-api.ts';
import { reservationsKey } from '../reservations-queries.ts';

/** Under the tab's key: a check-in or a sending refreshes it with the rest of the tab. */
export const thanksKey = (performanceId: number) => [...reservationsKey, 'thanks', performanceId] as const;

export function useThanks(performanceId: number) {
  const api = useAdminApi();
  return useQuery(
    queryOptions({
      queryKey: thanksKey(performanceId),
      queryFn: async () => unwrapOne<ThanksState>(await api.get(`/api/performances/${performanceId}/thanks`)),
      staleTime: 0,
      // The copies leave at the newsletter's rate: the progress shows while the tab is open.
      refetchInterval: (query) => (query.state.data?.sent?.pending ? 5_000 : 30_000),
    }),
  );
}
