import { QueryClientContext, queryOptions, useQuery } from '@tanstack/react-query';
import { useContext } from 'react';
import type { SiteContent } from '@bande/shared/schemas/site-content';
import { SITE_NAME } from '@bande/shared/texts';
import { DEFAULT_PAGE_TEXTS, type PageTextKey } from '@bande/shared/page-texts';
import { frenchTypography } from '@bande/shared/format/french-typography';
import { apiGet } from './api-client.ts';

/**
 * GET /api/site-content: the texts staff change in « Textes du site ». Every public page needs them
 * (footer, head), so the server fetches them with the site settings before each render (page-routes'
 * prefetchSite) and the browser hydrates with them: no page waits for them in the browser.
 */
export const siteContentQuery = () =>
  queryOptions({
    queryKey: ['site-content'],
    queryFn: ({ signal }) => apiGet<{ data: SiteContent }>('/api/site-content', { signal }).then((r) => r.data),
  });

/**
 * Shown only if the texts could not be read (the server renders no page then; a client-only render
 * whose request failed): the name, and nothing else, rather than the demo association's details.
 * The defaults themselves stay out of the public bundle (packages/shared/src/site-content-defaults.ts).
 */
const UNAVAILABLE: SiteContent = {
  associationName: SITE_NAME,
  homeLead: '',
  footerText: '',
  contact: { email: '', phone: '', address: '', hours: '', responseDays: 0 },
  formats: [],
  horsCadre: [],
  social: [],
  pageTexts: DEFAULT_PAGE_TEXTS,
  welcomeMail: { subject: '', text: '' },
  accessibility: { status: 'non', rate: null, auditDate: '', method: '', nonAccessible: '' },
};

export function useSiteContent(): SiteContent {
  return useQuery(siteContentQuery()).data ?? UNAVAILABLE;
}

/** The pages' own words (page-texts.ts) as the query cache holds them, for a window opened after the page (the newsletter's); their first words until known. */
export function usePageTexts(): SiteContent['pageTexts'] {
  const client = useContext(QueryClientContext);
  return client?.getQueryData(siteContentQuery().queryKey)?.pageTexts ?? DEFAULT_PAGE_TEXTS;
}

/** The association's name as the query cache holds it, outside React's data flow (document head); SITE_NAME until known. */
export function useSiteNameNow(): string {
  const client = useContext(QueryClientContext);
  return client?.getQueryData(siteContentQuery().queryKey)?.associationName ?? SITE_NAME;
}

/** A page's own words (page-texts.ts) as staff wrote them, with French spacing: `const words = usePageWords(); words('teamLead')`. */
export function usePageWords(): (key: PageTextKey) => string {
  const { pageTexts } = useSiteContent();
  return (key) => frenchTypography(pageTexts[key] ?? DEFAULT_PAGE_TEXTS[key]);
}
