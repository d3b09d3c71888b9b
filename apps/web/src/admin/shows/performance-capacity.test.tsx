import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { reservationTexts } from '@bande/shared';
import { ToastProvider } from '../ui/toast.tsx';
import { renderWithProviders, sentBodies, stubFetch } from '../test-utils.tsx';
import { ShowFormModal } from './show-form.tsx';
import { VenueFormModal } from '../venues/venue-form.tsx';
import { draftShow } from '../../test/show-fixtures.ts';

vi.setConfig({ testTimeout: 20_000 });

const show = {
  ...draftShow({ name: 'Les Misérables', pitch: 'Un pitch.', note: 'Une note.' }),
  performances: [{ id: 41, date: '2026-03-03T19:30:00.000Z', address: '1 place Bellecour, Lyon', venueName: 'Salle Rameau', bookingLink: null, capacity: 30 }],
};
const venues = [
  { id: 5, name: 'Médiathèque Lucie-Aubrac', address: '12 rue des Lilas, 69003 Lyon', defaultCapacity: 80 },
  { id: 6, name: 'Café des Arts', address: '3 quai Rambaud, Lyon', defaultCapacity: null },
];

const stubServer = () =>
  stubFetch({
    'GET /api/shows/12': { body: { data: show } },
    'GET /api/members': { body: { data: [] } },
    'GET /api/venues': { body: venues },
    'GET /api/site': { body: { addressSearchUrl: '' } },
    'PUT /api/shows/12': { body: { data: show } },
    'POST /api/venues': { status: 201, body: { data: venues[0] } },
  });

const renderShowDialog = () =>
  renderWithProviders(
    <ToastProvider>
      <ShowFormModal showId={12} onClose={() => {}} />
    </ToastProvider>,
    { route: '/admin/dashboard' },
  );

beforeEach(() => localStorage.setItem('admin_token', 'jeton'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

const row = (n: number) => screen.getByRole('group', { name: `Représentation ${n}` });

describe('« Places » of a performance and the default capacity of a venue', () => {
  it('shows the saved capacity, sends each saved performance back with its id, and a new one without', async () => {
    const fetch = stubServer();
    const user = userEvent.setup({ delay: null });
    renderShowDialog();
    const places = await within(await screen.findByRole('group', { name: 'Représentation 1' })).findByLabelText(/^Places/);
    expect(places).toHaveValue('30');
    await user.click(screen.getByRole('button', { name: 'Ajouter une représentation' }));
    // Picking a venue with a default capacity fills an empty « Places »…
    await user.selectOptions(within(row(2)).getByLabelText(/^Lieu enregistré/), 'Médiathèque Lucie-Aubrac');
    expect(within(row(2)).getByLabelText(/^Places/)).toHaveValue('80');
    await user.type(within(row(2)).getByLabelText(/^Date et heure/), '2026-04-10T20:00');
    // …but never replaces one typed, nor one the venue does not have.
    await user.clear(within(row(1)).getByLabelText(/^Places/));
    await user.type(within(row(1)).getByLabelText(/^Places/), '25');
    await user.selectOptions(within(row(1)).getByLabelText(/^Lieu enregistré/), 'Médiathèque Lucie-Aubrac');
    expect(within(row(1)).getByLabelText(/^Places/)).toHaveValue('25');

    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(sentBodies(fetch, 'PUT', '/api/shows/12')).toHaveLength(1));
    const [body] = sentBodies(fetch, 'PUT', '/api/shows/12') as [{ performances: Record<string, unknown>[] }];
    expect(body.performances).toEqual([
      { id: 41, date: '2026-03-03T19:30:00.000Z', address: '12 rue des Lilas, 69003 Lyon', venueName: 'Médiathèque Lucie-Aubrac', bookingLink: null, capacity: 25 },
      { date: '2026-04-10T18:00:00.000Z', address: '12 rue des Lilas, 69003 Lyon', venueName: 'Médiathèque Lucie-Aubrac', bookingLink: null, capacity: 80 },
    ]);
  });

  it('refuses a capacity out of 1–10000, or beside a booking link, in French under « Places », and sends nothing', async () => {
    const fetch = stubServer();
    const user = userEvent.setup({ delay: null });
    renderShowDialog();
    const places = await within(await screen.findByRole('group', { name: 'Représentation 1' })).findByLabelText(/^Places/);
    const link = within(row(1)).getByLabelText(/^Lien de réservation/);
    for (const [typed, bookingLink, message] of [
      ['0', '', reservationTexts.capacityInvalid],
      ['10001', '', reservationTexts.capacityInvalid],
      ['12,5', '', reservationTexts.capacityInvalid],
      ['douze', '', reservationTexts.capacityInvalid],
      ['30', 'https://billets.example.org', reservationTexts.capacityWithBookingLink],
    ] as const) {
      await user.clear(places);
      await user.type(places, typed);
      await user.clear(link);
      if (bookingLink) await user.type(link, bookingLink);
      await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
      await waitFor(() => expect(places, typed).toHaveAccessibleDescription(expect.stringContaining(message)));
      expect(places).toHaveAttribute('aria-invalid', 'true');
    }
    expect(sentBodies(fetch, 'PUT', '/api/shows/12')).toEqual([]);
    // Emptied, « Places » is no reservations on the site: the show saves, capacity null.
    await user.clear(places);
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(sentBodies(fetch, 'PUT', '/api/shows/12')).toHaveLength(1));
    expect((sentBodies(fetch, 'PUT', '/api/shows/12')[0] as { performances: unknown[] }).performances[0]).toMatchObject({ id: 41, capacity: null, bookingLink: 'https://billets.example.org' });
  });

  it('the venue form sends « Capacité par défaut » as a number, empty as null, and refuses 0 in French', async () => {
    const fetch = stubServer();
    const user = userEvent.setup({ delay: null });
    renderWithProviders(
      <ToastProvider>
        <VenueFormModal venueId={null} onClose={() => {}} />
      </ToastProvider>,
      { route: '/admin/dashboard' },
    );
    await user.type(await screen.findByLabelText(/^Nom du lieu/), 'Médiathèque Lucie-Aubrac');
    await user.type(screen.getByLabelText(/^Adresse/), '12 rue des Lilas, 69003 Lyon');
    const capacity = screen.getByLabelText(/^Capacité par défaut/);
    await user.type(capacity, '0');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(capacity).toHaveAccessibleDescription(expect.stringContaining(reservationTexts.capacityInvalid)));
    expect(sentBodies(fetch, 'POST', '/api/venues')).toEqual([]);
    await user.clear(capacity);
    await user.type(capacity, '80');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(sentBodies(fetch, 'POST', '/api/venues')).toHaveLength(1));
    expect(sentBodies(fetch, 'POST', '/api/venues')[0]).toEqual({ name: 'Médiathèque Lucie-Aubrac', address: '12 rue des Lilas, 69003 Lyon', defaultCapacity: 80 });
  });
});
