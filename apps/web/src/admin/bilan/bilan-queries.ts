import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Bilan } from '@bande/shared/schemas/bilan';
import { ADMIN_KEY, unwrapOne, useAdminApi, type AdminApi } from '../lib/admin-api.ts';
import type { Period } from './season.ts';

export const bilanQuery = (api: AdminApi, period: Period) =>
  queryOptions({
    queryKey: [ADMIN_KEY, 'bilan', period.from, period.to],
    queryFn: async () => unwrapOne<Bilan>(await api.get(`/api/bilan?from=${period.from}&to=${period.to}`)),
  });

/** The Bilan of a period; nothing asked while the chosen dates are not a period yet. */
export function useBilan(period: Period | null) {
  const api = useAdminApi();
  return useQuery({ ...bilanQuery(api, period ?? { from: '', to: '' }), enabled: period !== null });
}
