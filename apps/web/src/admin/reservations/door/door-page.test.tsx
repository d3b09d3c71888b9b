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
  walkIns: 0,
  noShows: 5,
  beyondCapacity: false,
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
  checkedInSeats: null as number | null,
  source: 'public',
  beyondCapacity: false,
  ...extra,
});
const parties = () => [
  party(1, 'Élodie', 'Léger', 2, { checkedInAt: '2026-12-03T19:05:00.000Z', checkedInSeats: 2 }),
  party(2, 'Marie', 'Dupont', 3),
  party(3, 'Jean', 'Martin', 2),
  party(4, 'Paul', 'Absent', 4, { status: 'cancelled' }),
];

/** The server's side: its list, changed by each PUT it accepts (the first tap's moment kept). */
function doorServer() {
  const list = parties();
  const put = ({ url, body }: { url: string; body: unknown }) => {
    const item = list.find((candidate) => url.endsWith(`/${candidate.id}`))!;
    const { checkedIn, seats, tappedAt } = body as { checkedIn: boolean; seats?: number; tappedAt?: string };
    item.checkedInAt = checkedIn ? (item.checkedInAt ?? tappedAt ?? '2026-12-03T19:10:00.000Z') : null;
    item.checkedInSeats = checkedIn ? (seats ?? item.seats) : null;
    return { body: { data: item } };
  };
  return { list, put };
}

