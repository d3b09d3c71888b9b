import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, vi } from 'vitest';
import { ConfirmProvider } from './ui/confirm.tsx';
import { ToastProvider } from './ui/toast.tsx';

export interface FakeResponse {
  status?: number;
  body?: unknown;
}

type Handler = FakeResponse | ((request: { url: string; method: string; body: unknown }) => FakeResponse | Promise<FakeResponse>);

/**
 * Replaces fetch at the browser boundary: `'POST /api/auth/login': { status: 401, body: {...} }`.
 * Unknown calls fail the test loudly. Returns the mock, to inspect the calls.
 */
export function stubFetch(handlers: Record<string, Handler>) {
  const mock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
    const method = (init.method ?? 'GET').toUpperCase();
    const path = url.startsWith('http') ? url : url;
    const key = Object.keys(handlers).find((candidate) => {
      const [candidateMethod, candidatePath] = candidate.split(' ');
      return candidateMethod === method && (path === candidatePath || path.split('?')[0] === candidatePath);
    });
    if (!key) throw new Error(`Appel inattendu : ${method} ${url}`);
    const handler = handlers[key]!;
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    const answer = typeof handler === 'function' ? await handler({ url, method, body }) : handler;
    const status = answer.status ?? 200;
    return new Response(status === 204 ? null : JSON.stringify(answer.body ?? {}), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

/** The JSON bodies sent to `METHOD path`. */
export function sentBodies(mock: ReturnType<typeof stubFetch>, method: string, path: string): unknown[] {
  return mock.mock.calls
    .filter(([input, init]) => String(input).split('?')[0] === path && ((init as RequestInit | undefined)?.method ?? 'GET') === method)
    .map(([, init]) => {
      const body = (init as RequestInit | undefined)?.body;
      return typeof body === 'string' ? JSON.parse(body) : body;
    });
}

export function LocationProbe() {
  const location = useLocation();
  return <span data-testid="location">{location.pathname}</span>;
}

/** Renders inside a router (the admin lives under /admin/*) and a fresh query client without retries. */
/** `queryClient`: the application's own (its retries, e.g. offline) instead of one that never retries. */
export function renderWithProviders(ui: ReactNode, { route = '/admin/login', path = '/admin/*', queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } }) } = {}) {
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route
            path={path}
            element={
              <>
                {ui}
                <LocationProbe />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}

/** A tab as the dashboard shows it: at /admin/dashboard (or `route`), with its toasts and confirmation dialog. */
export function renderAdminTab(tab: ReactNode, { route = '/admin/dashboard' } = {}) {
  return renderWithProviders(
    <ToastProvider>
      <ConfirmProvider>{tab}</ConfirmProvider>
    </ToastProvider>,
    { route },
  );
}

/** The account the tests log in as, where the screen needs to know who is logged in (« vous », one's own 2FA). */
export const TEST_ADMIN = { id: 1, email: 'admin@example.org', role: 'admin' as const };

/** After each test of the file: no fetch stub, spy nor stored session left behind. */
export function cleanUpAfterEachTest() {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    localStorage.clear();
  });
}

/**
 * Each test of the file runs logged in (a token in localStorage; with `asTestAdmin`, the user TEST_ADMIN too)
 * and leaves nothing behind.
 */
export function loggedInForEachTest({ asTestAdmin = false } = {}) {
  beforeEach(() => {
    localStorage.setItem('admin_token', 'jeton');
    if (asTestAdmin) localStorage.setItem('admin_user', JSON.stringify(TEST_ADMIN));
  });
  cleanUpAfterEachTest();
}
