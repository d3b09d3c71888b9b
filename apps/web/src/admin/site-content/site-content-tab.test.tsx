import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_SITE_CONTENT, siteContentTexts, SITE_CONTENT_MAX } from '@bande/shared';
import { loggedInForEachTest, renderAdminTab, sentBodies, stubFetch } from '../test-utils.tsx';
import { SiteContentTab } from './site-content-tab.tsx';

vi.setConfig({ testTimeout: 20_000 });

loggedInForEachTest();

const api = (put: Parameters<typeof stubFetch>[0][string] = ({ body }) => ({ body: { data: body } })) =>
  stubFetch({
    'GET /api/site-content': { body: { data: DEFAULT_SITE_CONTENT } },
    'PUT /api/site-content': put,
    'GET /api/revisions': { body: { data: [] } },
  });

describe('« Textes du site » tab', () => {
  it('groups the fields as a visitor meets them, with counters on bounded fields and « Modifié » markers', async () => {
    api();
    renderAdminTab(<SiteContentTab />);
    const user = userEvent.setup({ delay: null });
    const name = await screen.findByLabelText(/^Nom de l’association/);
    for (const legend of ['Accueil', 'Formats', 'Hors cadre', 'Contact', 'Réseaux']) expect(screen.getByRole('group', { name: legend })).toBeInTheDocument();
    expect(screen.getByText(`${DEFAULT_SITE_CONTENT.associationName.length}/${SITE_CONTENT_MAX.associationName}`)).toBeInTheDocument();
    expect(screen.queryByText('Modifié')).not.toBeInTheDocument();

    await user.type(name, ' !');
    expect(screen.getByTestId('modified-associationName')).toBeInTheDocument();
    expect(screen.queryByTestId('modified-contact.phone')).not.toBeInTheDocument();
    expect(screen.getByText(`${DEFAULT_SITE_CONTENT.associationName.length + 2}/${SITE_CONTENT_MAX.associationName}`)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Voir le site/ })).toHaveAttribute('href', '/');
  });

  it('refuses a wrong phone number in French under its field, sending nothing', async () => {
    const mock = api();
    renderAdminTab(<SiteContentTab />);
    const user = userEvent.setup({ delay: null });
    const phone = await screen.findByLabelText(/^Téléphone/);
    await user.clear(phone);
    await user.type(phone, '12 34');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(siteContentTexts.phoneInvalid)).toBeInTheDocument();
    await waitFor(() => expect(phone).toHaveFocus());
    expect(sentBodies(mock, 'PUT', '/api/site-content')).toEqual([]);
  });

  it('sends the whole record, the facts as a list, the delay as a number', async () => {
    const mock = api();
    renderAdminTab(<SiteContentTab />);
    const user = userEvent.setup({ delay: null });
    const phone = await screen.findByLabelText(/^Téléphone/);
    await user.clear(phone);
    await user.type(phone, '02 47 00 11 22');
    expect(screen.getByTestId('modified-contact.phone')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(sentBodies(mock, 'PUT', '/api/site-content')).toHaveLength(1));
    expect(sentBodies(mock, 'PUT', '/api/site-content')[0]).toEqual({ ...DEFAULT_SITE_CONTENT, contact: { ...DEFAULT_SITE_CONTENT.contact, phone: '02 47 00 11 22' } });
    // Saved: no field differs from the saved texts any more.
    await waitFor(() => expect(screen.queryByTestId('modified-contact.phone')).not.toBeInTheDocument());
  });
});
