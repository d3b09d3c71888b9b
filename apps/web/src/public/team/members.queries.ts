import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicMember } from '@bande/shared/schemas/members';
import { apiGet } from '../../lib/api-client.ts';

export const publishedMembersQuery = () =>
  queryOptions({
    queryKey: ['members', 'public'],
    queryFn: ({ signal }) => apiGet<{ data: PublicMember[] }>('/api/members?published=true', { signal }).then((r) => r.data),
  });

export const usePublishedMembers = () => useQuery(publishedMembersQuery());
