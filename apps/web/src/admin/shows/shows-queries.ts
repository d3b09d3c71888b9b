import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Show, ShowSummary } from '@bande/shared';
import { ADMIN_KEY, unwrapList, unwrapOne, useAdminApi, type AdminApi } from '../lib/admin-api.ts';

export const showsKey = [ADMIN_KEY, 'shows'] as const;

/** Every show, drafts included (GET /api/shows with the admin token); also the dashboard's token check. */
export const adminShowsQuery = (api: AdminApi) =>
  queryOptions({
    queryKey: showsKey,
    queryFn: async () => unwrapList<ShowSummary>(await api.get('/api/shows')),
    staleTime: 0,
  });

export const adminShowQuery = (api: AdminApi, id: number) =>
  queryOptions({
    queryKey: [...showsKey, id],
    queryFn: async () => unwrapOne<Show>(await api.get(`/api/shows/${id}`)),
    staleTime: 0,
    gcTime: 0,
  });

export function useAdminShows() {
  return useQuery(adminShowsQuery(useAdminApi()));
}

export function useAdminShow(id: number | null) {
  const api = useAdminApi();
  return useQuery({ ...adminShowQuery(api, id ?? 0), enabled: id !== null });
}
