import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { texts } from '@bande/shared';
import { newsletterTexts } from '@bande/shared/schemas/newsletter';
import { ConfirmProvider } from '../ui/confirm.tsx';
import { ToastProvider } from '../ui/toast.tsx';
import { renderWithProviders, stubFetch } from '../test-utils.tsx';
import { SubscribersTab } from './subscribers-tab.tsx';

vi.setConfig({ testTimeout: 20_000 });

const subscribers = [
  { id: 1, email: 'lea@example.org', createdAt: '2026-03-03T19:30:00.000Z', confirmedAt: '2026-03-03T19:31:00.000Z', bouncedAt: null, status: 'confirmed' },
  { id: 2, email: 'attente@example.org', createdAt: '2026-03-04T08:00:00.000Z', confirmedAt: null, bouncedAt: null, status: 'pending' },
  { id: 3, email: 'refus@example.org', createdAt: '2026-03-04T08:00:00.000Z', confirmedAt: '2026-03-04T08:01:00.000Z', bouncedAt: '2026-03-05T08:00:00.000Z', status: 'bounced' },
];

const renderTab = () =>
  renderWithProviders(
    <ToastProvider>
      <ConfirmProvider>
        <SubscribersTab />
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

describe('newsletter subscribers tab', () => {
  it('lists each address with its state (confirmé / en attente / adresse refusée), its sign-up date in Paris time, and counters', async () => {
    stubFetch({ 'GET /api/newsletter/subscribers': { body: { data: subscribers } } });
    renderTab();
    expect(await screen.findByRole('heading', { level: 1, name: 'Abonnés' })).toBeInTheDocument();
    const [, lea, attente, refus] = await screen.findAllByRole('row');
    expect(within(lea!).getByText('lea@example.org')).toBeInTheDocument();
    expect(within(lea!).getByText('confirmé')).toBeInTheDocument();
    expect(within(lea!).getByText('03/03/2026 20:30')).toBeInTheDocument();
    expect(within(attente!).getByText('en attente')).toBeInTheDocument();
    expect(within(refus!).getByText('adresse refusée')).toHaveAttribute('title', newsletterTexts.bouncedHint);
    const counters = screen.getByLabelText('Compteurs des abonnés');
    expect(counters).toHaveTextContent(/Confirmés\s*1/);
    expect(counters).toHaveTextContent(/En attente\s*1/);
    expect(counters).toHaveTextContent(/Adresses refusées\s*1/);
  });

  it('deletes an address only after confirmation naming it, then reloads the list', async () => {
    let list = subscribers;
    const fetch = stubFetch({
      'GET /api/newsletter/subscribers': () => ({ body: { data: list } }),
      'DELETE /api/newsletter/subscribers/2': () => {
        list = subscribers.slice(0, 1);
        return { status: 204 };
      },
    });
    renderTab();
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Supprimer attente@example.org' }));
    expect(screen.getByRole('alertdialog')).toHaveTextContent(newsletterTexts.deleteConfirm('attente@example.org'));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Annuler' }));
    expect(fetch.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.method === 'DELETE')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Supprimer attente@example.org' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(screen.queryByText('attente@example.org')).not.toBeInTheDocument());
    const deletion = fetch.mock.calls.find(([, init]) => (init as RequestInit | undefined)?.method === 'DELETE')!;
    expect(new Headers((deletion[1] as RequestInit).headers).get('authorization')).toBe('Bearer jeton');
  });

  it('downloads the CSV with the token and saves it as a file', async () => {
    const fetch = stubFetch({
      'GET /api/newsletter/subscribers': { body: { data: subscribers } },
      'GET /api/newsletter/subscribers.csv': { body: 'csv' },
    });
    const createObjectURL = vi.fn(() => 'blob:abonnes');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicks: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this);
    });
    renderTab();
    await userEvent.setup({ delay: null }).click(await screen.findByRole('button', { name: newsletterTexts.downloadCsv }));
    await waitFor(() => expect(clicks).toHaveLength(1));
    expect(clicks[0]!.download).toBe('abonnes-newsletter.csv');
    expect(clicks[0]!.href).toBe('blob:abonnes');
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    const csvCall = fetch.mock.calls.find(([input]) => String(input) === '/api/newsletter/subscribers.csv')!;
    expect(new Headers((csvCall[1] as RequestInit).headers).get('authorization')).toBe('Bearer jeton');
  });

  it('says in French when the CSV cannot be downloaded', async () => {
    stubFetch({
      'GET /api/newsletter/subscribers': { body: { data: [] } },
      'GET /api/newsletter/subscribers.csv': { status: 500, body: { error: 'Erreur interne du serveur' } },
    });
    renderTab();
    expect(await screen.findByText(newsletterTexts.empty)).toBeInTheDocument();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: newsletterTexts.downloadCsv }));
    // A server failure is said in plain French (lib/api-client.ts errorTextFor), whatever the server wrote.
    expect(await screen.findByText(`${newsletterTexts.csvFailed} : ${texts.errors.server}`)).toBeInTheDocument();
  });
});
