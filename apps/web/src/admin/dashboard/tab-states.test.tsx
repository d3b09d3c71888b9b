import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { texts } from '@bande/shared';
import { cleanUpAfterEachTest, renderAdminTab, stubFetch } from '../test-utils.tsx';
import { OriginsTab } from '../origins/origins-tab.tsx';
import { PartnersTab } from '../partners/partners-tab.tsx';
import { MembersTab } from '../members/members-tab.tsx';
import { VenuesTab } from '../venues/venues-tab.tsx';
import { GalleryTab } from '../gallery/gallery-tab.tsx';

vi.setConfig({ testTimeout: 20_000 });

// Logged in or not depends on the test: each sets its own token.
cleanUpAfterEachTest();

describe('tab states of spec section 8', () => {
  it("origins without a token: 'Token d'authentification manquant'", () => {
    const fetch = stubFetch({});
    renderAdminTab(<OriginsTab />);
    expect(screen.getByRole('alert')).toHaveTextContent(texts.errors.originsTokenMissing);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("origins load failure: 'Erreur lors du chargement des données'", async () => {
    localStorage.setItem('admin_token', 'jeton');
    stubFetch({ 'GET /api/origins/admin/categories': { status: 500, body: {} } });
    renderAdminTab(<OriginsTab />);
    expect(await screen.findByRole('alert')).toHaveTextContent(texts.errors.originsLoad);
  });

  it("a list that cannot be loaded says 'Erreur de chargement', the API's detail folded under it", async () => {
    localStorage.setItem('admin_token', 'jeton');
    stubFetch({ 'GET /api/partners': { status: 500, body: { error: 'Erreur interne du serveur' } } });
    renderAdminTab(<PartnersTab />);
    const alert = await screen.findByRole('alert');
    expect(alert.querySelector('p')).toHaveTextContent(/^Erreur de chargement$/);
    const detail = alert.querySelector('details')!;
    expect(detail.open).toBe(false);
    expect(detail.querySelector('summary')).toHaveTextContent('Détails techniques');
    expect(detail.querySelector('code')?.textContent).not.toBe('');
    // No counters of a list not loaded (« Total 0 » beside « Erreur de chargement »).
    expect(screen.queryByText('Total')).toBeNull();
  });

  it('the gallery, empty, speaks to the staff, not with the visitors’ « Revenez bientôt ! »', async () => {
    localStorage.setItem('admin_token', 'jeton');
    stubFetch({ 'GET /api/gallery': { body: { data: [] } } });
    renderAdminTab(<GalleryTab />);
    expect(await screen.findByText('Aucun média pour le moment')).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/Revenez bientôt/);
    expect(screen.getByText('Total')).toBeInTheDocument();
  });

  it('partners: the empty state offers to create the first partner', async () => {
    localStorage.setItem('admin_token', 'jeton');
    stubFetch({ 'GET /api/partners': { body: { data: [] } } });
    renderAdminTab(<PartnersTab />);
    await userEvent.setup({ delay: null }).click(await screen.findByRole('button', { name: 'Créer le premier partenaire' }));
    expect(screen.getByRole('dialog', { name: 'Nouveau partenaire' })).toBeInTheDocument();
  });

  it("members: a member that cannot be loaded says 'Erreur lors du chargement du membre'", async () => {
    localStorage.setItem('admin_token', 'jeton');
    const member = { id: 4, documentId: 'd4', firstName: 'Ana', lastName: 'Lys', fullName: 'Ana Lys', role: 'Lectrice', note: null, photo: null, published: false, createdAt: '', updatedAt: '', publishedAt: null };
    stubFetch({ 'GET /api/members': { body: { data: [member] } }, 'GET /api/members/4': { status: 500, body: {} } });
    renderAdminTab(<MembersTab />);
    await userEvent.setup({ delay: null }).click(await screen.findByRole('button', { name: 'Modifier Ana Lys' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(texts.errors.memberLoad);
  });

  it('venues: the deletion asks first, naming the venue, and sends nothing on cancel', async () => {
    localStorage.setItem('admin_token', 'jeton');
    const fetch = stubFetch({ 'GET /api/venues': { body: [{ id: 2, name: 'La Grange', address: '1 rue Haute' }] } });
    renderAdminTab(<VenuesTab />);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Supprimer La Grange' }));
    expect(screen.getByRole('alertdialog')).toHaveTextContent('Supprimer le lieu « La Grange » ?');
    // What happens, truly: the venue goes to « Lieux supprimés », from which it can be restored.
    expect(screen.getByRole('alertdialog')).toHaveTextContent('L’élément passera dans « Lieux supprimés »');
    expect(screen.getByRole('alertdialog')).not.toHaveTextContent(/définitive/);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(fetch.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'DELETE')).toEqual([]);
  });
});
