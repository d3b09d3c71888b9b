import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Campaign, CampaignFailure } from '@bande/shared/schemas/campaigns';
import { ADMIN_KEY, unwrapList, useAdminApi } from '../lib/admin-api.ts';

export const campaignsKey = [ADMIN_KEY, 'campaigns'] as const;

export type CampaignDetail = Campaign & { failures: CampaignFailure[]; retryable: number };

/** Whether a letter is going out: sending, or sent with failures being tried again (« Renvoyer aux échecs »). */
const going = (c: Campaign) => c.status === 'sending' || c.stats.pending > 0;

/** The letters; asked again every 2 s while one is going out or scheduled, so that its progress moves. */
export function useAdminCampaigns() {
  const api = useAdminApi();
  return useQuery(
    queryOptions({
      queryKey: campaignsKey,
      queryFn: async () => unwrapList<Campaign>(await api.get('/api/campaigns')),
      staleTime: 0,
      refetchInterval: (query) => (query.state.data?.some((c) => going(c) || c.status === 'scheduled') ? 2000 : false),
    }),
  );
}

export function useCampaignDetail(id: number | null) {
  const api = useAdminApi();
  return useQuery({
    queryKey: [...campaignsKey, id],
    queryFn: async () => (await api.get<{ data: CampaignDetail }>(`/api/campaigns/${id}`)).data,
    enabled: id !== null,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data && going(query.state.data) ? 2000 : false),
  });
}
