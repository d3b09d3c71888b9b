import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Bilan } from '@bande/shared/schemas/bilan';
import { renderWithProviders, stubFetch } from '../test-utils.tsx';
import { BilanTab } from './bilan-tab.tsx';
import { seasonOf } from './season.ts';

vi.setConfig({ testTimeout: 20_000 });

const performance = {
  performanceId: 7,
  showId: 1,
  showName: 'Les Fourberies',
  date: '2026-02-10T19:30:00.000Z',
  venueName: 'Salle des fêtes',
  town: 'Tours',
  capacity: 1200,
  showPageViews: 1534,
  dialogsOpened: 40,
  seatsBooked: 1100,
  seatsConfirmed: 1050,
  seatsArrived: 1002,
  walkIns: 5,
  noShows: 53,
  fillRate: 0.835,
  waitingPeak: 6,
  offersTaken: 4,
  offersLapsed: 1,
};

export const bilan: Bilan = {
  from: '2025-09-01',
  to: '2026-08-31',
  audience: {
    pageViews: 12345,
    visitors: 4321,
    perDay: [
      { day: '2025-09-01', pageViews: 10, visitors: 4 },
      { day: '2025-09-02', pageViews: 2000, visitors: 700 },
    ],
    topPages: [{ path: '/show/les-fourberies', pageViews: 1534 }],
    referrers: [{ domain: 'www.facebook.com', pageViews: 320 }],
    campaigns: [],
    devices: { phone: 1, tablet: 0, computer: 2 },
  },
  performances: [performance],
  newsletter: {
    subscribersPerDay: [
      { day: '2025-09-01', subscribers: 1500 },
      { day: '2025-09-02', subscribers: 1502 },
    ],
    newSubscribers: 2,
    letters: [{ id: 3, subject: 'Lettre d’octobre', sentAt: '2025-10-01T08:05:00.000Z', sent: 1480, unsubscribes: 3 }],
  },
  totals: { performances: 1, shows: 1, venues: 1, towns: ['Tours'], spectators: 1002, seatsBooked: 1100, averageFillRate: 0.835, newSubscribers: 2, lettersSent: 1 },
};

beforeEach(() => localStorage.setItem('admin_token', 'jeton'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('« Bilan » tab', () => {
  it('asks for this season and shows French figures, each chart with its table', async () => {
    const fetch = stubFetch({ 'GET /api/bilan': { body: { data: bilan } } });
    renderWithProviders(<BilanTab />, { route: '/admin/dashboard' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Bilan' })).toBeInTheDocument();
    const season = seasonOf(new Date());
    expect(String(fetch.mock.calls[0]![0])).toBe(`/api/bilan?from=${season.from}&to=${season.to}`);
    const summary = await screen.findByLabelText('Chiffres clés de la période');
    expect(summary).toHaveTextContent(/Pages vues12\s345/); // French thousands separator
    expect(summary).toHaveTextContent(/Remplissage moyen83,5\s%/);
    for (const title of ['Visites par jour', 'Pages les plus vues', 'Sites d’origine', 'Du site à la salle', 'Fréquentation par représentation', 'Abonnés confirmés', 'Lettres envoyées']) {
      const figure = screen.getByRole('figure', { name: title });
      expect(within(figure).getByRole('table', { hidden: true })).toBeInTheDocument();
    }
    const attendance = within(screen.getByRole('figure', { name: 'Fréquentation par représentation' })).getByRole('table');
    const row = within(attendance).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('Les Fourberies — 10 févr. 2026, 20:30');
    expect(row).toHaveTextContent(/1\s050/);
    expect(row).toHaveTextContent('Salle des fêtes, Tours');
    // The waiting list's history: six parties at most, four offers taken, one lapsed.
    const head = within(attendance).getAllByRole('columnheader').map((h) => h.textContent);
    const cells = within(row).getAllByRole('cell').map((c) => c.textContent);
    expect(head.slice(-2)).toEqual(['Liste d’attente (au plus)', 'Offres acceptées / expirées']);
    expect(cells.slice(-2)).toEqual(['6', '4 / 1']);
    expect(screen.getByRole('figure', { name: 'Lettres envoyées' })).toHaveTextContent('1 oct. 2025');
  });

  it('asks for the chosen dates, and says in French when they are in the wrong order', async () => {
    const fetch = stubFetch({ 'GET /api/bilan': { body: { data: bilan } } });
    renderWithProviders(<BilanTab />, { route: '/admin/dashboard' });
    await screen.findByLabelText('Chiffres clés de la période');
    await userEvent.click(screen.getByRole('radio', { name: 'Dates choisies' }));
    const from = screen.getByLabelText('Du');
    const to = screen.getByLabelText('Au');
    await userEvent.type(from, '2026-03-10');
    await userEvent.type(to, '2026-03-01');
    expect(await screen.findByText('La date de début doit précéder la date de fin.')).toBeInTheDocument();
    await userEvent.clear(to);
    await userEvent.type(to, '2026-03-20');
    await vi.waitFor(() => expect(fetch.mock.calls.map((c) => String(c[0]))).toContain('/api/bilan?from=2026-03-10&to=2026-03-20'));
  });

  it('opens the season report with its figures', async () => {
    stubFetch({ 'GET /api/bilan': { body: { data: bilan } } });
    renderWithProviders(<BilanTab />, { route: '/admin/dashboard' });
    await userEvent.click(await screen.findByRole('button', { name: 'Rapport de saison' }));
    const report = screen.getByRole('article', { name: 'Bilan de la saison 2025-2026' });
    expect(report).toHaveTextContent(/Spectateurs venus1\s002/);
    expect(report).toHaveTextContent('VillesTours');
    expect(within(report).getByRole('button', { name: 'Télécharger le CSV' })).toBeInTheDocument();
  });
});
