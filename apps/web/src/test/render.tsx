import type { ReactElement, ReactNode } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { DEFAULT_SITE_CONTENT } from '@bande/shared/site-content-defaults';
import type { SiteContent } from '@bande/shared/schemas/site-content';
import { siteContentQuery } from '../lib/site-content.ts';

/** A query client for tests: no retries (a failure shows at once), no cache between tests. */
export function testQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } });
}

export interface RenderOptions {
  /** Start URL (default '/'). */
  route?: string;
  /** Route pattern the element is mounted at (default '*'), for pages reading params. */
  path?: string;
  /** Extra routes beside the element (e.g. '/not-found'). */
  routes?: ReactNode;
  /** The site's texts already in the cache, as the server's render hands them over (default: the demo's). */
  siteContent?: SiteContent;
}

/** Renders with the app's providers: TanStack Query and an in-memory router. */
export function renderWithProviders(element: ReactElement, { route = '/', path = '*', routes, siteContent = DEFAULT_SITE_CONTENT }: RenderOptions = {}): RenderResult {
  const client = testQueryClient();
  client.setQueryData(siteContentQuery().queryKey, siteContent);
  // Handed over fresh, as the server's render does: no test's fetch mock is asked for them.
  client.setQueryDefaults(siteContentQuery().queryKey, { staleTime: Infinity });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route path={path} element={element} />
          {routes}
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

export const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
