import { queryOptions } from '@tanstack/react-query';
import type { Show } from '@bande/shared/schemas/shows';
import { ApiError, apiGet } from '../../lib/api-client.ts';
import { withImages, type WithImages } from '../with-images.ts';

/**
 * The show of a draft-preview link, drafts included. A refused link (altered, expired, show deleted)
 * is an answer, null, rather than an error: the server renders the not-found page with it in place
 * (status 404), and the browser hydrates with that same null instead of asking again.
 */
export const showPreviewQuery = (token: string) =>
  queryOptions({
    queryKey: ['shows', 'preview', token],
    queryFn: async ({ signal }): Promise<WithImages<Show> | null> => {
      try {
        return withImages(await apiGet<WithImages<Show>>(`/api/shows/preview/${encodeURIComponent(token)}`, { signal }));
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
