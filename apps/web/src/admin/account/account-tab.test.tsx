import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { passkeyTexts } from '@bande/shared/schemas/passkeys';
import { loggedInForEachTest, renderAdminTab, sentBodies, stubFetch } from '../test-utils.tsx';
import { AccountTab } from './account-tab.tsx';

vi.setConfig({ testTimeout: 20_000 });

// The authenticator is the browser's: here it answers at once, as one whose user said yes.
const FAKE_CREDENTIAL = { id: 'abc', rawId: 'abc', type: 'public-key', response: { clientDataJSON: 'e30', attestationObject: 'oA' }, clientExtensionResults: {} };
vi.mock('@simplewebauthn/browser', () => ({
  browserSupportsWebAuthn: () => true,
  browserSupportsWebAuthnAutofill: async () => false,
  startRegistration: vi.fn(async () => FAKE_CREDENTIAL),
  startAuthentication: vi.fn(),
}));

loggedInForEachTest({ asTestAdmin: true });

const PASSKEY = { id: 7, name: 'Téléphone', createdAt: '2026-03-01T10:00:00.000Z', lastUsedAt: '2026-03-02T18:30:00.000Z' };
const base = {
  'GET /api/auth/totp': { body: { enabled: false, recoveryCodesLeft: 0 } },
  'GET /api/auth/me': { body: { user: { id: 1, email: 'admin@example.org', role: 'editor' } } },
};

