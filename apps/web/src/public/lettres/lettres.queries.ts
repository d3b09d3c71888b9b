import { queryOptions } from '@tanstack/react-query';
import type { CampaignArchiveItem, CampaignArchivePage } from '@bande/shared/schemas/campaigns';
import { ApiError, apiGet } from '../../lib/api-client.ts';

/** The sent newsletter letters, newest first (GET /api/lettres), fetched by the server with the page. */
export const lettersQuery = () =>
  queryOptions({
    queryKey: ['lettres'],
    queryFn: ({ signal }) => apiGet<{ data: CampaignArchiveItem[] }>('/api/lettres', { signal }).then((r) => r.data),
  });

/**
 * One sent letter. Not found (a draft, a cancelled letter, a wrong address) is an answer, null: the server
 * renders the not-found page in place with the 404 status, and the browser hydrates with the same null.
 */
export const letterQuery = (slug: string) =>
  queryOptions({
    queryKey: ['lettres', slug],
    queryFn: async ({ signal }): Promise<CampaignArchivePage | null> => {
      try {
        return (await apiGet<{ data: CampaignArchivePage }>(`/api/lettres/${encodeURIComponent(slug)}`, { signal })).data;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
