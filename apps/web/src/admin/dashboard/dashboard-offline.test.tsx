import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { onlineManager } from '@tanstack/react-query';
import type { ReservationPerformance } from '@bande/shared';
import { cleanUpAfterEachTest, renderWithProviders, stubFetch } from '../test-utils.tsx';
import { adminTexts } from '../admin-texts.ts';
import { doorClient, doorPerformancesKey } from '../reservations/door/door-client.ts';
import { createQueryClient } from '../../app/query-client.ts';
import DashboardPage from './dashboard-page.tsx';

vi.setConfig({ testTimeout: 20_000 });
cleanUpAfterEachTest();
// The texts hold no-break spaces (French typography), which the default normaliser would turn into spaces.
const exact = { normalizer: (text: string) => text.trim() };
afterEach(() => {
  onlineManager.setOnline(true);
  doorClient().clear();
});

const performance: ReservationPerformance = {
  performanceId: 4,
  showId: 2,
  showName: 'Lecture dans la cave',
  date: '2026-12-01T19:00:00.000Z',
  venueName: 'La Cave',
  address: '1 rue de la Cave, 37000 Tours',
  capacity: 20,
  confirmed: 3,
  pending: 0,
  offered: 0,
  waiting: 0,
  checkedIn: 0,
  noShows: 0,
  walkIns: 0,
  beyondCapacity: false,
} as unknown as ReservationPerformance;

function signedInSecretaryOnReservations() {
  localStorage.setItem('admin_token', 'jeton');
  localStorage.setItem('admin_user', JSON.stringify({ id: 7, email: 'lea@example.org', role: 'secretary' }));
  localStorage.setItem('admin_active_tab', 'reservations');
}

describe('the dashboard without network (issue 32: back from the door in a cellar)', () => {
  it('trusts the stored session, says it is offline and shows the door’s copy of the performances, not « Chargement… »', async () => {
    signedInSecretaryOnReservations();
    doorClient().setQueryData(doorPerformancesKey, [performance]);
    // Every request fails as with no network; TanStack is told the browser is offline.
    const fetch = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', fetch);
    onlineManager.setOnline(false);
    renderWithProviders(<DashboardPage />, { route: '/admin/dashboard', queryClient: createQueryClient() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Réservations' })).toBeInTheDocument();
    expect(screen.getByText(adminTexts.offline.banner, exact)).toBeInTheDocument();
    expect(await screen.findByText('Lecture dans la cave')).toBeInTheDocument();
    expect(screen.queryByText('Chargement…')).toBeNull();
    // Still signed in: an offline failure is not a session refused by the server.
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/dashboard');
    expect(localStorage.getItem('admin_token')).toBe('jeton');
  });

  it('with no copy on the phone, the list says it will come with the network', async () => {
    signedInSecretaryOnReservations();
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    onlineManager.setOnline(false);
    renderWithProviders(<DashboardPage />, { route: '/admin/dashboard', queryClient: createQueryClient() });
    expect(await screen.findByText(adminTexts.offline.listNotKept, exact)).toBeInTheDocument();
  });

  it('the network back, a session the server ended meanwhile is refused at once', async () => {
    signedInSecretaryOnReservations();
    onlineManager.setOnline(false);
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    renderWithProviders(<DashboardPage />, { route: '/admin/dashboard', queryClient: createQueryClient() });
    expect(await screen.findByText(adminTexts.offline.banner, exact)).toBeInTheDocument();
    const back = stubFetch({
      'GET /api/shows': { status: 401, body: { error: 'Session expirée' } },
      'GET /api/auth/me': { status: 401, body: { error: 'Session expirée' } },
      'GET /api/reservations/performances': { status: 401, body: { error: 'Session expirée' } },
      'GET /api/messages/summary': { status: 401, body: { error: 'Session expirée' } },
      'GET /api/legal': { status: 401, body: { error: 'Session expirée' } },
    });
    act(() => onlineManager.setOnline(true));
    // The check made at last, refused: the session is cleared (the route guard then shows the login page).
    await vi.waitFor(() => expect(localStorage.getItem('admin_token')).toBeNull(), { timeout: 10_000 });
    expect(back).toHaveBeenCalledWith('/api/shows', expect.anything());
  });
});
