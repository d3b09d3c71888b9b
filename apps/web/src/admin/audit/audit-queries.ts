import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditEntry, AuditQuery } from '@bande/shared/schemas/audit';
import { ADMIN_KEY, unwrapList, useAdminApi, type AdminApi } from '../lib/admin-api.ts';

export type AuditFilters = Pick<AuditQuery, 'action' | 'entity'>;

export const auditKey = [ADMIN_KEY, 'audit'] as const;

export const adminAuditQuery = (api: AdminApi, filters: AuditFilters) =>
  queryOptions({
    queryKey: [...auditKey, filters],
    queryFn: async () => {
      const params = new URLSearchParams();
      if (filters.action) params.set('action', filters.action);
      if (filters.entity) params.set('entity', filters.entity);
      const query = params.toString() ? `?${params.toString()}` : '';
      return unwrapList<AuditEntry>(await api.get(`/api/audit${query}`));
    },
    staleTime: 0,
  });

export function useAdminAudit(filters: AuditFilters) {
  return useQuery(adminAuditQuery(useAdminApi(), filters));
}