describe('« Mon compte »', () => {
  it('holds the password, two-factor login and the passkeys', async () => {
    stubFetch({ ...base, 'GET /api/auth/passkeys': { body: { data: [PASSKEY] } } });
    renderAdminTab(<AccountTab />);
    expect(screen.getByRole('heading', { level: 1, name: 'Mon compte' })).toBeInTheDocument();
    for (const name of ['Mot de passe', 'Double authentification', 'Clés d’accès']) expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    const row = (await screen.findByText('Téléphone')).closest('tr')!;
    // The last use, in Paris time.
    expect(within(row).getByText('02/03/2026 19:30')).toBeInTheDocument();
  });

  it('says the account’s role, as the server knows it, and what it can do (issue 35)', async () => {
    stubFetch({ ...base, 'GET /api/auth/passkeys': { body: { data: [] } } });
    renderAdminTab(<AccountTab />);
    const identity = screen.getByRole('heading', { level: 2, name: 'admin@example.org' }).closest('section')!;
    await waitFor(() => expect(identity).toHaveTextContent(/Rôle\s*: Éditeur\. Il vous permet de gérer les contenus du site/));
  });

  it('asks the new password twice, and sends nothing while they differ (issue 35)', async () => {
    const fetch = stubFetch({ ...base, 'GET /api/auth/passkeys': { body: { data: [] } }, 'PUT /api/auth/me/password': { body: { message: passkeyTexts.passwordChanged } } });
    const user = userEvent.setup({ delay: null });
    renderAdminTab(<AccountTab />);
    await user.type(screen.getByLabelText(/^Mot de passe actuel/), 'ancien-mdp');
    await user.type(screen.getByLabelText(/^Nouveau mot de passe/), 'nouveau-mdp');
    await user.type(screen.getByLabelText(/^Confirmer le mot de passe/), 'nouveau-mpd');
    await user.click(screen.getByRole('button', { name: passkeyTexts.changePassword }));
    expect(await screen.findByText('Les mots de passe ne correspondent pas')).toBeInTheDocument();
    expect(sentBodies(fetch, 'PUT', '/api/auth/me/password')).toHaveLength(0);
    await user.clear(screen.getByLabelText(/^Confirmer le mot de passe/));
    await user.type(screen.getByLabelText(/^Confirmer le mot de passe/), 'nouveau-mdp');
    await user.click(screen.getByRole('button', { name: passkeyTexts.changePassword }));
    await waitFor(() => expect(sentBodies(fetch, 'PUT', '/api/auth/me/password')).toEqual([{ currentPassword: 'ancien-mdp', newPassword: 'nouveau-mdp' }]));
  });

  it('adds a named passkey: the name first, then the browser’s ceremony', async () => {
    let list: unknown[] = [];
    const fetch = stubFetch({
      ...base,
      'GET /api/auth/passkeys': () => ({ body: { data: list } }),
      'POST /api/auth/passkeys/register/options': { body: { challenge: 'xyz', rp: { name: 'x', id: 'localhost' }, user: { id: 'u', name: 'a', displayName: 'a' }, pubKeyCredParams: [] } },
      'POST /api/auth/passkeys/register': ({ body }) => {
        list = [{ ...PASSKEY, name: (body as { name: string }).name, lastUsedAt: null }];
        return { status: 201, body: { data: list[0] } };
      },
    });
    const user = userEvent.setup({ delay: null });
    renderAdminTab(<AccountTab />);
    await user.click(await screen.findByRole('button', { name: passkeyTexts.addButton }));
    // No name: said under the field, nothing asked of the browser nor sent.
    await user.click(screen.getByRole('button', { name: passkeyTexts.save }));
    expect(await screen.findByText(passkeyTexts.nameRequired)).toBeInTheDocument();
    expect(sentBodies(fetch, 'POST', '/api/auth/passkeys/register/options')).toHaveLength(0);
    await user.type(screen.getByLabelText(/^Nom de la clé d’accès/), 'Ordinateur du bureau');
    await user.click(screen.getByRole('button', { name: passkeyTexts.save }));
    expect(await screen.findByText(passkeyTexts.added('Ordinateur du bureau'))).toBeInTheDocument();
    expect(sentBodies(fetch, 'POST', '/api/auth/passkeys/register')).toEqual([{ name: 'Ordinateur du bureau', response: FAKE_CREDENTIAL }]);
    const row = (await screen.findByText('Ordinateur du bureau', { selector: 'td' })).closest('tr')!;
    expect(within(row).getByText(passkeyTexts.never)).toBeInTheDocument();
  });

  it('deletes a passkey once confirmed', async () => {
    let list = [PASSKEY];
    stubFetch({
      ...base,
      'GET /api/auth/passkeys': () => ({ body: { data: list } }),
      'DELETE /api/auth/passkeys/7': () => {
        list = [];
        return { body: { message: passkeyTexts.deleted } };
      },
    });
    const user = userEvent.setup({ delay: null });
    renderAdminTab(<AccountTab />);
    await user.click(await screen.findByRole('button', { name: 'Supprimer la clé d’accès « Téléphone »' }));
    expect(screen.getByRole('alertdialog')).toHaveTextContent(passkeyTexts.deleteConfirm('Téléphone'));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText(passkeyTexts.empty)).toBeInTheDocument();
  });

  it('changes the password, and says a wrong current one under its field', async () => {
    const fetch = stubFetch({
      ...base,
      'GET /api/auth/passkeys': { body: { data: [] } },
      'PUT /api/auth/me/password': ({ body }) =>
        (body as { currentPassword: string }).currentPassword === 'ancien-mdp' ? { body: { message: passkeyTexts.passwordChanged } } : { status: 400, body: { error: passkeyTexts.currentPasswordWrong } },
    });
    const user = userEvent.setup({ delay: null });
    renderAdminTab(<AccountTab />);
    await user.type(screen.getByLabelText(/^Mot de passe actuel/), 'mauvais');
    await user.type(screen.getByLabelText(/^Nouveau mot de passe/), 'nouveau-mdp');
    await user.type(screen.getByLabelText(/^Confirmer le mot de passe/), 'nouveau-mdp');
    await user.click(screen.getByRole('button', { name: passkeyTexts.changePassword }));
    expect(await screen.findByText(passkeyTexts.currentPasswordWrong)).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^Mot de passe actuel/));
    await user.type(screen.getByLabelText(/^Mot de passe actuel/), 'ancien-mdp');
    await user.click(screen.getByRole('button', { name: passkeyTexts.changePassword }));
    expect(await screen.findByText(passkeyTexts.passwordChanged)).toBeInTheDocument();
    await waitFor(() => expect(sentBodies(fetch, 'PUT', '/api/auth/me/password')).toHaveLength(2));
  });
});
