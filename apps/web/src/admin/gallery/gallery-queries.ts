import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GalleryItem } from '@bande/shared';
import { ADMIN_KEY, unwrapList, useAdminApi, type AdminApi } from '../lib/admin-api.ts';

export const galleryKey = [ADMIN_KEY, 'gallery'] as const;

export const adminGalleryQuery = (api: AdminApi) =>
  queryOptions({
    queryKey: galleryKey,
    queryFn: async () => unwrapList<GalleryItem>(await api.get('/api/gallery')).sort((a, b) => a.position - b.position),
    staleTime: 0,
  });

export function useAdminGallery() {
  return useQuery(adminGalleryQuery(useAdminApi()));
}

export const GALLERY_TYPE_LABELS: Record<GalleryItem['type'], string> = { photo: 'Photo', video: 'Vidéo', youtube: 'YouTube' };
