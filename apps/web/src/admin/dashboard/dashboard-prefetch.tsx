import { useState } from 'react';
import { useLocation } from 'react-router';
import { usePrefetchQuery, type QueryClient } from '@tanstack/react-query';
import { adminApiFor, useAdminApi } from '../lib/admin-api.ts';
import { adminShowsQuery } from '../shows/shows-queries.ts';
import { adminMeQuery } from '../lib/me-query.ts';
import { currentUser, readStored, STORAGE_KEYS } from '../lib/session.ts';
import { initialTab } from './tabs.ts';
import { preloadTab } from './tab-components.ts';

/**
 * Asks for what the dashboard's first paint waits on while the dashboard's own code is still
 * downloading, instead of after it: who is signed in and the shows list that verifies the token (from
 * the server), and the code of the tab it will open (the one DashboardPage will choose, from the
 * stored role). On a phone's connection that is a chunk's download and a round trip or two earlier.
 * Rendered beside the dashboard's Suspense boundary, not inside it, and during render (an effect would
 * wait for the boundary's fallback to commit, which React throttles). The dashboard reads the same
 * queries from the cache; a query already in the cache is not asked again here. When the page was
 * opened at the dashboard's address, prefetchDashboard asked for all of it before the app rendered.
 */
export function DashboardPrefetch() {
  const api = useAdminApi();
  const location = useLocation();
  useState(() => void preloadFirstTab((location.state as { tab?: unknown } | null)?.tab, location.search));
  usePrefetchQuery(adminMeQuery(api));
  usePrefetchQuery(adminShowsQuery(api));
  return null;
}

/** How long the first render waits for the first answers at most (a slow network, a server that hangs). */
export const FIRST_DATA_WAIT_MS = 1_000;

/**
 * The same, before the app renders (entry-client.tsx, through admin-app.tsx's preloadFirstParts): the
 * requests leave as soon as the backoffice's module is here, beside the page's and the tab's code.
 * Resolves once the tab's code has come and the two answers too (a failed one counts: the dashboard
 * handles it), for a second at most, at once offline (the door in a cellar). Rendered with its list,
 * the dashboard's first render is one transition that React slices; rendered before, the answers came
 * afterwards as updates of the queries' external store, which React renders at once, in one piece: a
 * 40–100 ms task on a laptop, four times that on a phone, while the volunteer may already tap.
 */
export async function prefetchDashboard(queryClient: QueryClient, stateTab: unknown, search: string): Promise<void> {
  const api = adminApiFor(queryClient);
  const answers = Promise.all([queryClient.prefetchQuery(adminMeQuery(api)), queryClient.prefetchQuery(adminShowsQuery(api))]);
  const code = preloadFirstTab(stateTab, search);
  if (!navigator.onLine) return code;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const atMost = new Promise<void>((resolve) => (timer = setTimeout(resolve, FIRST_DATA_WAIT_MS)));
  await Promise.all([code, Promise.race([answers, atMost])]);
  clearTimeout(timer);
}

/** Downloads the code of the tab the dashboard will open first: DashboardPage's own choice, from the stored role. */
function preloadFirstTab(stateTab: unknown, search: string): Promise<void> {
  const asked = stateTab ?? new URLSearchParams(search).get('tab') ?? undefined;
  return preloadTab(initialTab(asked, readStored(STORAGE_KEYS.activeTab), currentUser()?.role ?? 'admin').tab);
}
