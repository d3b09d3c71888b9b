import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicMember } from '@bande/shared/schemas/members';
import type { ImageMap } from '@bande/shared/images';
import { apiGet } from '../../lib/api-client.ts';
import { dataOf, imagesOf, withImages, type WithImages } from '../with-images.ts';

export const publishedMembersQuery = () =>
  queryOptions({
    queryKey: ['members', 'public'],
    queryFn: ({ signal }) => apiGet<WithImages<PublicMember[]>>('/api/members?published=true', { signal }).then(withImages),
  });

export const usePublishedMembers = () => useQuery({ ...publishedMembersQuery(), select: dataOf });
/** Sizes and variants of the portraits (same request as the members). */
export const usePublishedMemberImages = (): ImageMap => useQuery({ ...publishedMembersQuery(), select: imagesOf }).data ?? {};
