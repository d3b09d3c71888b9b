import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { loggedInForEachTest, renderWithProviders, sentBodies, stubFetch } from '../../test-utils.tsx';
import { createDoorClient, DOOR_STORAGE_KEY } from './door-client.ts';
import DoorPage from './door-page.tsx';

vi.setConfig({ testTimeout: 20_000 });
loggedInForEachTest();
afterEach(() => onlineManager.setOnline(true));

/** The phone's storage, new for each test: a client left from an earlier test must not write into it. */
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

const performance = {
  performanceId: 7,
  showId: 3,
  showName: 'Les Misérables',
  showSlug: 'les-miserables',
  date: '2026-12-03T19:30:00.000Z',
  venueName: 'Médiathèque',
  address: '1 rue des Livres, Lyon',
  capacity: 40,
  confirmed: 7,
  pending: 0,
  offered: 0,
  waiting: 0,
  checkedIn: 2,
};
const party = (id: number, firstName: string, lastName: string, seats: number, extra: object = {}) => ({
  id,
  performanceId: 7,
  firstName,
  lastName,
  email: `${id}@example.org`,
  phone: null,
  seats,
  status: 'confirmed',
  createdAt: '2026-11-20T10:00:00.000Z',
  checkedInAt: null as string | null,
  ...extra,
});
const parties = () => [
  party(1, 'Élodie', 'Léger', 2, { checkedInAt: '2026-12-03T19:05:00.000Z' }),
  party(2, 'Marie', 'Dupont', 3),
  party(3, 'Jean', 'Martin', 2),
  party(4, 'Paul', 'Absent', 4, { status: 'cancelled' }),
];

/** The server's side: its list, changed by each PUT it accepts. */
function doorServer() {
  const list = parties();
  const put = ({ url, body }: { url: string; body: unknown }) => {
    const item = list.find((candidate) => url.endsWith(`/${candidate.id}`))!;
    item.checkedInAt = (body as { checkedIn: boolean }).checkedIn ? '2026-12-03T19:10:00.000Z' : null;
    return { body: { data: item } };
  };
  return { list, put };
}

function renderDoor(client: QueryClient) {
  return renderWithProviders(<DoorPage client={client} />, {
    route: '/admin/dashboard/reservations/7/entrees',
    path: '/admin/dashboard/reservations/:performanceId/entrees',
  });
}

const count = () => screen.getByText(/personnes? entrées? sur/);
const stored = () => JSON.parse(phone.getItem(DOOR_STORAGE_KEY) ?? 'null') as { state: { mutations: { state: { variables: unknown } }[] } } | null;

