import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NewsletterSubscriber } from '@bande/shared/schemas/newsletter';
import { ADMIN_KEY, unwrapList, useAdminApi, type AdminApi } from '../lib/admin-api.ts';

export const subscribersKey = [ADMIN_KEY, 'newsletter-subscribers'] as const;

export const adminSubscribersQuery = (api: AdminApi) =>
  queryOptions({
    queryKey: subscribersKey,
    queryFn: async () => unwrapList<NewsletterSubscriber>(await api.get('/api/newsletter/subscribers')),
    staleTime: 0,
  });

export function useAdminSubscribers() {
  return useQuery(adminSubscribersQuery(useAdminApi()));
}
