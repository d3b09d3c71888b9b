import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { rolesTexts } from '@bande/shared/schemas/roles';
import { cleanUpAfterEachTest, renderWithProviders, stubFetch } from '../test-utils.tsx';
import DashboardPage from './dashboard-page.tsx';

vi.setConfig({ testTimeout: 20_000 });
cleanUpAfterEachTest();

const forbidden = { status: 403, body: { error: rolesTexts.forbidden } };

function loggedInAs(role: 'secretary' | 'editor') {
  localStorage.setItem('admin_token', 'jeton');
  localStorage.setItem('admin_user', JSON.stringify({ id: 7, email: 'lea@example.org', role }));
}

describe('the dashboard of each role (issue 26)', () => {
  it('a secretary sees her tabs only, starts on the reservations and stays logged in although the shows list is not hers', async () => {
    loggedInAs('secretary');
    // A tab left by the previous person on this browser.
    localStorage.setItem('admin_active_tab', 'shows');
    stubFetch({
      'GET /api/auth/me': { body: { user: { id: 7, email: 'lea@example.org', role: 'secretary' } } },
      'GET /api/shows': forbidden,
      'GET /api/messages/summary': { body: { new: 2 } },
      'GET /api/messages': { body: { data: [] } },
      'GET /api/reservations/performances': { body: { data: [] } },
      'GET /api/legal': { body: { data: {} } },
    });
    renderWithProviders(<DashboardPage />, { route: '/admin/dashboard' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Réservations' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Sections de l’administration' });
    expect(within(nav).queryByRole('button', { name: /Contenu/ })).not.toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: /Gestion/ })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/dashboard');
  });

  it('a link to a tab the role may not open says so in French, and opens one it may', async () => {
    loggedInAs('editor');
    stubFetch({
      'GET /api/auth/me': { body: { user: { id: 7, email: 'lea@example.org', role: 'editor' } } },
      'GET /api/shows': { body: { data: [] } },
      'GET /api/legal': { body: { data: {} } },
    });
    renderWithProviders(<DashboardPage />, { route: '/admin/dashboard?tab=audit' });
    expect(await screen.findByRole('alert')).toHaveTextContent(rolesTexts.forbiddenTab);
    expect(await screen.findByRole('heading', { level: 1, name: 'Spectacles' })).toBeInTheDocument();
  });
});