describe('door screen', () => {
  it('lists the confirmed parties by name with the count of people in and expected, and filters as one types, accents and case aside', async () => {
    const server = doorServer();
    stubFetch({
      'GET /api/reservations/performances': { body: { data: [performance] } },
      'GET /api/reservations': { body: { data: server.list } },
    });
    renderDoor(createDoorClient(phone));
    expect(await screen.findByRole('heading', { level: 1, name: 'Les Misérables' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Pointer les entrées' });
    // Cancelled parties are not expected at the door; the rest sorted by last name.
    expect(within(list).getAllByRole('checkbox').map((box) => box.getAttribute('aria-label'))).toEqual(['Marie Dupont', 'Élodie Léger', 'Jean Martin']);
    expect(screen.getByRole('checkbox', { name: 'Élodie Léger' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Marie Dupont' })).toHaveAccessibleDescription('3 places');
    expect(count()).toHaveTextContent('2 personnes entrées sur 7 attendues');

    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByRole('searchbox', { name: 'Rechercher un nom' }), 'LEGER');
    expect(within(list).getAllByRole('checkbox').map((box) => box.getAttribute('aria-label'))).toEqual(['Élodie Léger']);
    await user.clear(screen.getByRole('searchbox', { name: 'Rechercher un nom' }));
    await user.type(screen.getByRole('searchbox', { name: 'Rechercher un nom' }), 'jean mar');
    expect(screen.getAllByRole('checkbox').map((box) => box.getAttribute('aria-label'))).toEqual(['Jean Martin']);
    await user.type(screen.getByRole('searchbox', { name: 'Rechercher un nom' }), 'z');
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    expect(screen.getByText('Aucun nom ne correspond à « jean marz »')).toBeInTheDocument();
  });

  it('checks a party in with one tap (PUT with the token), and out again', async () => {
    const server = doorServer();
    const fetch = stubFetch({
      'GET /api/reservations/performances': { body: { data: [performance] } },
      'GET /api/reservations': () => ({ body: { data: server.list } }),
      'PUT /api/reservations/2': server.put,
    });
    renderDoor(createDoorClient(phone));
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('checkbox', { name: 'Marie Dupont' }));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Marie Dupont' })).toBeChecked());
    expect(count()).toHaveTextContent('5 personnes entrées sur 7 attendues');
    await waitFor(() => expect(sentBodies(fetch, 'PUT', '/api/reservations/2')).toEqual([{ checkedIn: true }]));
    const put = fetch.mock.calls.find(([input, init]) => String(input) === '/api/reservations/2' && (init as RequestInit).method === 'PUT')!;
    expect(new Headers((put[1] as RequestInit).headers).get('authorization')).toBe('Bearer jeton');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('En ligne'));

    await user.click(screen.getByRole('checkbox', { name: 'Marie Dupont' }));
    await waitFor(() => expect(sentBodies(fetch, 'PUT', '/api/reservations/2')).toEqual([{ checkedIn: true }, { checkedIn: false }]));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Marie Dupont' })).not.toBeChecked());
    expect(server.list[1]!.checkedInAt).toBeNull();
  });

  it('offline: keeps the check-in on the phone, says so, and sends it when the network is back (a first failed try included)', async () => {
    const server = doorServer();
    let putAttempts = 0;
    const fetch = stubFetch({
      'GET /api/reservations/performances': { body: { data: [performance] } },
      'GET /api/reservations': () => ({ body: { data: server.list } }),
      'PUT /api/reservations/3': (request) => {
        putAttempts += 1;
        // The first try back online still meets no network (a weak signal): it is tried again.
        if (putAttempts === 1) throw new TypeError('Failed to fetch');
        return server.put(request);
      },
    });
    renderDoor(createDoorClient(phone));
    const user = userEvent.setup({ delay: null });
    const jean = await screen.findByRole('checkbox', { name: 'Jean Martin' });

    act(() => onlineManager.setOnline(false));
    await user.click(jean);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Hors ligne — 1 pointage en attente'));
    expect(jean).toBeChecked();
    expect(count()).toHaveTextContent('4 personnes entrées sur 7 attendues');
    expect(sentBodies(fetch, 'PUT', '/api/reservations/3')).toEqual([]);
    // Written down on the phone at once.
    await waitFor(() => expect(stored()?.state.mutations.map((m) => m.state.variables)).toEqual([{ id: 3, performanceId: 7, checkedIn: true, name: 'Jean Martin' }]));

    act(() => onlineManager.setOnline(true));
    await waitFor(() => expect(server.list[2]!.checkedInAt).not.toBeNull(), { timeout: 5000 });
    expect(putAttempts).toBe(2);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('En ligne'));
    expect(jean).toBeChecked();
    await waitFor(() => expect(stored()?.state.mutations).toEqual([]));
  });

  it('after a reload offline, the list is still readable from the phone and the unsent check-in leaves once online', async () => {
    const server = doorServer();
    let networkUp = true;
    const fetch = stubFetch({
      'GET /api/reservations/performances': () => {
        if (!networkUp) throw new TypeError('Failed to fetch');
        return { body: { data: [performance] } };
      },
      'GET /api/reservations': () => {
        if (!networkUp) throw new TypeError('Failed to fetch');
        return { body: { data: server.list } };
      },
      'PUT /api/reservations/2': server.put,
    });
    const first = renderDoor(createDoorClient(phone));
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('checkbox', { name: 'Marie Dupont' }));
    await waitFor(() => expect(server.list[1]!.checkedInAt).not.toBeNull());
    act(() => onlineManager.setOnline(false));
    networkUp = false;
    await user.click(screen.getByRole('checkbox', { name: 'Jean Martin' }));
    await waitFor(() => expect(stored()?.state.mutations).toHaveLength(1));
    first.unmount();

    // The page again, from what the phone kept: a new client, the network still down.
    renderDoor(createDoorClient(phone));
    expect(await screen.findByRole('checkbox', { name: 'Jean Martin' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Marie Dupont' })).toBeChecked();
    expect(screen.getByRole('status')).toHaveTextContent('Hors ligne — 1 pointage en attente');
    expect(sentBodies(fetch, 'PUT', '/api/reservations/3')).toEqual([]);

    networkUp = true;
    server.list[2]!.checkedInAt = null;
    const put3 = vi.fn(server.put);
    stubFetch({
      'GET /api/reservations/performances': { body: { data: [performance] } },
      'GET /api/reservations': () => ({ body: { data: server.list } }),
      'PUT /api/reservations/3': put3,
    });
    act(() => onlineManager.setOnline(true));
    await waitFor(() => expect(put3).toHaveBeenCalledTimes(1));
    expect(server.list[2]!.checkedInAt).not.toBeNull();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('En ligne'));
  });

  it('says when the server refuses a check-in for good (a booking deleted meanwhile) and shows the party out again', async () => {
    const server = doorServer();
    stubFetch({
      'GET /api/reservations/performances': { body: { data: [performance] } },
      'GET /api/reservations': () => ({ body: { data: server.list } }),
      'PUT /api/reservations/2': { status: 404, body: { error: 'Réservation introuvable' } },
    });
    renderDoor(createDoorClient(phone));
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('checkbox', { name: 'Marie Dupont' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Pointage de Marie Dupont non enregistré : Réservation introuvable');
    await waitFor(() => expect(count()).toHaveTextContent('2 personnes entrées sur 7 attendues'));
    expect(screen.getByRole('checkbox', { name: 'Marie Dupont' })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Masquer' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('opened offline on a phone that never loaded this list, says so rather than loading forever', async () => {
    const fetch = stubFetch({});
    act(() => onlineManager.setOnline(false));
    renderDoor(createDoorClient(phone));
    expect(await screen.findByText(/la liste de cette représentation n’a pas encore été chargée sur ce téléphone/)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Hors ligne — 0 pointage en attente');
    expect(fetch).not.toHaveBeenCalled();
  });
});
