import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmProvider } from '../ui/confirm.tsx';
import { ToastProvider } from '../ui/toast.tsx';
import { renderWithProviders, sentBodies, stubFetch } from '../test-utils.tsx';
import { CampaignsTab } from './campaigns-tab.tsx';

vi.setConfig({ testTimeout: 20_000 });

const base = { body: 'Bonjour', includeUpcoming: true, sendAt: null, startedAt: null, sentAt: null, slug: null, createdAt: '2026-03-03T19:30:00.000Z', updatedAt: '2026-03-03T19:30:00.000Z' };
const draft = { ...base, id: 1, subject: 'Lettre de mars', status: 'draft', stats: { recipients: 0, sent: 0, failed: 0, pending: 0 } };
const sending = { ...base, id: 2, subject: 'Lettre de février', status: 'sending', stats: { recipients: 10, sent: 4, failed: 1, pending: 5 } };

const renderTab = () =>
  renderWithProviders(
    <ToastProvider>
      <ConfirmProvider>
        <CampaignsTab />
      </ConfirmProvider>
    </ToastProvider>,
    { route: '/admin/dashboard' },
  );

beforeEach(() => localStorage.setItem('admin_token', 'jeton'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('« Lettres » tab', () => {
  it('lists the letters with their state, counts and a progress bar while one sends', async () => {
    stubFetch({ 'GET /api/campaigns': { body: { data: [draft, sending] } } });
    renderTab();
    const [, mars, fevrier] = await screen.findAllByRole('row');
    expect(within(mars!).getByText('Brouillon')).toBeInTheDocument();
    expect(within(fevrier!).getByText('En cours d’envoi')).toBeInTheDocument();
    expect(within(fevrier!).getByRole('progressbar')).toHaveAttribute('value', '5');
    expect(fevrier).toHaveTextContent('4 / 10 — 1 en échec');
  });

  it('previews the mail at two widths, and sends only after a confirmation naming the number of recipients', async () => {
    const fetchMock = stubFetch({
      'GET /api/campaigns': { body: { data: [draft] } },
      'GET /api/campaigns/1': { body: { data: { ...draft, failures: [] } } },
      'POST /api/campaigns/preview': { body: { html: '<p>Aperçu de la lettre</p>', text: 'x' } },
      'GET /api/campaigns/recipients-count': { body: { count: 312 } },
      'PUT /api/campaigns/1': { body: { data: draft } },
      'POST /api/campaigns/1/send': { body: { data: { ...draft, status: 'sending' } } },
    });
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Ouvrir' }));
    expect(await screen.findByTitle('Aperçu sur téléphone', {}, { timeout: 3000 })).toHaveAttribute('srcdoc', '<p>Aperçu de la lettre</p>');
    expect(screen.getByTitle('Aperçu sur ordinateur')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Envoyer maintenant' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Envoyer à 312 abonnés ?');
    expect(sentBodies(fetchMock, 'POST', '/api/campaigns/1/send')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Envoyer' }));
    await waitFor(() => expect(sentBodies(fetchMock, 'POST', '/api/campaigns/1/send')).toEqual([{}]));
  });

  it('asks « Abandonner les modifications ? » before a changed letter closes, and « Non » keeps the text (issue 28)', async () => {
    stubFetch({
      'GET /api/campaigns': { body: { data: [draft] } },
      'GET /api/campaigns/1': { body: { data: { ...draft, failures: [] } } },
      'POST /api/campaigns/preview': { body: { html: '<p>Aperçu</p>', text: 'x' } },
    });
    renderTab();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Ouvrir' }));
    const subject = await screen.findByRole('textbox', { name: /Objet/ });
    await waitFor(() => expect(subject).toHaveValue('Lettre de mars'));
    // Unchanged, it closes at once.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(await screen.findByRole('button', { name: 'Ouvrir' }));
    const again = await screen.findByRole('textbox', { name: /Objet/ });
    await waitFor(() => expect(again).toHaveValue('Lettre de mars'));
    await user.type(again, ' et avril');
    await user.keyboard('{Escape}');
    const question = await screen.findByRole('alertdialog', { name: 'Abandonner les modifications ?' });
    await user.click(within(question).getByRole('button', { name: 'Non' }));
    expect(screen.getByRole('textbox', { name: /Objet/ })).toHaveValue('Lettre de mars et avril');
  });
});
