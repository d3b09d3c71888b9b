import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OriginCategory } from '@bande/shared';
import { ADMIN_KEY, unwrapList, useAdminApi, type AdminApi } from '../lib/admin-api.ts';

export const originsKey = [ADMIN_KEY, 'origins'] as const;

/** GET /api/origins/admin/categories: a plain array of categories, each with its events. */
export const adminOriginsQuery = (api: AdminApi) =>
  queryOptions({
    queryKey: originsKey,
    queryFn: async () =>
      unwrapList<OriginCategory>(await api.get('/api/origins/admin/categories'))
        .map((category) => ({ ...category, events: [...(category.events ?? [])].sort((a, b) => a.date.localeCompare(b.date)) }))
        .sort((a, b) => a.position - b.position),
    staleTime: 0,
  });

export function useAdminOrigins(enabled: boolean) {
  return useQuery({ ...adminOriginsQuery(useAdminApi()), enabled });
}

/** The PUT body of a category (also used to move it: one PUT per category, positions from 1). */
export const categoryBody = (category: OriginCategory, position = category.position) => ({
  title: category.title,
  description: category.description,
  position,
});
