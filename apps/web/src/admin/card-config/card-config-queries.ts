import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CardConfig } from '@bande/shared';
import { ADMIN_KEY, unwrapOne, useAdminApi, type AdminApi } from '../lib/admin-api.ts';

export const cardConfigKey = [ADMIN_KEY, 'card-config'] as const;

export const adminCardConfigQuery = (api: AdminApi) =>
  queryOptions({
    queryKey: cardConfigKey,
    queryFn: async () => unwrapOne<CardConfig>(await api.get('/api/card-config')),
    staleTime: 0,
  });

export function useAdminCardConfig() {
  return useQuery(adminCardConfigQuery(useAdminApi()));
}

/** The address of the public preview route for the card section (spec section 2). */
export function previewCardUrl(config: Pick<CardConfig, 'sectionTitle' | 'sectionDescription' | 'buttonText' | 'isEnabled'>): string {
  const params = new URLSearchParams({
    title: config.sectionTitle,
    description: config.sectionDescription,
    buttonText: config.buttonText,
    enabled: String(config.isEnabled),
  });
  return `/preview-card?${params.toString()}`;
}
