import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { auditTexts } from '@bande/shared/schemas/audit';
import { renderWithProviders, stubFetch } from '../test-utils.tsx';
import { AuditTab } from './audit-tab.tsx';

vi.setConfig({ testTimeout: 20_000 });

const entries = [
  { id: 3, at: '2026-03-03T19:30:05.000Z', userEmail: 'lea@example.org', action: 'publish', entity: 'shows', entityId: '12' },
  { id: 2, at: '2026-07-14T08:00:00.000Z', userEmail: 'inconnu@example.org', action: 'login-failed', entity: 'auth', entityId: null },
  { id: 1, at: '2026-01-02T10:00:00.000Z', userEmail: 'lea@example.org', action: 'update', entity: 'card-config', entityId: null },
];

beforeEach(() => localStorage.setItem('admin_token', 'jeton'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('activity log tab (Journal)', () => {
  it('lists each entry with its Paris date, account, action and element in French words', async () => {
    stubFetch({ 'GET /api/audit': { body: { data: entries } } });
    renderWithProviders(<AuditTab />, { route: '/admin/dashboard' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Journal' })).toBeInTheDocument();
    const [header, publish, failed, card] = await screen.findAllByRole('row');
    expect(header).toHaveTextContent(/Date\s*Compte\s*Action\s*Élément/);
    expect(within(publish!).getByText('03/03/2026 20:30:05')).toBeInTheDocument();
    expect(publish).toHaveTextContent('lea@example.org');
    expect(within(publish!).getByText('Publication')).toBeInTheDocument();
    expect(publish).toHaveTextContent('Spectacles n° 12');
    expect(within(failed!).getByText('14/07/2026 10:00:00')).toBeInTheDocument();
    expect(within(failed!).getByText('Échec de connexion')).toBeInTheDocument();
    expect(card).toHaveTextContent("Carte d'abonnement");
    expect(card).toHaveTextContent('Modification');
  });

  it('asks the API again with the chosen action and element filters', async () => {
    const fetch = stubFetch({
      'GET /api/audit': ({ url }) => ({ body: { data: url.includes('action=publish') ? entries.slice(0, 1) : entries } }),
    });
    renderWithProviders(<AuditTab />, { route: '/admin/dashboard' });
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(4));
    const user = userEvent.setup({ delay: null });
    await user.selectOptions(screen.getByLabelText(auditTexts.filters.action), 'publish');
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2));
    expect(screen.getAllByRole('row')[1]).toHaveTextContent('Publication');
    await user.selectOptions(screen.getByLabelText(auditTexts.filters.entity), 'shows');
    await waitFor(() => expect(fetch.mock.calls.map(([input]) => String(input))).toContain('/api/audit?action=publish&entity=shows'));
    const last = fetch.mock.calls.at(-1)!;
    expect(new Headers((last[1] as RequestInit).headers).get('authorization')).toBe('Bearer jeton');
  });

  it('says so when the log is empty', async () => {
    stubFetch({ 'GET /api/audit': { body: { data: [] } } });
    renderWithProviders(<AuditTab />, { route: '/admin/dashboard' });
    expect(await screen.findByText(auditTexts.empty)).toBeInTheDocument();
  });
});
