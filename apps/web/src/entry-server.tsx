import type { ReactNode } from 'react';
// React DOM's edge build of the static prerender: the Node build keeps an AsyncLocalStorage of its
// own, enabled for good once it has rendered, which leaves Node 20's async hooks on for every later
// request (a cached page, /api/health) — each promise and write then pays for its propagation. The edge
// build uses one only where the runtime has a global AsyncLocalStorage, which Node has not; the render
// is the same, through web streams (issue 37).
import { prerender } from 'react-dom/static.edge';
import { StaticRouter } from 'react-router';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { AppRoutes } from './app/app-routes.tsx';
import { AdminLoadingFrame } from './components/admin-frame.tsx';
import { AppProviders } from './app/app-providers.tsx';
import { createQueryClient } from './app/query-client.ts';
import { matchPage, prefetchSite } from './app/page-routes.ts';
import { createHeadCollector, renderHeadTags } from './app/head/index.ts';
import { serializeSsrState } from './app/ssr/ssr-state.ts';
import { ApiError } from './lib/api-client.ts';
import { siteContentQuery } from './lib/site-content.ts';
import type { DateTexts } from './app/dates/paris-dates.tsx';

export { setApiTransport } from './lib/api-client.ts';
export { isPrivatePage, pageAddress } from './app/page-routes.ts';

export interface RenderOptions {
  /** Public address of the site (SITE_URL), for canonical and Open Graph urls. */
  siteUrl: string;
  now?: Date;
  /** The visitor holds the maintenance-access cookie (only read when the site is in maintenance mode). */
  maintenanceAccess?: boolean;
}

export type RenderResult =
  | {
      kind: 'page';
      status: number;
      /** Tags for <head>: title, description, canonical, Open Graph, JSON-LD, image preloads. */
      head: string;
      /** The markup inside #root. */
      html: string;
      /** The <script> holding the data the browser hydrates with. */
      state: string;
      /** Vite manifest keys of the page's chunk, to preload it with its stylesheet. */
      modules: string[];
    }
  | { kind: 'redirect'; location: string };

/** The server's reads fail fast: a visitor waiting for retries would rather get the page without SSR. */
function createServerQueryClient(): QueryClient {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false } });
  return client;
}

/** Renders a public page with its data. Throws when the page cannot be rendered (the caller then serves the client shell). */
export async function render(url: string, { siteUrl, now = new Date(), maintenanceAccess }: RenderOptions): Promise<RenderResult> {
  // The path as the router reads it: parsed as a URL, '//host/x' would lose its first segment.
  const pathname = url.split('?')[0]!;
  const { route, params } = matchPage(pathname);
  const queryClient = createServerQueryClient();
  try {
    await Promise.all([prefetchSite(queryClient), route.prefetch?.(queryClient, params)]);
  } catch (error) {
    // An unknown show: like the browser does after a failed load, go to the not-found page.
    if (error instanceof ApiError && error.status === 404) return { kind: 'redirect', location: '/not-found' };
    throw error;
  }

  const headCollector = createHeadCollector();
  const dateTexts: DateTexts = new Map();
  const rendered = await renderToHtml(
    <AppProviders queryClient={queryClient} siteUrl={siteUrl} headCollector={headCollector} renderInstant={() => now} dateTexts={dateTexts} maintenanceAccess={maintenanceAccess}>
      <StaticRouter location={url}>
        <AppRoutes />
      </StaticRouter>
    </AppProviders>,
  );
  return {
    kind: 'page',
    status: route.statusOf?.(queryClient, params) ?? route.status ?? 200,
    head: renderHeadTags(headCollector.head, { siteUrl, pathname, preloads: headCollector.preloads, siteName: queryClient.getQueryData(siteContentQuery().queryKey)?.associationName }),
    html: rendered,
    state: serializeSsrState({ queries: dehydrate(queryClient), renderedAt: now.toISOString(), siteUrl, dateTexts: Object.fromEntries(dateTexts), ...(maintenanceAccess ? { maintenanceAccess } : {}) }),
    modules: [route.module],
  };
}

/** The backoffice's first frame, sent inside its shell (components/admin-frame.tsx); the same for every address. */
export function renderAdminFrame(): Promise<string> {
  return renderToHtml(<AdminLoadingFrame />);
}

/** Head tags for pages that are not server-rendered (the backoffice shell). */
export function defaultHead(siteUrl: string, pathname: string): string {
  return renderHeadTags(undefined, { siteUrl, pathname, preloads: [] });
}

const RENDER_TIMEOUT_MS = 10_000;

/**
 * The whole page as one string, once every Suspense boundary has resolved (the lazy page chunks among
 * them): React DOM's static prerender, the streaming server API for pages that are cached and
 * compressed as a whole (no boundary is left for the browser to fill in). An error anywhere in the
 * tree refuses the page, and the caller serves the client shell: a page cached for every visitor must
 * not keep a part rendered as an error.
 */
async function renderToHtml(element: ReactNode): Promise<string> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(new Error('rendu trop long')), RENDER_TIMEOUT_MS);
  const errors: unknown[] = [];
  try {
    const { prelude } = await prerender(element, {
      signal: abort.signal,
      // Every boundary inline, in place: by default React moves a large one (the page) to the end of
      // the document, to be put in place by a script, which would delay the painting of the content.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError(error) {
        errors.push(error);
      },
    });
    // Bytes joined before decoding: a chunk may end in the middle of a letter.
    const chunks: Uint8Array[] = [];
    const reader = prelude.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push(read.value);
    if (abort.signal.aborted) throw abort.signal.reason;
    if (errors.length > 0) throw errors[0];
    return Buffer.concat(chunks).toString('utf8');
  } finally {
    clearTimeout(timer);
  }
}
