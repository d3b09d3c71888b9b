import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InboxMessage, MessagesQuery, MessagesSummary } from '@bande/shared';
import { ADMIN_KEY, unwrapList, useAdminApi, type AdminApi } from '../lib/admin-api.ts';

/** The list (whatever its filters) and the count of new ones: a change invalidates both. */
export const messagesKey = [ADMIN_KEY, 'messages'] as const;

export const adminMessagesQuery = (api: AdminApi, filters: MessagesQuery) =>
  queryOptions({
    queryKey: [...messagesKey, 'list', filters],
    queryFn: async () => {
      const params = new URLSearchParams();
      if (filters.kind) params.set('kind', filters.kind);
      if (filters.status) params.set('status', filters.status);
      const query = params.toString() ? `?${params.toString()}` : '';
      return unwrapList<InboxMessage>(await api.get(`/api/messages${query}`));
    },
    staleTime: 0,
  });

export const messagesSummaryQuery = (api: AdminApi) =>
  queryOptions({
    queryKey: [...messagesKey, 'summary'],
    queryFn: () => api.get<MessagesSummary>('/api/messages/summary'),
    // New messages arrive from visitors, not from this screen: look again every minute.
    refetchInterval: 60_000,
  });

export function useAdminMessages(filters: MessagesQuery) {
  return useQuery(adminMessagesQuery(useAdminApi(), filters));
}

/** The count of new messages; not asked at all by a role that may not read them (`enabled` false). */
export function useNewMessagesCount(enabled = true): number {
  return useQuery({ ...messagesSummaryQuery(useAdminApi()), enabled }).data?.new ?? 0;
}
