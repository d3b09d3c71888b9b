import { lazy, type ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { siteInfoQuery } from '../lib/site-info.ts';
import { siteContentQuery } from '../lib/site-content.ts';
import { featuredShowsQuery, publishedShowsQuery, showBySlugQuery } from '../public/shows/shows.queries.ts';
import { cardConfigQuery } from '../public/card/card-config.queries.ts';
import { publishedMembersQuery } from '../public/team/members.queries.ts';
import { publishedGalleryQuery } from '../public/bonus/gallery.queries.ts';
import { publishedOriginsQuery } from '../public/origines/origins.queries.ts';
import { publishedPartnersQuery } from '../public/partenaires/partners.queries.ts';
import { legalSettingsQuery } from '../public/legal/legal.queries.ts';
import { showPreviewQuery } from '../public/show-preview/show-preview.queries.ts';
import { letterQuery, lettersQuery } from '../public/lettres/lettres.queries.ts';

/**
 * The public pages: where they live, the chunk that holds them and the data they show. The server
 * renders them with this data already fetched, and the browser hydrates them with the same data, so
 * the first paint holds the content and no request is repeated.
 */
export interface PageRoute {
  /** React Router path, relative to the site root. */
  path: string;
  /**
   * The page, in a chunk of its own (React.lazy). The server renders it once its chunk has loaded;
   * in the browser its Suspense boundary keeps the server's markup until the chunk arrives, then
   * hydrates it (selective hydration).
   */
  page: ComponentType;
  /** The page module, as named in Vite's manifest: the server preloads its chunk and stylesheet. */
  module: string;
  /** Fetches what the page needs (params from the path); rejections mean the page cannot be shown. */
  prefetch?: (queryClient: QueryClient, params: Record<string, string | undefined>) => Promise<unknown>;
  /** The not-found page answers 404. */
  status?: number;
  /** The page reads its query string; other pages render the same whatever it holds. */
  readsQuery?: boolean;
  /**
   * For the holder of its link only (a draft's preview): never kept by the server's answer cache nor
   * any other (`Cache-Control: no-store`), never indexed (`X-Robots-Tag: noindex`).
   */
  private?: boolean;
  /** The status when it depends on the data fetched (a refused preview link: 404); default `status`, else 200. */
  statusOf?: (queryClient: QueryClient, params: Record<string, string | undefined>) => number;
}

const home = lazy(() => import('../public/home/home-page.tsx'));
const team = lazy(() => import('../public/team/team-page.tsx'));
const shows = lazy(() => import('../public/shows/shows-page.tsx'));
const showDetail = lazy(() => import('../public/show-detail/show-detail-page.tsx'));
const contact = lazy(() => import('../public/contact/contact-page.tsx'));
const bonus = lazy(() => import('../public/bonus/bonus-page.tsx'));
const origines = lazy(() => import('../public/origines/origines-page.tsx'));
const partenaires = lazy(() => import('../public/partenaires/partenaires-page.tsx'));
const sitemap = lazy(() => import('../public/sitemap/sitemap-page.tsx'));
const legal = lazy(() => import('../public/legal/legal-page.tsx'));
const accessibility = lazy(() => import('../public/accessibility/accessibility-page.tsx'));
const notFound = lazy(() => import('../public/not-found/not-found-page.tsx'));
const newsletterConfirmation = lazy(() => import('../public/newsletter/confirmation-page.tsx'));
const newsletterUnsubscribe = lazy(() => import('../public/newsletter/unsubscribe-page.tsx'));
const reservationConfirmation = lazy(() => import('../public/reservation/confirmation-page.tsx'));
const reservationCancel = lazy(() => import('../public/reservation/annulation-page.tsx'));
const reservationClaim = lazy(() => import('../public/reservation/liste-attente-page.tsx'));
const previewCard = lazy(() => import('../public/preview-card/preview-card-page.tsx'));
const showPreview = lazy(() => import('../public/show-preview/show-preview-page.tsx'));
const lettres = lazy(() => import('../public/lettres/lettres-page.tsx'));
const lettre = lazy(() => import('../public/lettres/lettre-page.tsx'));

/** Shown inside the admin's card-config tab: no site chrome, and no gate in front of the admin's own tool. */
export const PREVIEW_CARD_ROUTE: PageRoute = {
  path: '/preview-card',
  page: previewCard,
  module: 'src/public/preview-card/preview-card-page.tsx',
  readsQuery: true,
};

export const NOT_FOUND_ROUTE: PageRoute = { path: '*', page: notFound, module: 'src/public/not-found/not-found-page.tsx', status: 404 };

/** Pages inside the site layout (header, footer) and behind the maintenance gate. */
export const PAGE_ROUTES: readonly PageRoute[] = [
  {
    path: '/',
    page: home,
    module: 'src/public/home/home-page.tsx',
    prefetch: (client) => Promise.all([client.fetchQuery(featuredShowsQuery()), client.fetchQuery(cardConfigQuery())]),
  },
  { path: '/team', page: team, module: 'src/public/team/team-page.tsx', prefetch: (client) => client.fetchQuery(publishedMembersQuery()) },
  { path: '/shows', page: shows, module: 'src/public/shows/shows-page.tsx', prefetch: (client) => client.fetchQuery(publishedShowsQuery()) },
  {
    path: '/show/:slug',
    page: showDetail,
    module: 'src/public/show-detail/show-detail-page.tsx',
    prefetch: (client, { slug = '' }) => client.fetchQuery(showBySlugQuery(slug)),
  },
  // A draft's preview (signed link made in the admin): the show as saved, in the page of /show/:slug.
  {
    path: '/apercu/:token',
    page: showPreview,
    module: 'src/public/show-preview/show-preview-page.tsx',
    prefetch: (client, { token = '' }) => client.fetchQuery(showPreviewQuery(token)),
    statusOf: (client, { token = '' }) => (client.getQueryData(showPreviewQuery(token).queryKey) === null ? 404 : 200),
    private: true,
  },
  { path: '/contact', page: contact, module: 'src/public/contact/contact-page.tsx' },
  { path: '/bonus', page: bonus, module: 'src/public/bonus/bonus-page.tsx', prefetch: (client) => client.fetchQuery(publishedGalleryQuery()) },
  { path: '/origines', page: origines, module: 'src/public/origines/origines-page.tsx', prefetch: (client) => client.fetchQuery(publishedOriginsQuery()) },
  {
    path: '/partenaires',
    page: partenaires,
    module: 'src/public/partenaires/partenaires-page.tsx',
    prefetch: (client) => client.fetchQuery(publishedPartnersQuery()),
  },
  // The newsletter's archive (issue 24): the sent letters; any other address is the not-found page (404).
  { path: '/lettres', page: lettres, module: 'src/public/lettres/lettres-page.tsx', prefetch: (client) => client.fetchQuery(lettersQuery()) },
  {
    path: '/lettres/:slug',
    page: lettre,
    module: 'src/public/lettres/lettre-page.tsx',
    prefetch: (client, { slug = '' }) => client.fetchQuery(letterQuery(slug)),
    statusOf: (client, { slug = '' }) => (client.getQueryData(letterQuery(slug).queryKey) === null ? 404 : 200),
  },
  { path: '/sitemap', page: sitemap, module: 'src/public/sitemap/sitemap-page.tsx' },
  { path: '/plan-du-site', page: sitemap, module: 'src/public/sitemap/sitemap-page.tsx' },
  {
    path: '/mentions-legales',
    page: legal,
    module: 'src/public/legal/legal-page.tsx',
    prefetch: (client) => client.fetchQuery(legalSettingsQuery()),
  },
  // The accessibility statement: its texts are the site's (prefetchSite), nothing more to fetch.
  { path: '/accessibilite', page: accessibility, module: 'src/public/accessibility/accessibility-page.tsx' },
  // The links of the newsletter mails: they read their token from the query, so no render of them is kept.
  { path: '/newsletter/confirmation', page: newsletterConfirmation, module: 'src/public/newsletter/confirmation-page.tsx', readsQuery: true },
  { path: '/newsletter/desinscription', page: newsletterUnsubscribe, module: 'src/public/newsletter/unsubscribe-page.tsx', readsQuery: true },
  // The links of the reservation mails: the token is the visitor's, so these are private (never kept, never indexed).
  { path: '/reservation/confirmation', page: reservationConfirmation, module: 'src/public/reservation/confirmation-page.tsx', readsQuery: true, private: true },
  { path: '/reservation/annulation', page: reservationCancel, module: 'src/public/reservation/annulation-page.tsx', readsQuery: true, private: true },
  { path: '/reservation/liste-attente', page: reservationClaim, module: 'src/public/reservation/liste-attente-page.tsx', readsQuery: true, private: true },
  { path: '/not-found', page: notFound, module: 'src/public/not-found/not-found-page.tsx', status: 404 },
];

/** What every public page needs whatever the page: the maintenance gate reads the site settings; the footer and head, the site's texts. */
export const prefetchSite = (queryClient: QueryClient) => Promise.all([queryClient.fetchQuery(siteInfoQuery()), queryClient.fetchQuery(siteContentQuery())]);

export interface MatchedPage {
  route: PageRoute;
  params: Record<string, string | undefined>;
}

/** The page for a path, or the not-found page. */
export function matchPage(pathname: string): MatchedPage {
  const known = matchedPages.get(pathname);
  if (known) return known;
  const matched = firstMatchingPage(pathname);
  // Bounded: a visitor asking for endless made-up paths only turns the memo over.
  if (matchedPages.size >= MATCHED_PAGES_KEPT) matchedPages.clear();
  matchedPages.set(pathname, matched);
  return matched;
}

/**
 * The server asks which page an address is three times per request, answered from its cache or not
 * (its key, whether it is private, then the render): react-router's matchPath compiles each route's
 * pattern into a RegExp on every call, about 4 % of the server's time on `GET /` (issue 27). The
 * answer depends on the path alone, so it is remembered.
 */
const matchedPages = new Map<string, MatchedPage>();
const MATCHED_PAGES_KEPT = 1000;

function firstMatchingPage(pathname: string): MatchedPage {
  for (const route of [PREVIEW_CARD_ROUTE, ...PAGE_ROUTES]) {
    const match = matchPath({ path: route.path, end: true }, pathname);
    if (match) return { route, params: match.params };
  }
  return { route: NOT_FOUND_ROUTE, params: {} };
}

/**
 * The address a page is rendered (and cached) for: its path alone, unless the page reads its query
 * string. Links shared on social networks come back with a tracking parameter unique to each visit
 * (`?fbclid=…`): they get the page already rendered instead of a render each.
 */
export function pageAddress(url: string): string {
  const [pathname = '/'] = url.split('?');
  return matchPage(pathname).route.readsQuery ? url : pathname;
}

/** Whether the page at this address is for its link's holder only (see PageRoute.private). */
export const isPrivatePage = (url: string) => matchPage(url.split('?')[0] ?? '/').route.private === true;

/** Paths that are not server-rendered: the backoffice is a client-only app. */
export const isClientOnlyPath = (pathname: string) => pathname === '/admin' || pathname.startsWith('/admin/');
