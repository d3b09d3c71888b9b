import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Member } from '@bande/shared';
import { ADMIN_KEY, unwrapList, unwrapOne, useAdminApi, type AdminApi } from '../lib/admin-api.ts';

export const membersKey = [ADMIN_KEY, 'members'] as const;

export const adminMembersQuery = (api: AdminApi) =>
  queryOptions({
    queryKey: membersKey,
    queryFn: async () => unwrapList<Member>(await api.get('/api/members')),
    staleTime: 0,
  });

export const adminMemberQuery = (api: AdminApi, id: number) =>
  queryOptions({
    queryKey: [...membersKey, id],
    queryFn: async () => unwrapOne<Member>(await api.get(`/api/members/${id}`)),
    staleTime: 0,
    gcTime: 0,
  });

export function useAdminMembers() {
  return useQuery(adminMembersQuery(useAdminApi()));
}

export function useAdminMember(id: number | null) {
  const api = useAdminApi();
  return useQuery({ ...adminMemberQuery(api, id ?? 0), enabled: id !== null });
}
