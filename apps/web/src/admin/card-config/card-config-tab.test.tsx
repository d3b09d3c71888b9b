import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { texts, type CardConfig } from '@bande/shared';
import { ToastProvider } from '../ui/toast.tsx';
import { ConfirmProvider } from '../ui/confirm.tsx';
import { loggedInForEachTest, renderAdminTab, renderWithProviders, sentBodies, stubFetch } from '../test-utils.tsx';
import { CardConfigTab } from './card-config-tab.tsx';

vi.setConfig({ testTimeout: 20_000 });

const loaded: CardConfig = {
  isEnabled: true,
  sectionTitle: 'Devenez abonné',
  sectionDescription: 'Des tarifs réduits toute la saison.',
  buttonText: 'Demander ma carte',
  modalTitle: 'Demande de carte',
  modalDescription: 'Laissez-nous vos coordonnées.',
  modalButtonText: 'Envoyer',
};

const renderTab = () => renderAdminTab(<CardConfigTab />);

loggedInForEachTest();

describe('card config tab', () => {
  it('marks a field as modified while it differs from the loaded value, and not once it is back', async () => {
    stubFetch({ 'GET /api/card-config': { body: { data: loaded } } });
    renderTab();
    const user = userEvent.setup({ delay: null });
    const title = await screen.findByLabelText(/^Titre de la section/);
    expect(screen.queryByText('Modifié')).not.toBeInTheDocument();

    await user.type(title, ' !');
    expect(screen.getByTestId('modified-sectionTitle')).toBeInTheDocument();
    expect(screen.queryByTestId('modified-buttonText')).not.toBeInTheDocument();
    expect(screen.getByText('1 modification(s) non enregistrée(s)')).toBeInTheDocument();

    await user.type(title, '{Backspace}{Backspace}');
    expect(title).toHaveValue(loaded.sectionTitle);
    expect(screen.queryByTestId('modified-sectionTitle')).not.toBeInTheDocument();

    await user.click(screen.getByLabelText('Afficher la section sur le site'));
    expect(screen.getByTestId('modified-isEnabled')).toBeInTheDocument();
  });

  it('previews the card through /preview-card with the typed values, and the modal as a disabled form', async () => {
    stubFetch({ 'GET /api/card-config': { body: { data: loaded } } });
    renderTab();
    const user = userEvent.setup({ delay: null });
    const button = await screen.findByLabelText(/^Texte du bouton/);
    await user.clear(button);
    await user.type(button, 'Je veux ma carte');
    await waitFor(() => {
      const src = screen.getByTitle(/Aperçu de la section/).getAttribute('src')!;
      const url = new URL(src, 'http://localhost');
      expect(url.pathname).toBe('/preview-card');
      expect(Object.fromEntries(url.searchParams)).toEqual({
        title: loaded.sectionTitle,
        description: loaded.sectionDescription,
        buttonText: 'Je veux ma carte',
        enabled: 'true',
      });
    });

    await user.click(screen.getByRole('tab', { name: texts.admin.cardConfigTabs.modal }));
    const preview = screen.getByRole('group', { name: /Aperçu de la fenêtre/ });
    for (const label of ['Prénom', 'Nom', 'Email', 'Téléphone']) {
      expect(within(preview).getByLabelText(new RegExp(`^${label}`))).toBeDisabled();
    }
    expect(within(preview).getByText(loaded.modalTitle)).toBeInTheDocument();
  });

  it('saves every field, confirms with a toast and clears the markers', async () => {
    const fetch = stubFetch({
      'GET /api/card-config': { body: { data: loaded } },
      'PUT /api/card-config': ({ body }) => ({ body: { data: body } }),
    });
    renderTab();
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText(/^Titre de la section/), ' 2026');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    expect(await screen.findByText(texts.success.cardConfigUpdated)).toBeInTheDocument();
    expect(sentBodies(fetch, 'PUT', '/api/card-config')).toEqual([{ ...loaded, sectionTitle: 'Devenez abonné 2026' }]);
    expect(screen.queryByTestId('modified-sectionTitle')).not.toBeInTheDocument();
  });

  it('reports a failed save in an error toast with the server message', async () => {
    stubFetch({
      'GET /api/card-config': { body: { data: loaded } },
      'PUT /api/card-config': { status: 400, body: { error: 'Les données envoyées sont invalides' } },
    });
    renderTab();
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText(/^Titre de la section/), ' x');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Erreur lors de la mise à jour : Les données envoyées sont invalides')).toBeInTheDocument();
    expect(screen.getByTestId('modified-sectionTitle')).toBeInTheDocument();
  });

  it('refuses empty texts in the page, without calling the server', async () => {
    const fetch = stubFetch({ 'GET /api/card-config': { body: { data: loaded } } });
    renderTab();
    const user = userEvent.setup({ delay: null });
    await user.clear(await screen.findByLabelText(/^Titre de la section/));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(texts.validation.required)).toBeInTheDocument();
    expect(sentBodies(fetch, 'PUT', '/api/card-config')).toEqual([]);
  });

  it('says "Erreur lors du chargement de la configuration" when the load fails', async () => {
    stubFetch({ 'GET /api/card-config': { status: 500, body: {} } });
    renderTab();
    expect(await screen.findByText(texts.errors.cardConfigLoad)).toBeInTheDocument();
  });

  it('restores a former version from its Historique: the form then starts from the restored texts', async () => {
    let current = loaded;
    const older = { ...loaded, sectionTitle: 'Ancien titre de la section' };
    const revisions = [
      { id: 5, at: '2026-07-14T08:05:00.000Z', userEmail: 'lea@example.org', entity: 'card-config', entityId: 1, action: 'update' },
      { id: 4, at: '2026-03-03T19:30:00.000Z', userEmail: 'lea@example.org', entity: 'card-config', entityId: 1, action: 'update' },
    ];
    const fetch = stubFetch({
      'GET /api/card-config': () => ({ body: { data: current } }),
      'GET /api/revisions': { body: { data: revisions } },
      'POST /api/revisions/4/restore': () => {
        current = older;
        return { body: { data: older } };
      },
    });
    renderWithProviders(
      <ToastProvider>
        <ConfirmProvider>
          <CardConfigTab />
        </ConfirmProvider>
      </ToastProvider>,
      { route: '/admin/dashboard' },
    );
    const user = userEvent.setup({ delay: null });
    expect(await screen.findByLabelText(/^Titre de la section/)).toHaveValue(loaded.sectionTitle);
    await user.click(screen.getByText('Historique'));
    expect(String(fetch.mock.calls.at(-1)![0])).toBe('/api/revisions?entity=card-config&entityId=1');
    await user.click(await screen.findByRole('button', { name: 'Restaurer la version du 03/03/2026 20:30' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Restaurer' }));
    await waitFor(() => expect(screen.getByLabelText(/^Titre de la section/)).toHaveValue('Ancien titre de la section'));
    expect(screen.queryByText('Modifié')).not.toBeInTheDocument();
  });
});
