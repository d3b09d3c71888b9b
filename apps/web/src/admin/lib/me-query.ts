import { queryOptions } from '@tanstack/react-query';
import type { AdminUser } from '@bande/shared/schemas/auth';
import { ADMIN_KEY, type AdminApi } from './admin-api.ts';

/** The signed-in account as the server knows it (its role decides the dashboard's tabs). */
export const adminMeQuery = (api: AdminApi) =>
  queryOptions({
    queryKey: [ADMIN_KEY, 'me'],
    queryFn: async () => (await api.get<{ user: AdminUser }>('/api/auth/me')).user,
    staleTime: 60_000,
  });
