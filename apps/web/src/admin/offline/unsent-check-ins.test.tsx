import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { EMPTY_LEGAL_SETTINGS } from '@bande/shared';
import { loggedInForEachTest, renderWithProviders, sentBodies, stubFetch } from '../test-utils.tsx';
import { CHECK_IN_KEY, createDoorClient, doorClient, DOOR_STORAGE_KEY, WALK_IN_KEY, type CheckInVariables, type WalkInVariables } from '../reservations/door/door-client.ts';
import DashboardPage from '../dashboard/dashboard-page.tsx';
import { CheckInQueue, NETWORK_RECHECK_MS } from './unsent-check-ins.tsx';

vi.setConfig({ testTimeout: 20_000 });
loggedInForEachTest();
afterEach(() => onlineManager.setOnline(true));

/** The phone's storage, new for each test. */
let phone: Storage;
beforeEach(() => {
  const items = new Map<string, string>();
  phone = {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
});

const party = (id: number) => ({ id, performanceId: 7, firstName: 'Marie', lastName: `Dupont ${id}`, email: `${id}@example.org`, phone: null, seats: 2, status: 'confirmed', createdAt: '2026-11-20T10:00:00.000Z', checkedInAt: '2026-12-03T19:10:00.000Z' });

const TAPPED_AT = '2026-12-03T19:02:58.000Z';
const sentCheckIn = { checkedIn: true, tappedAt: TAPPED_AT, deviceId: 'telephone-1' };

/** Taps at the door, offline: the door's own queue entries (whatever the door puts in them), paused. */
async function tapOffline(client: QueryClient, ids: number[]) {
  onlineManager.setOnline(false);
  for (const id of ids) {
    const variables: CheckInVariables = { id, performanceId: 7, checkedIn: true, tappedAt: TAPPED_AT, deviceId: 'telephone-1', name: `Marie Dupont ${id}` };
    void client.getMutationCache().build(client, { mutationKey: CHECK_IN_KEY, scope: { id: `check-in-${id}` } }).execute(variables).catch(() => undefined);
  }
  // Written to the phone's storage a microtask later.
  await act(async () => {});
}

const putServer = () => ({ 'POST /api/performances/7/walk-ins': { status: 201, body: { data: { ...party(9), firstName: 'Sans réservation', lastName: '' } } }, 'PUT /api/reservations/1': { body: { data: party(1) } }, 'PUT /api/reservations/2': { body: { data: party(2) } }, 'PUT /api/reservations/3': { body: { data: party(3) } } });

describe('check-ins waiting to be sent, from any backoffice page', () => {
  it('a page other than the door shows how many wait and sends them when the network is back', async () => {
    const first = createDoorClient(phone);
    await tapOffline(first, [1, 2]);
    // A walk-in too: the queue's entries are whatever the door queues, counted and sent alike.
    const walkIn: WalkInVariables = { nonce: 'n-1', performanceId: 7, name: 'Sans réservation', seats: 2, tappedAt: TAPPED_AT, deviceId: 'telephone-1' };
    void first.getMutationCache().build(first, { mutationKey: WALK_IN_KEY }).execute(walkIn).catch(() => undefined);
    await act(async () => {});
    // The door was closed (a reload, another page): what it left is read from the phone's storage.
    const fetchMock = stubFetch(putServer());
    const client = createDoorClient(phone);
    renderWithProviders(<CheckInQueue client={client} />, { route: '/admin/dashboard' });
    expect(screen.getByRole('status')).toHaveTextContent('3 entrées pointées en attente d’envoi');
    expect(fetchMock).not.toHaveBeenCalled();

    act(() => onlineManager.setOnline(true));
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(sentBodies(fetchMock, 'PUT', '/api/reservations/1')).toEqual([sentCheckIn]);
    expect(sentBodies(fetchMock, 'PUT', '/api/reservations/2')).toEqual([sentCheckIn]);
    expect(sentBodies(fetchMock, 'POST', '/api/performances/7/walk-ins')).toEqual([{ nonce: 'n-1', name: 'Sans réservation', seats: 2, tappedAt: TAPPED_AT, deviceId: 'telephone-1' }]);
    await waitFor(() => expect(JSON.parse(phone.getItem(DOOR_STORAGE_KEY)!).state.mutations).toEqual([]));
  });

  it('sends them when the network is back even if the browser sends no `online` event: its state is read again while some wait', async () => {
    const first = createDoorClient(phone);
    await tapOffline(first, [1]);
    const fetchMock = stubFetch(putServer());
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      renderWithProviders(<CheckInQueue client={createDoorClient(phone)} />, { route: '/admin/dashboard' });
      expect(screen.getByRole('status')).toHaveTextContent('1 entrée pointée en attente d’envoi');
      act(() => vi.advanceTimersByTime(NETWORK_RECHECK_MS));
      expect(fetchMock).not.toHaveBeenCalled();
      // The network is back, silently (no event): the next look sends.
      onLine.mockReturnValue(true);
      act(() => vi.advanceTimersByTime(NETWORK_RECHECK_MS));
    } finally {
      vi.useRealTimers();
      onLine.mockRestore();
    }
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
    expect(sentBodies(fetchMock, 'PUT', '/api/reservations/1')).toEqual([sentCheckIn]);
  });

  it('sends them at once when the page opens online, and says « 1 entrée » for one', async () => {
    await tapOffline(createDoorClient(phone), [3]);
    const client = createDoorClient(phone);
    onlineManager.setOnline(true);
    const fetchMock = stubFetch(putServer());
    renderWithProviders(<CheckInQueue client={client} />, { route: '/admin/login' });
    expect(screen.getByRole('status')).toHaveTextContent(/^1 entrée pointée en attente d’envoi$/);
    await waitFor(() => expect(sentBodies(fetchMock, 'PUT', '/api/reservations/3')).toEqual([sentCheckIn]));
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
  });

  it('the door screen says it itself: nothing more is shown there', async () => {
    const client = createDoorClient(phone);
    await tapOffline(client, [1]);
    renderWithProviders(<CheckInQueue client={client} quiet />, { route: '/admin/dashboard' });
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('« Déconnexion » with check-ins not sent', () => {
  const dashboardServer = () => ({
    'GET /api/shows': { body: { data: [] } },
    'GET /api/messages/summary': { body: { new: 0 } },
    'GET /api/legal': { body: EMPTY_LEGAL_SETTINGS },
    'POST /api/auth/logout': { status: 204 },
    ...putServer(),
  });
  const renderDashboard = () =>
    renderWithProviders(
      <>
        <CheckInQueue />
        <DashboardPage />
      </>,
      { route: '/admin/dashboard' },
    );
  const logoutButton = () => screen.getAllByRole('button', { name: 'Déconnexion' })[0]!;

  it('asks first; « Les envoyer d’abord » offline stays logged in, and logs out once they reached the server', async () => {
    const fetchMock = stubFetch(dashboardServer());
    await tapOffline(doorClient(), [1]);
    const user = userEvent.setup({ delay: null });
    renderDashboard();

    await user.click(logoutButton());
    const question = screen.getByRole('alertdialog', { name: 'Entrées pointées non envoyées' });
    expect(question).toHaveTextContent('1 entrée pointée hors ligne n’est pas encore envoyée.');
    // Singular for one, a no-break space before the colon (toHaveTextContent would read it as a space).
    expect(question.textContent).toContain('Le téléphone est hors ligne\u00a0: elle partira au retour du réseau, et la déconnexion suivra son envoi.');
    await user.click(within(question).getByRole('button', { name: 'L’envoyer d’abord' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/dashboard');
    expect(screen.getByText('Déconnexion après l’envoi de 1 entrée pointée')).toBeInTheDocument();
    expect(localStorage.getItem('admin_token')).toBe('jeton');

    act(() => onlineManager.setOnline(true));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/login'));
    expect(sentBodies(fetchMock, 'PUT', '/api/reservations/1')).toEqual([sentCheckIn]);
    // Sent with the session it was tapped in, before the logout.
    const put = fetchMock.mock.calls.findIndex(([input]) => String(input) === '/api/reservations/1');
    const logout = fetchMock.mock.calls.findIndex(([input]) => String(input) === '/api/auth/logout');
    expect(put).toBeGreaterThanOrEqual(0);
    expect(logout).toBeGreaterThan(put);
  });

  it('Escape stays logged in with the check-ins kept; « Se déconnecter sans les envoyer » drops them, said beforehand', async () => {
    const fetchMock = stubFetch(dashboardServer());
    await tapOffline(doorClient(), [1, 2, 3]);
    const user = userEvent.setup({ delay: null });
    renderDashboard();

    await user.click(logoutButton());
    expect(screen.getByRole('alertdialog')).toHaveTextContent('3 entrées pointées hors ligne ne sont pas encore envoyées.');
    expect(screen.getByRole('button', { name: 'Les envoyer d’abord' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/dashboard');
    expect(doorClient().isMutating()).toBe(3);

    await user.click(logoutButton());
    await user.click(screen.getByRole('button', { name: 'Se déconnecter sans les envoyer' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/login'));
    expect(doorClient().isMutating()).toBe(0);
    await waitFor(() => expect(localStorage.getItem(DOOR_STORAGE_KEY)).toBeNull());
    act(() => onlineManager.setOnline(true));
    await act(async () => {});
    expect(sentBodies(fetchMock, 'PUT', '/api/reservations/1')).toEqual([]);
  });

  it('with nothing waiting, logs out at once', async () => {
    stubFetch(dashboardServer());
    const user = userEvent.setup({ delay: null });
    renderDashboard();
    await user.click(logoutButton());
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/login'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
