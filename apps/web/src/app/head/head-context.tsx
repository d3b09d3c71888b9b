import { createContext, useContext, useEffect, useMemo, type JSX, type ReactNode } from 'react';
import type { HeadCollector, ImagePreload, PageHead } from './page-head.ts';
import { renderHeadTags } from './render-head-tags.ts';
import { applyHeadTags } from './apply-head.ts';
import { useSiteNameNow } from '../../lib/site-content.ts';
import { withoutTrailingSlashes } from '@bande/shared/format/trim-chars';

interface HeadContextValue {
  siteUrl: string;
  collector?: HeadCollector;
}

const HeadContext = createContext<HeadContextValue | null>(null);

/** Server: pass a collector (filled during render). Client: no collector. siteUrl e.g. 'https://labande.fr' (no trailing slash). */
export function HeadProvider({ siteUrl, collector, children }: { siteUrl: string; collector?: HeadCollector; children: ReactNode }): JSX.Element {
  const value = useMemo(() => ({ siteUrl: withoutTrailingSlashes(siteUrl), collector }), [siteUrl, collector]);
  return <HeadContext.Provider value={value}>{children}</HeadContext.Provider>;
}

/**
 * The public address of the site, for absolute urls in structured data. Without a provider (client
 * tests, a client-only render) the browser's own origin; '' on a server without provider.
 */
export function useSiteUrl(): string {
  const context = useContext(HeadContext);
  return context?.siteUrl ?? (typeof window === 'undefined' ? '' : window.location.origin);
}

/**
 * Declares the page's head. Server: stored in the collector during render (the last call wins, which
 * is the deepest page since parents render first). Client: applied to document.head after each render;
 * applying is idempotent, and running every time also catches a new pathname under an unchanged head.
 */
export function usePageHead(head: PageHead): void {
  const context = useContext(HeadContext);
  if (context?.collector) context.collector.head = head;
  const siteUrl = context?.siteUrl;
  const siteName = useSiteNameNow();

  useEffect(() => {
    applyHeadTags(
      renderHeadTags(head, { siteUrl: siteUrl ?? window.location.origin, pathname: window.location.pathname, preloads: [], siteName }),
    );
  });
}

/** Called by the image component for the LCP image: server -> collector.preloads (one per href); client -> nothing. */
export function usePreloadImage(preload: ImagePreload): void {
  const collector = useContext(HeadContext)?.collector;
  if (collector && !collector.preloads.some((known) => known.href === preload.href)) collector.preloads.push(preload);
}
