import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Reservation } from '@bande/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loggedInForEachTest, renderAdminTab, sentBodies, stubFetch } from '../test-utils.tsx';
import { ReservationsTab } from './reservations-tab.tsx';

vi.setConfig({ testTimeout: 20_000 });
loggedInForEachTest();

// The evening of the performance (it starts at 20:30 Paris time): its no-shows are counted. Only Date
// is faked: the testing library's timers stay real.
const AFTER_THE_START = new Date('2026-12-03T21:00:00.000Z');
const BEFORE_THE_START = new Date('2026-12-03T18:00:00.000Z');
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(AFTER_THE_START);
});
afterEach(() => {
  vi.useRealTimers();
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
  confirmed: 12,
  pending: 3,
  offered: 2,
  waiting: 1,
  checkedIn: 5,
  walkIns: 0,
  noShows: 7,
  beyondCapacity: false,
};
const marie: Reservation = { id: 2, performanceId: 7, firstName: 'Marie', lastName: 'Dupont', email: 'marie@example.org', phone: '06 12 34 56 78', seats: 3, status: 'confirmed', createdAt: '2026-11-20T10:00:00.000Z', checkedInAt: '2026-12-03T19:10:00.000Z', checkedInSeats: 3, source: 'public', beyondCapacity: false };
const jean: Reservation = { ...marie, id: 3, firstName: 'Jean', lastName: 'Martin', email: null, phone: null, seats: 2, status: 'waiting', checkedInAt: null, checkedInSeats: null };

/** A cell by its column (the label a phone's card shows before it). */
const cell = (row: HTMLElement, column: string) => row.querySelector(`td[data-label="${column}"]`);

async function openPeople() {
  const user = userEvent.setup({ delay: null });
  await user.click(await screen.findByRole('button', { name: 'Voir les réservations de Les Misérables, jeudi 3 décembre 2026 - 20h30' }));
  await screen.findByRole('heading', { level: 2, name: 'Les Misérables — jeudi 3 décembre 2026 - 20h30' });
  return user;
}

describe('reservations tab', () => {
  it('shows each performance with its counts and its « Pointer les entrées » button, then its people once chosen', async () => {
    stubFetch({
      'GET /api/reservations/performances': { body: { data: [performance] } },
      'GET /api/reservations': { body: { data: [marie, jean] } },
    });
    renderAdminTab(<ReservationsTab />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Réservations' })).toBeInTheDocument();
    const [, row] = await screen.findAllByRole('row');
    expect(row).toHaveTextContent('12 places');
    expect(row).toHaveTextContent('5 places'); // pending + offered
    expect(row).toHaveTextContent('1 groupe');
    expect(cell(row!, 'Entrées')).toHaveTextContent('5 / 12');
    expect(cell(row!, 'Non venues')).toHaveTextContent('7 places');
    expect(row).toHaveTextContent('40 23 restantes');
    expect(row).not.toHaveTextContent('au-delà de la jauge');
    expect(within(row!).getByRole('button', { name: /^Pointer les entrées de Les Misérables/ })).toBeInTheDocument();

    const user = await openPeople();
    const people = screen.getByRole('region', { name: /Les Misérables —/ });
    const [, marieRow, jeanRow] = within(people).getAllByRole('row');
    expect(marieRow).toHaveTextContent('Marie Dupont');
    expect(marieRow).toHaveTextContent('marie@example.org');
    expect(marieRow).toHaveTextContent('06 12 34 56 78');
    expect(marieRow).toHaveTextContent('Confirmée');
    expect(marieRow).toHaveTextContent('03/12/2026 20:10');
    expect(jeanRow).toHaveTextContent('Liste d’attente');
    await user.click(within(people).getByRole('button', { name: 'Pointer les entrées' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/dashboard/reservations/7/entrees');
  });

  it('takes a booking by phone with the shared rules, says the server’s refusal, and saves', async () => {
    vi.setSystemTime(BEFORE_THE_START);
    let list = [marie];
    let answer: { status: number; body: unknown } = { status: 409, body: { error: 'Impossible : il ne reste que 2 places pour cette représentation.' } };
    const fetch = stubFetch({
      'GET /api/reservations/performances': { body: { data: [performance] } },
      'GET /api/reservations': () => ({ body: { data: list } }),
      'POST /api/performances/7/reservations': () => answer,
    });
    renderAdminTab(<ReservationsTab />);
    const user = await openPeople();
    await user.click(screen.getByRole('button', { name: 'Réservation par téléphone' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    // The form's validation is asynchronous (react-hook-form): under load the field is marked a moment later.
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Prénom' })).toHaveAttribute('aria-invalid', 'true'));
    expect(sentBodies(fetch, 'POST', '/api/performances/7/reservations')).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: 'Prénom' }), 'Jean');
    await user.type(within(dialog).getByRole('textbox', { name: 'Nom' }), 'Martin');
    await user.type(within(dialog).getByRole('textbox', { name: 'Téléphone (facultatif)' }), '06 00 00 00 00');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Nombre de places' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Nombre de places' }), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText('Impossible : il ne reste que 2 places pour cette représentation.')).toBeInTheDocument();
    expect(sentBodies(fetch, 'POST', '/api/performances/7/reservations')).toEqual([{ firstName: 'Jean', lastName: 'Martin', email: null, phone: '06 00 00 00 00', seats: 3 }]);

    answer = { status: 201, body: { data: { ...jean, status: 'confirmed' } } };
    list = [marie, { ...jean, status: 'confirmed' }];
    await user.clear(within(dialog).getByRole('textbox', { name: 'Nombre de places' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Nombre de places' }), '2');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Jean Martin')).toBeInTheDocument();
  });

  it('cancels and deletes a reservation only after a confirmation that says what happens', async () => {
    const fetch = stubFetch({
      'GET /api/reservations/performances': { body: { data: [performance] } },
      'GET /api/reservations': { body: { data: [marie, { ...jean, seats: 1 }] } },
      'POST /api/reservations/2/cancel': { body: { data: { ...marie, status: 'cancelled' } } },
      'DELETE /api/reservations/2': { status: 204 },
    });
    renderAdminTab(<ReservationsTab />);
    const user = await openPeople();
    await user.click(screen.getByRole('button', { name: 'Annuler la réservation de Marie Dupont' }));
    let dialog = screen.getByRole('alertdialog', { name: 'Annuler la réservation ?' });
    expect(dialog).toHaveTextContent('La réservation de Marie Dupont (3 places) sera annulée : elle reste dans la liste, marquée « Annulée », et ses places sont libérées');
    // Two buttons that cannot be confused: no bare « Annuler » next to « Annuler la réservation ».
    expect(within(dialog).getAllByRole('button').map((button) => button.textContent)).toEqual(expect.arrayContaining(['Garder', 'Annuler la réservation']));
    expect(within(dialog).queryByRole('button', { name: 'Annuler' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Garder' }));
    expect(sentBodies(fetch, 'POST', '/api/reservations/2/cancel')).toEqual([]);
    // One seat: said in the singular.
    await user.click(screen.getByRole('button', { name: 'Annuler la réservation de Jean Martin' }));
    dialog = screen.getByRole('alertdialog', { name: 'Annuler la réservation ?' });
    expect(dialog).toHaveTextContent('La réservation de Jean Martin (1 place) sera annulée : elle reste dans la liste, marquée « Annulée », et sa place est libérée pour la première personne de la liste d’attente qui peut la prendre.');
    await user.click(within(dialog).getByRole('button', { name: 'Garder' }));
    await user.click(screen.getByRole('button', { name: 'Annuler la réservation de Marie Dupont' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Annuler la réservation' }));
    await waitFor(() => expect(sentBodies(fetch, 'POST', '/api/reservations/2/cancel')).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: 'Supprimer Marie Dupont' }));
    expect(screen.getByRole('alertdialog')).toHaveTextContent('Supprimer définitivement la réservation de Marie Dupont (3 places) ?');
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(fetch.mock.calls.some(([input, init]) => String(input) === '/api/reservations/2' && (init as RequestInit).method === 'DELETE')).toBe(true));
  });

  it('downloads the performance’s CSV with the token', async () => {
    const fetch = stubFetch({
      'GET /api/reservations/performances': { body: { data: [performance] } },
      'GET /api/reservations': { body: { data: [marie] } },
      'GET /api/reservations.csv': { body: 'csv' },
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:resa'), revokeObjectURL: vi.fn() }));
    const clicks: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this);
    });
    renderAdminTab(<ReservationsTab />);
    const user = await openPeople();
    await user.click(screen.getByRole('button', { name: 'Télécharger le CSV' }));
    await waitFor(() => expect(clicks).toHaveLength(1));
    expect(clicks[0]!.download).toBe('reservations-les-miserables-2026-12-03.csv');
    const csvCall = fetch.mock.calls.find(([input]) => String(input) === '/api/reservations.csv?performanceId=7')!;
    expect(new Headers((csvCall[1] as RequestInit).headers).get('authorization')).toBe('Bearer jeton');
  });

  it('shows walk-ins and partial arrivals: seats arrived of booked, no-shows, « au-delà de la jauge », and a walk-in’s row', async () => {
    const walkIn: Reservation = { ...marie, id: 9, firstName: '', lastName: '', email: null, phone: null, seats: 4, source: 'door', checkedInSeats: 4, beyondCapacity: true, checkedInAt: '2026-12-03T19:40:00.000Z' };
    const partial: Reservation = { ...marie, checkedInSeats: 2 };
    stubFetch({
      'GET /api/reservations/performances': { body: { data: [{ ...performance, capacity: 20, checkedIn: 6, walkIns: 4, noShows: 10, beyondCapacity: true }] } },
      'GET /api/reservations': { body: { data: [partial, walkIn] } },
    });
    renderAdminTab(<ReservationsTab />);
    const [, row] = await screen.findAllByRole('row');
    expect(cell(row!, 'Entrées')).toHaveTextContent('6 / 12dont 4 sans réservation');
    expect(cell(row!, 'Non venues')).toHaveTextContent('10 places');
    // 20 − 12 confirmed − 5 pending or offered − 4 walk-ins.
    expect(cell(row!, 'Jauge')).toHaveTextContent('20 Complet au-delà de la jauge');
    await openPeople();
    const people = screen.getByRole('region', { name: /Les Misérables —/ });
    const [, marieRow, walkInRow] = within(people).getAllByRole('row');
    expect(marieRow).toHaveTextContent('2 / 3 arrivées');
    expect(walkInRow).toHaveTextContent('Sans réservation');
    expect(walkInRow).toHaveTextContent('Entrée sans réservation');
    expect(walkInRow).toHaveTextContent('au-delà de la jauge');
    expect(walkInRow).toHaveTextContent('03/12/2026 20:40');
  });

  it('says « pas encore commencée » rather than counting no-shows before the performance has started', async () => {
    vi.setSystemTime(new Date('2026-12-03T19:00:00.000Z'));
    stubFetch({ 'GET /api/reservations/performances': { body: { data: [{ ...performance, noShows: 0 }] } } });
    renderAdminTab(<ReservationsTab />);
    const [, row] = await screen.findAllByRole('row');
    expect(cell(row!, 'Non venues')).toHaveTextContent('—pas encore commencée');
    expect(cell(row!, 'Non venues')).not.toHaveTextContent('0 place');
  });

  it('offers a phone booking until the performance starts, and its door after', async () => {
    stubFetch({
      'GET /api/reservations/performances': { body: { data: [performance] } },
      'GET /api/reservations': { body: { data: [marie] } },
    });
    vi.setSystemTime(BEFORE_THE_START);
    const { unmount } = renderAdminTab(<ReservationsTab />);
    await openPeople();
    expect(screen.getByRole('button', { name: 'Réservation par téléphone' })).toBeInTheDocument();
    unmount();
    // Started (the server would refuse the booking, 409): the door stays, the phone booking goes.
    vi.setSystemTime(AFTER_THE_START);
    renderAdminTab(<ReservationsTab />);
    await openPeople();
    const people = screen.getByRole('region', { name: /Les Misérables —/ });
    expect(within(people).getByRole('button', { name: 'Pointer les entrées' })).toBeInTheDocument();
    expect(within(people).queryByRole('button', { name: 'Réservation par téléphone' })).not.toBeInTheDocument();
  });
});
