import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { usersTexts } from '@bande/shared/schemas/users';
import { rolesTexts } from '@bande/shared/schemas/roles';
import { loggedInForEachTest, renderAdminTab, sentBodies, stubFetch } from '../test-utils.tsx';
import { AccountsTab } from './accounts-tab.tsx';

vi.setConfig({ testTimeout: 20_000 });

const accounts = [
  { id: 1, email: 'admin@example.org', createdAt: '2026-03-03T19:30:00.000Z', lastLoginAt: '2026-03-05T08:00:00.000Z', role: 'admin' },
  { id: 2, email: 'camille@example.org', createdAt: '2026-03-04T08:00:00.000Z', role: 'editor' },
];

const renderTab = () => renderAdminTab(<AccountsTab />);

loggedInForEachTest({ asTestAdmin: true });

describe('staff accounts tab', () => {
  it('lists the accounts, marks the current one « vous » and offers no deletion for it', async () => {
    stubFetch({ 'GET /api/users': { body: { data: accounts } } });
    renderTab();
    expect(await screen.findByRole('heading', { level: 1, name: 'Comptes' })).toBeInTheDocument();
    const [, me, other] = await screen.findAllByRole('row');
    expect(within(me!).getByText('admin@example.org')).toBeInTheDocument();
    expect(within(me!).getByText(usersTexts.you)).toBeInTheDocument();
    expect(within(me!).getByText('05/03/2026 09:00')).toBeInTheDocument();
    expect(within(me!).queryByRole('button')).not.toBeInTheDocument();
    expect(within(other!).queryByText(usersTexts.you)).not.toBeInTheDocument();
    expect(within(other!).getByText(usersTexts.never)).toBeInTheDocument();
    expect(within(other!).getByRole('button', { name: 'Supprimer camille@example.org' })).toBeInTheDocument();
  });

  it('checks the email in French before calling the server, then invites and reloads the list', async () => {
    let list = accounts.slice(0, 1);
    const fetch = stubFetch({
      'GET /api/users': () => ({ body: { data: list } }),
      'POST /api/users': () => {
        list = accounts;
        return { status: 201, body: accounts[1] };
      },
    });
    renderTab();
    const user = userEvent.setup({ delay: null });
    const field = await screen.findByLabelText(new RegExp(usersTexts.emailLabel));
    await user.type(field, 'pas-une-adresse');
    await user.click(screen.getByRole('button', { name: usersTexts.inviteButton }));
    expect(await screen.findByText('Veuillez entrer une adresse email valide')).toBeInTheDocument();
    expect(sentBodies(fetch, 'POST', '/api/users')).toEqual([]);
    await user.clear(field);
    await user.type(field, 'camille@example.org');
    await user.click(screen.getByRole('button', { name: usersTexts.inviteButton }));
    expect(await screen.findByText(usersTexts.invited('camille@example.org'))).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Supprimer camille@example.org' })).toBeInTheDocument();
    expect(sentBodies(fetch, 'POST', '/api/users')).toEqual([{ email: 'camille@example.org', role: 'editor' }]);
    expect(field).toHaveValue('');
  });

  it("shows the server's French refusal of a taken address under the field", async () => {
    stubFetch({
      'GET /api/users': { body: { data: accounts } },
      'POST /api/users': { status: 409, body: { error: usersTexts.emailTaken } },
    });
    renderTab();
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText(new RegExp(usersTexts.emailLabel)), 'camille@example.org');
    await user.click(screen.getByRole('button', { name: usersTexts.inviteButton }));
    expect(await screen.findByText(usersTexts.emailTaken)).toBeInTheDocument();
  });

  it('deletes another account only after the confirmation naming it', async () => {
    let list = accounts;
    const fetch = stubFetch({
      'GET /api/users': () => ({ body: { data: list } }),
      'DELETE /api/users/2': () => {
        list = accounts.slice(0, 1);
        return { status: 204 };
      },
    });
    renderTab();
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Supprimer camille@example.org' }));
    expect(screen.getByRole('alertdialog')).toHaveTextContent(usersTexts.deleteConfirm('camille@example.org'));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Annuler' }));
    expect(fetch.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.method === 'DELETE')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Supprimer camille@example.org' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(screen.queryByText('camille@example.org')).not.toBeInTheDocument());
  });
});

describe('two-factor column', () => {
  it('shows which accounts have two-factor login on', async () => {
    stubFetch({
      'GET /api/users': { body: { data: [{ ...accounts[0], totpEnabled: true }, { ...accounts[1], totpEnabled: false }] } },
    });
    renderTab();
    const [, me, other] = await screen.findAllByRole('row');
    expect(within(me!).getByText('activée')).toBeInTheDocument();
    expect(within(other!).getByText('non')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Double authentification' })).toBeInTheDocument();
    // The account's own settings moved to « Mon compte »: « Comptes » is the list of accounts.
    expect(screen.queryByRole('heading', { level: 2, name: 'Double authentification' })).not.toBeInTheDocument();
  });
});

describe('another account’s passkeys', () => {
  it('are all removed by an administrator once confirmed (lost devices)', async () => {
    const fetch = stubFetch({
      'GET /api/users': { body: { data: accounts } },
      'DELETE /api/users/2/passkeys': { body: { message: '2 clés d’accès supprimées.' } },
    });
    renderTab();
    const user = userEvent.setup({ delay: null });
    const [, me, other] = await screen.findAllByRole('row');
    expect(within(me!).queryByRole('button', { name: /clés d’accès/ })).not.toBeInTheDocument();
    await user.click(within(other!).getByRole('button', { name: 'Supprimer ses clés d’accès (camille@example.org)' }));
    expect(screen.getByRole('alertdialog')).toHaveTextContent('camille@example.org');
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Supprimer ses clés d’accès' }));
    expect(await screen.findByText('2 clés d’accès supprimées.')).toBeInTheDocument();
    expect(fetch.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'DELETE')).toHaveLength(1);
  });

  it("changes another account's role from its row, never one's own", async () => {
    const fetch = stubFetch({ 'GET /api/users': { body: { data: accounts } }, 'PUT /api/users/2': { body: { data: { ...accounts[1], role: 'secretary' } } } });
    renderTab();
    const [, me, other] = await screen.findAllByRole('row');
    expect(within(me!).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(me!).getByText('Administrateur')).toBeInTheDocument();
    const select = within(other!).getByRole('combobox', { name: 'Rôle de camille@example.org' });
    expect(select).toHaveValue('editor');
    await userEvent.setup().selectOptions(select, 'secretary');
    await waitFor(() => expect(sentBodies(fetch, 'PUT', '/api/users/2')).toEqual([{ role: 'secretary' }]));
    expect(await screen.findByText(rolesTexts.roleChanged('camille@example.org', 'secretary'))).toBeInTheDocument();
  });
});
