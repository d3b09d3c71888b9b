import { describe, expect, it, vi } from 'vitest';
import type { ThanksState } from '@bande/shared/schemas/thanks';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loggedInForEachTest, renderAdminTab, sentBodies, stubFetch } from '../../test-utils.tsx';
import { ReservationsTab } from '../reservations-tab.tsx';

vi.setConfig({ testTimeout: 20_000 });
loggedInForEachTest();

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
  pending: 0,
  offered: 0,
  waiting: 0,
  checkedIn: 14,
  walkIns: 2,
  noShows: 1,
  beyondCapacity: false,
};
const label = 'Les Misérables, jeudi 3 décembre 2026 - 20h30';
const defaults = { subject: 'Merci d’être venus à «\u00a0Les Misérables\u00a0»', body: 'Bonjour,\n\nMerci d’être venus.' };
const ready: ThanksState = { started: true, recipients: 12, defaults, sent: null };

function stub(state: ThanksState, post?: (body: unknown) => { status?: number; body?: unknown }) {
  return stubFetch({
    'GET /api/reservations/performances': { body: { data: [performance] } },
    'GET /api/reservations': { body: { data: [] } },
    'GET /api/performances/7/thanks': { body: { data: state } },
    'POST /api/performances/7/thanks': ({ body }) => post?.(body) ?? { status: 201, body: { data: { ...state, sent: { at: '2026-12-03T22:40:00.000Z', recipients: state.recipients, delivered: 0, pending: state.recipients, failed: 0 } } } },
  });
}

async function openPeople() {
  const user = userEvent.setup({ delay: null });
  await user.click(await screen.findByRole('button', { name: `Voir les réservations de ${label}` }));
  return user;
}

describe('« Remercier les spectateurs »', () => {
  it('shows the French defaults, lets them be edited, asks with the count, then sends what was written', async () => {
    const fetch = stub(ready);
    renderAdminTab(<ReservationsTab />);
    const user = await openPeople();
    await user.click(await screen.findByRole('button', { name: `Remercier les spectateurs de ${label}` }));
    const dialog = await screen.findByRole('dialog', { name: `Remercier les spectateurs — ${label}` });
    expect(within(dialog).getByText('Destinataires : 12 spectateurs pointés à l’entrée, avec une adresse.')).toBeInTheDocument();
    const subject = within(dialog).getByRole('textbox', { name: /Objet/ });
    expect(subject).toHaveValue(defaults.subject);
    expect(within(dialog).getByRole('textbox', { name: /Message/ })).toHaveValue(defaults.body);
    await user.clear(subject);
    await user.type(subject, 'Merci pour hier soir');

    // Declined at the question: nothing sent, the text kept.
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer le remerciement' }));
    const question = await screen.findByRole('alertdialog');
    expect(question).toHaveTextContent('Envoyer le remerciement à 12 spectateurs ?');
    await user.click(within(question).getByRole('button', { name: 'Revenir au texte' }));
    expect(sentBodies(fetch, 'POST', '/api/performances/7/thanks')).toEqual([]);
    expect(subject).toHaveValue('Merci pour hier soir');

    await user.click(within(dialog).getByRole('button', { name: 'Envoyer le remerciement' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Envoyer' }));
    await waitFor(() => expect(sentBodies(fetch, 'POST', '/api/performances/7/thanks')).toEqual([{ subject: 'Merci pour hier soir', body: defaults.body }]));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Remercier les spectateurs/ })).not.toBeInTheDocument());
  });

  it('says one spectator in the singular', async () => {
    stub({ ...ready, recipients: 1 });
    renderAdminTab(<ReservationsTab />);
    const user = await openPeople();
    await user.click(await screen.findByRole('button', { name: `Remercier les spectateurs de ${label}` }));
    const dialog = await screen.findByRole('dialog', { name: /Remercier les spectateurs/ });
    expect(dialog).toHaveTextContent('1 spectateur pointé à l’entrée');
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer le remerciement' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('Envoyer le remerciement à 1 spectateur ?');
  });

  it('an empty subject is said under its field in French, nothing sent; the server’s 409 is said above the fields', async () => {
    const fetch = stub(ready, () => ({ status: 409, body: { error: 'Les spectateurs de cette représentation ont déjà été remerciés\u00a0: le remerciement ne part qu’une fois.' } }));
    renderAdminTab(<ReservationsTab />);
    const user = await openPeople();
    await user.click(await screen.findByRole('button', { name: `Remercier les spectateurs de ${label}` }));
    const dialog = await screen.findByRole('dialog', { name: /Remercier les spectateurs/ });
    const subject = within(dialog).getByRole('textbox', { name: /Objet/ });
    await user.clear(subject);
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer le remerciement' }));
    await waitFor(() => expect(subject).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(sentBodies(fetch, 'POST', '/api/performances/7/thanks')).toEqual([]);
    await user.type(subject, 'Merci');
    await user.click(within(dialog).getByRole('button', { name: 'Envoyer le remerciement' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Envoyer' }));
    expect(await within(dialog).findByText(/déjà été remerciés/)).toBeInTheDocument();
  });

  it('once sent: when and to how many, and no button to send it again; before the performance: no button', async () => {
    stub({ ...ready, sent: { at: '2026-12-03T22:40:00.000Z', recipients: 12, delivered: 12, pending: 0, failed: 0 } });
    const { unmount } = renderAdminTab(<ReservationsTab />);
    await openPeople();
    expect(await screen.findByText('Remerciement envoyé à 12 spectateurs le jeudi 3 décembre 2026 à 23 h 40')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remercier les spectateurs/ })).not.toBeInTheDocument();
    unmount();

    stub({ ...ready, started: false });
    renderAdminTab(<ReservationsTab />);
    await openPeople();
    await screen.findByRole('heading', { level: 2 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('button', { name: /Remercier les spectateurs/ })).not.toBeInTheDocument();
  });

  it('is reached the days after from « Représentations passées », opened on demand, where the door is over', async () => {
    const fetch = stubFetch({
      'GET /api/reservations/performances': { body: { data: [] } },
      'GET /api/reservations/past-performances': { body: { data: [performance] } },
      'GET /api/reservations': { body: { data: [] } },
      'GET /api/performances/7/thanks': { body: { data: ready } },
    });
    renderAdminTab(<ReservationsTab />);
    const user = userEvent.setup({ delay: null });
    const past = await screen.findByText('Représentations passées (60 derniers jours)');
    // Closed: not read until opened.
    expect(fetch.mock.calls.some(([url]) => String(url).includes('past-performances'))).toBe(false);
    await user.click(past);
    await user.click(await screen.findByRole('button', { name: `Voir les réservations de ${label}` }));
    expect(screen.queryByRole('link', { name: new RegExp(`Pointer les entrées de ${label}`) })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: new RegExp(`Pointer les entrées de ${label}`) })).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: `Remercier les spectateurs de ${label}` })).toBeInTheDocument();
    // Its people's panel offers neither the door nor a phone booking (refused by the server, 409).
    expect(screen.getByRole('button', { name: 'Télécharger le CSV' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Pointer les entrées' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pointer les entrées' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Réservation par téléphone' })).not.toBeInTheDocument();
  });
});
