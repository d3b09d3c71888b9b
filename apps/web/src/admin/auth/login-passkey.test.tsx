import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { startAuthentication } from '@simplewebauthn/browser';
import { passkeyTexts } from '@bande/shared';
import { sentBodies, stubFetch } from '../test-utils.tsx';
import { renderAdminApp } from './render-admin-app.tsx';

vi.setConfig({ testTimeout: 20_000 });

// The authenticator is the browser's: here one whose user said yes, or who cancelled.
const ASSERTION = { id: 'abc', rawId: 'abc', type: 'public-key', response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' }, clientExtensionResults: {} };
vi.mock('@simplewebauthn/browser', () => ({
  browserSupportsWebAuthn: () => true,
  browserSupportsWebAuthnAutofill: async () => true,
  startRegistration: vi.fn(),
  startAuthentication: vi.fn(),
}));
const ceremony = vi.mocked(startAuthentication);

beforeEach(() => {
  localStorage.clear();
  ceremony.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

const SESSION = { token: 'jeton-cle', user: { id: 1, email: 'admin@example.org' } };
const OPTIONS = { challenge: 'defi', rpId: 'localhost' };

describe('login with a passkey', () => {
  it('logs in with the button, no email nor password, and opens the dashboard', async () => {
    ceremony.mockResolvedValue(ASSERTION as never);
    const fetch = stubFetch({
      'POST /api/auth/passkey/options': { body: OPTIONS },
      'POST /api/auth/passkey/login': { body: SESSION },
      'GET /api/shows': { body: { data: [] } },
    });
    await renderAdminApp();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: passkeyTexts.loginButton }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/dashboard'));
    expect(ceremony).toHaveBeenCalledWith({ optionsJSON: OPTIONS, useBrowserAutofill: false });
    expect(sentBodies(fetch, 'POST', '/api/auth/passkey/login')).toEqual([{ response: ASSERTION }]);
    expect(localStorage.getItem('admin_token')).toBe('jeton-cle');
  });

  it('says the server’s refusal in French, and a cancelled ceremony as such', async () => {
    ceremony.mockResolvedValueOnce(ASSERTION as never).mockRejectedValueOnce(Object.assign(new Error('cancel'), { name: 'NotAllowedError' }));
    stubFetch({
      'POST /api/auth/passkey/options': { body: OPTIONS },
      'POST /api/auth/passkey/login': { status: 401, body: { error: passkeyTexts.loginFailed } },
    });
    await renderAdminApp();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: passkeyTexts.loginButton }));
    expect(await screen.findByRole('alert')).toHaveTextContent(passkeyTexts.loginFailed);
    await user.click(screen.getByRole('button', { name: passkeyTexts.loginButton }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(passkeyTexts.browserCancelled));
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/login');
  });

  it('offers the passkeys in the email field’s autofill from its first focus', async () => {
    ceremony.mockResolvedValue(ASSERTION as never);
    stubFetch({
      'POST /api/auth/passkey/options': { body: OPTIONS },
      'POST /api/auth/passkey/login': { body: SESSION },
      'GET /api/shows': { body: { data: [] } },
    });
    await renderAdminApp();
    const email = screen.getByLabelText(/^Email/);
    expect(email).toHaveAttribute('autocomplete', 'username webauthn');
    expect(ceremony).not.toHaveBeenCalled();
    await userEvent.setup({ delay: null }).click(email);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/dashboard'));
    expect(ceremony).toHaveBeenCalledWith({ optionsJSON: OPTIONS, useBrowserAutofill: true });
  });
});
