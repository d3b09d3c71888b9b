import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Partner } from '@bande/shared/schemas/partners';
import type { ImageMap } from '@bande/shared/images';
import { apiGet } from '../../lib/api-client.ts';
import { dataOf, imagesOf, withImages, type WithImages } from '../with-images.ts';

export const publishedPartnersQuery = () =>
  queryOptions({
    queryKey: ['partners', 'public'],
    queryFn: ({ signal }) => apiGet<WithImages<Partner[]>>('/api/partners?published=true', { signal }).then(withImages),
  });

export const usePublishedPartners = () => useQuery({ ...publishedPartnersQuery(), select: dataOf });
/** Sizes and variants of the logos (same request as the partners). */
export const usePublishedPartnerImages = (): ImageMap => useQuery({ ...publishedPartnersQuery(), select: imagesOf }).data ?? {};
