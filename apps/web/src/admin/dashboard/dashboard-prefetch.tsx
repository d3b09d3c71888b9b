import { useState } from 'react';
import { useLocation } from 'react-router';
import { usePrefetchQuery } from '@tanstack/react-query';
import { useAdminApi } from '../lib/admin-api.ts';
import { adminShowsQuery } from '../shows/shows-queries.ts';
import { adminMeQuery } from '../lib/me-query.ts';
import { readStored, STORAGE_KEYS, useSession } from '../lib/session.ts';
import { initialTab } from './tabs.ts';
import { preloadTab } from './tab-components.ts';

/**
 * Asks for what the dashboard's first paint waits on while the dashboard's own code is still
 * downloading, instead of after it: who is signed in and the shows list that verifies the token (from
 * the server), and the code of the tab it will open (the one DashboardPage will choose, from the
 * stored role). On a phone's connection that is a chunk's download and a round trip or two earlier.
 * Rendered beside the dashboard's Suspense boundary, not inside it, and during render (an effect would
 * wait for the boundary's fallback to commit, which React throttles). The dashboard reads the same
 * queries from the cache; a query already in the cache is not asked again here.
 */
export function DashboardPrefetch() {
  const api = useAdminApi();
  const location = useLocation();
  const { user } = useSession();
  useState(() => {
    const asked = (location.state as { tab?: unknown } | null)?.tab ?? new URLSearchParams(location.search).get('tab') ?? undefined;
    preloadTab(initialTab(asked, readStored(STORAGE_KEYS.activeTab), user?.role ?? 'admin').tab);
  });
  usePrefetchQuery(adminMeQuery(api));
  usePrefetchQuery(adminShowsQuery(api));
  return null;
}
