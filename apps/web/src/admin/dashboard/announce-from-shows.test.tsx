import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EMPTY_LEGAL_SETTINGS } from '@bande/shared';
import { cleanUpAfterEachTest, renderWithProviders, sentBodies, stubFetch } from '../test-utils.tsx';
import DashboardPage from './dashboard-page.tsx';

vi.setConfig({ testTimeout: 20_000 });
cleanUpAfterEachTest();

/** Issue 34: « Annoncer ce spectacle » on a show's row starts the letter that announces it. */
const show = (id: number, name: string, published: boolean) => ({ id, name, slug: name.toLowerCase(), type: 'Lecture', year: '2026', published, isFeatured: false, photo: null, publishAt: null, unpublishAt: null });
const prepared = { subject: 'À l’affiche\u00a0: «\u00a0Les Bonnes\u00a0»', body: 'Deux sœurs.\n\n- samedi 5 décembre 2026 - 20h30, Médiathèque : réserver' };

function loggedInAs(role: 'admin' | 'editor') {
  localStorage.setItem('admin_token', 'jeton');
  localStorage.setItem('admin_user', JSON.stringify({ id: 7, email: 'lea@example.org', role }));
  localStorage.setItem('admin_active_tab', 'shows');
  return stubFetch({
    'GET /api/auth/me': { body: { user: { id: 7, email: 'lea@example.org', role } } },
    'GET /api/shows': { body: { data: [show(7, 'Les Bonnes', true), show(8, 'Brouillon', false)] } },
    'GET /api/legal': { body: EMPTY_LEGAL_SETTINGS },
    'GET /api/messages/summary': { body: { new: 0 } },
    'GET /api/campaigns': { body: { data: [] } },
    'GET /api/campaigns/announce/7': { body: { data: prepared } },
    'POST /api/campaigns/preview': { body: { html: '<p>Aperçu</p>', text: 'x' } },
  });
}

describe('« Annoncer » on a show’s row', () => {
  it('opens « Lettres » with the new letter that show prepares, nothing saved; only published shows offer it', async () => {
    const fetch = loggedInAs('admin');
    renderWithProviders(<DashboardPage />, { route: '/admin/dashboard' });
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Spectacles' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Annoncer Brouillon dans une lettre' })).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Annoncer Les Bonnes dans une lettre' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Lettres' })).toBeInTheDocument();
    const editor = await screen.findByRole('dialog', { name: 'Nouvelle lettre' });
    expect(within(editor).getByRole('textbox', { name: /Objet/ })).toHaveValue(prepared.subject);
    expect(within(editor).getByRole('textbox', { name: /Texte/ })).toHaveValue(prepared.body);
    expect(sentBodies(fetch, 'POST', '/api/campaigns')).toEqual([]);
    // Asked once for this opening.
    expect(fetch.mock.calls.filter(([url]) => String(url).endsWith('/api/campaigns/announce/7'))).toHaveLength(1);
  });

  it('is not offered to an editor, who writes no letters (the server refuses them anyway)', async () => {
    loggedInAs('editor');
    renderWithProviders(<DashboardPage />, { route: '/admin/dashboard' });
    expect(await screen.findByRole('button', { name: 'Modifier Les Bonnes' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Annoncer / })).toBeNull();
  });
});
