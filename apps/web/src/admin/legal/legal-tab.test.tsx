import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EMPTY_LEGAL_SETTINGS, type LegalSettings } from '@bande/shared';
import { loggedInForEachTest, renderAdminTab, renderWithProviders, sentBodies, stubFetch } from '../test-utils.tsx';
import { LegalTab } from './legal-tab.tsx';
import { LegalWarning } from './legal-warning.tsx';

vi.setConfig({ testTimeout: 20_000 });

const loaded: LegalSettings = {
  publisherName: 'La Bande à Lire',
  publisherAddress: 'Maison des associations, 8 rue du Théâtre, 37000 Tours',
  publicationDirector: "Claire Vasseur, présidente de l'association",
  publisherContact: 'contact@labandealire.fr',
  hostName: 'OVH SAS',
  hostAddress: '2 rue Kellermann, 59100 Roubaix',
  hostPhone: '1007',
};

const renderTab = () => renderAdminTab(<LegalTab />);

loggedInForEachTest();

describe('legal details tab', () => {
  it('shows every detail in a labelled field, grouped by publisher and host, in a form without browser bubbles', async () => {
    stubFetch({ 'GET /api/legal': { body: { data: loaded } } });
    renderTab();
    expect(await screen.findByRole('heading', { level: 1, name: 'Informations légales' })).toBeInTheDocument();
    const publisher = await screen.findByRole('group', { name: 'Éditeur du site' });
    expect(within(publisher).getByLabelText(/^Nom de l'association/)).toHaveValue(loaded.publisherName);
    expect(within(publisher).getByLabelText(/^Directeur ou directrice de la publication/)).toHaveValue(loaded.publicationDirector);
    expect(within(publisher).getByLabelText(/^Email ou téléphone de contact/)).toHaveValue(loaded.publisherContact);
    const host = screen.getByRole('group', { name: 'Hébergeur' });
    expect(within(host).getByLabelText(/^Nom de l'hébergeur/)).toHaveValue('OVH SAS');
    expect(within(host).getByLabelText(/^Téléphone de l'hébergeur/)).toHaveValue('1007');
    expect(screen.getByRole('button', { name: 'Enregistrer' }).closest('form')).toHaveAttribute('novalidate');
  });

  it('saves the changed, trimmed values through the admin API and confirms', async () => {
    const fetch = stubFetch({
      'GET /api/legal': { body: { data: loaded } },
      'PUT /api/legal': ({ body }) => ({ body: { data: body } }),
    });
    renderTab();
    const user = userEvent.setup({ delay: null });
    const hostName = await screen.findByLabelText(/^Nom de l'hébergeur/);
    await user.clear(hostName);
    await user.type(hostName, '  Hébergeur Exemple SARL ');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    expect(await screen.findByText('Informations légales enregistrées')).toBeInTheDocument();
    expect(sentBodies(fetch, 'PUT', '/api/legal')).toEqual([{ ...loaded, hostName: 'Hébergeur Exemple SARL' }]);
    expect(hostName).toHaveValue('Hébergeur Exemple SARL');
  });

  it('says "Ce champ est obligatoire" under an emptied field, focuses it, and sends nothing', async () => {
    const fetch = stubFetch({ 'GET /api/legal': { body: { data: loaded } } });
    renderTab();
    const user = userEvent.setup({ delay: null });
    const address = await screen.findByLabelText(/^Adresse de l'hébergeur/);
    await user.clear(address);
    await user.type(address, '   ');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    expect(address).toHaveAttribute('aria-invalid', 'true');
    expect(address).toHaveAccessibleDescription('Ce champ est obligatoire');
    expect(address).toHaveFocus();
    expect(sentBodies(fetch, 'PUT', '/api/legal')).toEqual([]);
    // The message goes as soon as the field is edited.
    await user.type(address, '1 rue Neuve');
    expect(screen.queryByText('Ce champ est obligatoire')).not.toBeInTheDocument();
  });

  it("shows the server's French messages under the fields it names", async () => {
    stubFetch({
      'GET /api/legal': { body: { data: loaded } },
      'PUT /api/legal': { status: 400, body: { error: 'Ce champ ne doit pas dépasser 50 caractères', issues: [{ path: 'hostPhone', message: 'Ce champ ne doit pas dépasser 50 caractères' }] } },
    });
    renderTab();
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByLabelText(/^Téléphone de l'hébergeur/)).toHaveAccessibleDescription('Ce champ ne doit pas dépasser 50 caractères');
  });

  it('focuses the first empty field when details are missing', async () => {
    stubFetch({ 'GET /api/legal': { body: { data: { ...loaded, hostName: '', hostPhone: '' } } } });
    renderTab();
    const hostName = await screen.findByLabelText(/^Nom de l'hébergeur/);
    // Focused by an effect, which may run just after the render that shows the field.
    await waitFor(() => expect(hostName).toHaveFocus());
  });
});

describe('dashboard warning', () => {
  it('lists the missing details and opens the tab', async () => {
    stubFetch({ 'GET /api/legal': { body: { data: { ...EMPTY_LEGAL_SETTINGS, publisherName: 'La Bande à Lire' } } } });
    const onOpen = vi.fn();
    renderWithProviders(<LegalWarning onOpen={onOpen} />, { route: '/admin/dashboard' });
    const warning = await screen.findByRole('status');
    expect(warning).toHaveTextContent('Mentions légales incomplètes');
    expect(within(warning).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Adresse du siège',
      'Directeur ou directrice de la publication',
      'Email ou téléphone de contact',
      "Nom de l'hébergeur",
      "Adresse de l'hébergeur",
      "Téléphone de l'hébergeur",
    ]);
    await userEvent.setup({ delay: null }).click(within(warning).getByRole('button', { name: 'Compléter les informations légales' }));
    expect(onOpen).toHaveBeenCalledOnce();
  });

  it('says nothing once every detail is filled', async () => {
    const fetch = stubFetch({ 'GET /api/legal': { body: { data: loaded } } });
    renderWithProviders(<LegalWarning onOpen={() => undefined} />, { route: '/admin/dashboard' });
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
