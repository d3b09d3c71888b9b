import type { ReactElement, ReactNode } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';

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
}

/** Renders with the app's providers: TanStack Query and an in-memory router. */
export function renderWithProviders(element: ReactElement, { route = '/', path = '*', routes }: RenderOptions = {}): RenderResult {
  return render(
    <QueryClientProvider client={testQueryClient()}>
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