/** What the door sends for a check-in: the tap's moment and this phone's id with it. */
const tap = (checkedIn: boolean, seats?: number) => (checkedIn ? { checkedIn, seats, tappedAt: expect.stringMatching(/^2\d{3}-.+Z$/), deviceId: expect.stringMatching(/^[0-9a-f]{32}$/) } : { checkedIn, deviceId: expect.stringMatching(/^[0-9a-f]{32}$/) });
const connection = () => screen.getByRole('status');

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
    await waitFor(() => expect(sentBodies(fetch, 'PUT', '/api/reservations/2')).toEqual([tap(true, 3)]));
    const put = fetch.mock.calls.find(([input, init]) => String(input) === '/api/reservations/2' && (init as RequestInit).method === 'PUT')!;
    expect(new Headers((put[1] as RequestInit).headers).get('authorization')).toBe('Bearer jeton');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(/^En ligne · liste lue à \d{1,2} h \d{2}$/));

    await user.click(screen.getByRole('checkbox', { name: 'Marie Dupont' }));
    await waitFor(() => expect(sentBodies(fetch, 'PUT', '/api/reservations/2')).toEqual([tap(true, 3), tap(false)]));
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
    await waitFor(() => expect(stored()?.state.mutations.map((m) => m.state.variables)).toEqual([{ id: 3, performanceId: 7, name: 'Jean Martin', ...tap(true, 2) }]));

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
  it('sends the moment of the tap, not of the sync, for a check-in made offline', async () => {
    const server = doorServer();
    const fetch = stubFetch({
      'GET /api/reservations/performances': { body: { data: [performance] } },
      'GET /api/reservations': () => ({ body: { data: server.list } }),
      'PUT /api/reservations/3': server.put,
    });
    renderDoor(createDoorClient(phone));
    const user = userEvent.setup({ delay: null });
    const jean = await screen.findByRole('checkbox', { name: 'Jean Martin' });
    act(() => onlineManager.setOnline(false));
    const before = Date.now();
    await user.click(jean);
    const after = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 60));
    const back = Date.now();
    act(() => onlineManager.setOnline(true));
    await waitFor(() => expect(sentBodies(fetch, 'PUT', '/api/reservations/3')).toHaveLength(1));
    const sent = Date.parse((sentBodies(fetch, 'PUT', '/api/reservations/3')[0] as { tappedAt: string }).tappedAt);
    expect(sent).toBeGreaterThanOrEqual(before);
    expect(sent).toBeLessThanOrEqual(after);
    expect(sent).toBeLessThan(back);
  });

  it('a party arrives in parts: « 3 / 3 » once in, − and + set how many came (sent as seats)', async () => {
    const server = doorServer();
    const fetch = stubFetch({
      'GET /api/reservations/performances': { body: { data: [performance] } },
      'GET /api/reservations': () => ({ body: { data: server.list } }),
      'PUT /api/reservations/2': server.put,
    });
    renderDoor(createDoorClient(phone));
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByRole('checkbox', { name: 'Marie Dupont' })).toHaveAccessibleDescription('3 places');
    expect(screen.queryByRole('button', { name: 'Une personne de moins pour Marie Dupont' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Marie Dupont' }));
    const fewer = await screen.findByRole('button', { name: 'Une personne de moins pour Marie Dupont' });
    expect(screen.getByRole('button', { name: 'Une personne de plus pour Marie Dupont' })).toBeDisabled();
    expect(screen.getByRole('group', { name: 'Personnes arrivées de Marie Dupont' })).toHaveTextContent('3 personnes arrivées sur 3');
    await waitFor(() => expect(sentBodies(fetch, 'PUT', '/api/reservations/2')).toHaveLength(1));
    await user.click(fewer);
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Marie Dupont' })).toHaveAccessibleDescription('2 personnes arrivées sur 3'));
    expect(screen.getByText('2 / 3')).toBeInTheDocument();
    expect(count()).toHaveTextContent('4 personnes entrées sur 7 attendues');
    await waitFor(() => expect(sentBodies(fetch, 'PUT', '/api/reservations/2')).toEqual([tap(true, 3), tap(true, 2)]));
    await waitFor(() => expect(server.list[1]!.checkedInSeats).toBe(2));
    await user.click(fewer);
    expect(await screen.findByRole('button', { name: 'Une personne de moins pour Marie Dupont' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Une personne de plus pour Marie Dupont' }));
    await waitFor(() => expect(sentBodies(fetch, 'PUT', '/api/reservations/2')).toEqual([tap(true, 3), tap(true, 2), tap(true, 1), tap(true, 2)]));
    // Only parties that are in have a count to set: Élodie's and Marie's, not Jean's.
    expect(screen.getAllByRole('group').map((group) => group.getAttribute('aria-label'))).toEqual(['Personnes arrivées de Marie Dupont', "Personnes arrivées d'Élodie Léger"]);
  });

  it('« Ajouter à l’entrée » records a walk-in with a nonce, counts it at once, offline too, and replays it with the same nonce', async () => {
    const server = doorServer();
    let attempts = 0;
    const fetch = stubFetch({
      'GET /api/reservations/performances': { body: { data: [{ ...performance, capacity: 6 }] } },
      'GET /api/reservations': () => ({ body: { data: server.list } }),
      'POST /api/performances/7/walk-ins': ({ body }) => {
        attempts += 1;
        // The first try after the network came back is lost on the way.
        if (attempts === 1) throw new TypeError('Failed to fetch');
        const { seats, name, tappedAt } = body as { seats: number; name: string; tappedAt: string };
        const row = party(90, '', name, seats, { source: 'door', checkedInAt: tappedAt, checkedInSeats: seats, email: null });
        server.list.push(row);
        return { status: 201, body: { data: row } };
      },
    });
    renderDoor(createDoorClient(phone));
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('checkbox', { name: 'Marie Dupont' });
    const open = screen.getByRole('button', { name: 'Ajouter à l’entrée' });
    expect(open).toHaveAttribute('aria-expanded', 'false');
    await user.click(open);
    expect(open).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('textbox', { name: 'Nom (facultatif)' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(open).toHaveAttribute('aria-expanded', 'false');
    expect(open).toHaveFocus();
    await user.click(open);
    const seats = screen.getByRole('spinbutton', { name: 'Nombre de personnes' });
    await user.clear(seats);
    await user.type(seats, '0');
    await user.click(screen.getByRole('button', { name: 'Ajouter' }));
    expect(seats).toHaveAttribute('aria-invalid', 'true');
    expect(seats).toHaveAccessibleDescription('Indiquez un nombre de personnes entre 1 et 100.');
    expect(seats).toHaveFocus();

    act(() => onlineManager.setOnline(false));
    await user.clear(seats);
    await user.type(seats, '5');
    await user.type(screen.getByRole('textbox', { name: 'Nom (facultatif)' }), 'Famille Roux');
    await user.click(screen.getByRole('button', { name: 'Ajouter' }));
    expect(screen.getByText('5 personnes ajoutées à l’entrée')).toBeInTheDocument();
    expect(open).toHaveFocus();
    expect(count()).toHaveTextContent('7 personnes entrées sur 7 attendues');
    expect(screen.getByText(/Sans réservation/)).toHaveTextContent('Sans réservation : 5 personnes');
    // Beyond the capacity of 6: recorded all the same, and said.
    expect(screen.getByText(/Au-delà de la jauge/)).toHaveTextContent('Au-delà de la jauge (6 places)');
    expect(connection()).toHaveTextContent('Hors ligne — 1 pointage en attente');
    await waitFor(() => expect(stored()?.state.mutations.map((m) => m.state.variables)).toEqual([expect.objectContaining({ performanceId: 7, name: 'Famille Roux', seats: 5 })]));
    expect(sentBodies(fetch, 'POST', '/api/performances/7/walk-ins')).toEqual([]);

    act(() => onlineManager.setOnline(true));
    await waitFor(() => expect(server.list.some((row) => row.source === 'door')).toBe(true), { timeout: 5000 });
    const [lost, replayed] = sentBodies(fetch, 'POST', '/api/performances/7/walk-ins') as { nonce: string }[];
    expect(lost).toEqual({ nonce: expect.stringMatching(/^[0-9a-f]{32}$/), name: 'Famille Roux', seats: 5, tappedAt: expect.any(String), deviceId: expect.stringMatching(/^[0-9a-f]{32}$/) });
    expect(replayed).toEqual(lost);
    await waitFor(() => expect(connection()).toHaveTextContent('En ligne'));
    // Counted once: the server's row, no longer the queued one.
    expect(count()).toHaveTextContent('7 personnes entrées sur 7 attendues');
    expect(screen.queryByRole('checkbox', { name: /Famille Roux/ })).not.toBeInTheDocument();
  });

  it('says when another phone had checked the party in first, at its time in Paris, and keeps the door’s own title', async () => {
    const server = doorServer();
    stubFetch({
      'GET /api/reservations/performances': { body: { data: [performance] } },
      'GET /api/reservations': () => ({ body: { data: server.list } }),
      'PUT /api/reservations/2': (request) => ({ body: { ...server.put(request).body, otherDevice: { checkedInAt: '2026-12-03T19:02:00.000Z' } } }),
    });
    document.title = 'La Bande à Lire — lectures théâtrales';
    const view = renderDoor(createDoorClient(phone));
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('checkbox', { name: 'Marie Dupont' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Marie Dupont : déjà pointé à 20 h 02 sur un autre appareil');
    expect(screen.getByRole('alert').textContent).toContain('20\u00a0h\u00a002');
    expect(screen.getByRole('checkbox', { name: 'Marie Dupont' })).toBeChecked();
    expect(document.title).toBe('Pointer les entrées — Les Misérables');
    await user.click(screen.getByRole('button', { name: 'Masquer' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    view.unmount();
    expect(document.title).toBe('La Bande à Lire — lectures théâtrales');
  });

  it('a phone whose clock is wrong does not lose the arrival: the refused tap time is dropped and the check-in sent again', async () => {
    const server = doorServer();
    let tries = 0;
    const fetch = stubFetch({
      'GET /api/reservations/performances': { body: { data: [performance] } },
      'GET /api/reservations': () => ({ body: { data: server.list } }),
      'PUT /api/reservations/3': (request) => {
        tries += 1;
        if ((request.body as { tappedAt?: string }).tappedAt) return { status: 400, body: { error: 'L’heure du pointage est dans le futur : vérifiez l’heure du téléphone.' } };
        return server.put(request);
      },
    });
    renderDoor(createDoorClient(phone));
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('checkbox', { name: 'Jean Martin' }));
    await waitFor(() => expect(server.list[2]!.checkedInAt).not.toBeNull());
    expect(sentBodies(fetch, 'PUT', '/api/reservations/3')).toEqual([tap(true, 2), { checkedIn: true, seats: 2, deviceId: expect.stringMatching(/^[0-9a-f]{32}$/) }]);
    expect(tries).toBe(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Jean Martin' })).toBeChecked();
  });
});
