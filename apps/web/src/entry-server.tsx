import { Writable } from 'node:stream';
import type { ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { AppRoutes } from './app/app-routes.tsx';
import { AppProviders } from './app/app-providers.tsx';
import { createQueryClient } from './app/query-client.ts';
import { matchPage, prefetchSite } from './app/page-routes.ts';
import { createHeadCollector, renderHeadTags } from './app/head/index.ts';
import { serializeSsrState } from './app/ssr/ssr-state.ts';
import { ApiError } from './lib/api-client.ts';

export { setApiTransport } from './lib/api-client.ts';

export interface RenderOptions {
  /** Public address of the site (SITE_URL), for canonical and Open Graph urls. */
  siteUrl: string;
  now?: Date;
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
export async function render(url: string, { siteUrl, now = new Date() }: RenderOptions): Promise<RenderResult> {
  // The path as the router reads it: parsed as a URL, '//host/x' would lose its first segment.
  const pathname = url.split('?')[0]!;
  const { route, params } = matchPage(pathname);
  const queryClient = createServerQueryClient();
  try {
    await Promise.all([prefetchSite(queryClient), route.prefetch?.(queryClient, params), route.page.load()]);
  } catch (error) {
    // An unknown show: like the browser does after a failed load, go to the not-found page.
    if (error instanceof ApiError && error.status === 404) return { kind: 'redirect', location: '/not-found' };
    throw error;
  }

  const headCollector = createHeadCollector();
  const rendered = await renderToHtml(
    <AppProviders queryClient={queryClient} siteUrl={siteUrl} headCollector={headCollector} renderInstant={now}>
      <StaticRouter location={url}>
        <AppRoutes />
      </StaticRouter>
    </AppProviders>,
  );
  const { resources, html } = splitLeadingResources(rendered);
  return {
    kind: 'page',
    status: route.status ?? 200,
    head: renderHeadTags(headCollector.head, { siteUrl, pathname, preloads: headCollector.preloads }) + resources,
    html,
    state: serializeSsrState({ queries: dehydrate(queryClient), renderedAt: now.toISOString(), siteUrl }),
    modules: [route.module],
  };
}

/** Head tags for pages that are not server-rendered (the backoffice shell). */
export function defaultHead(siteUrl: string, pathname: string): string {
  return renderHeadTags(undefined, { siteUrl, pathname, preloads: [] });
}

/**
 * React writes the resources it discovers (preloads of eager images) before the markup; rendering only
 * the inside of #root, they would land in <body>: they belong in <head>, where the browser sees them first.
 */
export function splitLeadingResources(rendered: string): { resources: string; html: string } {
  const match = /^(?:<link [^>]*>)+/.exec(rendered);
  return match ? { resources: match[0], html: rendered.slice(match[0].length) } : { resources: '', html: rendered };
}

const RENDER_TIMEOUT_MS = 10_000;

/**
 * The whole page as one string, once every lazy chunk has resolved (onAllReady): the result is cached
 * and compressed as a whole, and holds no streaming placeholders.
 */
function renderToHtml(element: ReactNode): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  return new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let failure: unknown;
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(Buffer.from(chunk));
        callback();
      },
      final(callback) {
        callback();
        if (failure) reject(failure);
        else resolve(Buffer.concat(chunks).toString('utf8'));
      },
    });
    const stream = renderToPipeableStream(element, {
      // Large finished boundaries would otherwise be sent out of place and moved by an inline script.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      // An error inside a Suspense boundary would otherwise leave a client-rendered hole: refuse the page.
      onError: (error) => {
        failure ??= error;
      },
    });
    timer = setTimeout(() => stream.abort(new Error('rendu trop long')), RENDER_TIMEOUT_MS);
    sink.on('error', reject);
  }).finally(() => clearTimeout(timer));
}
