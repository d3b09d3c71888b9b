import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EMPTY_LEGAL_SETTINGS, texts } from '@bande/shared';
import { sentBodies, stubFetch } from '../test-utils.tsx';
import { renderAdminApp } from './render-admin-app.tsx';

const lockedMessage = texts.api.accountLockedMinutes(15);

async function fillAndSubmit(email = 'admin@example.org', password = 'mauvais') {
  const user = userEvent.setup({ delay: null });
  await user.type(screen.getByLabelText(/^Email/), email);
  await user.type(screen.getByLabelText(/^Mot de passe/), password);
  await user.click(screen.getByRole('button', { name: 'Se connecter' }));
  return user;
}

// The machines running the suite are shared: typing through user-event can take a few seconds.
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('login messages (spec section 8)', () => {
  it('tells how many attempts remain on a 401 with remainingAttempts', async () => {
    stubFetch({ 'POST /api/auth/login': { status: 401, body: { error: texts.errors.loginInvalid, remainingAttempts: 3 } } });
    await renderAdminApp();
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Email ou mot de passe incorrect (3 tentative(s) restante(s))');
  });

  it('shows the server error, or the default text, on a 401 without remainingAttempts', async () => {
    stubFetch({ 'POST /api/auth/login': { status: 401, body: { error: 'Session refusée' } } });
    await renderAdminApp();
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Session refusée');
  });

  it('falls back to "Email ou mot de passe incorrect" when the 401 carries no text', async () => {
    stubFetch({ 'POST /api/auth/login': { status: 401, body: {} } });
    await renderAdminApp();
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Email ou mot de passe incorrect$/);
  });

  it('says "Erreur de connexion" when the network fails', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await renderAdminApp();
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent(texts.errors.connection);
  });

  it('asks for email and password before calling the server', async () => {
    const fetch = stubFetch({});
    await renderAdminApp();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findAllByText(texts.validation.required)).toHaveLength(2);
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('an expired session', () => {
  it('a 401 from an admin call brings the login page with « Votre session a expiré, reconnectez-vous. », then back to the dashboard', async () => {
    localStorage.setItem('admin_token', 'périmé');
    localStorage.setItem('admin_active_tab', 'members');
    let loggedIn = false;
    stubFetch({
      'GET /api/shows': () => (loggedIn ? { body: { data: [] } } : { status: 401, body: { error: texts.api.invalidToken } }),
      'GET /api/messages/summary': { body: { new: 0 } },
      'GET /api/legal': { body: EMPTY_LEGAL_SETTINGS },
      'GET /api/members': { body: { data: [] } },
      'POST /api/auth/login': () => {
        loggedIn = true;
        return { body: { token: 'jeton', user: { id: 1, email: 'admin@example.org' } } };
      },
    });
    await renderAdminApp('/admin/dashboard');
    expect(await screen.findByText('Votre session a expiré, reconnectez-vous.')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/login');
    expect(localStorage.getItem('admin_token')).toBeNull();

    await fillAndSubmit('admin@example.org', 'secret');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/dashboard'));
    expect(await screen.findByRole('heading', { name: 'Membres' })).toBeInTheDocument();
  });

  it('a plain visit to the login page says nothing of a session', async () => {
    await renderAdminApp();
    expect(screen.queryByText('Votre session a expiré, reconnectez-vous.')).toBeNull();
  });
});

describe('locked account (HTTP 429) and unlock code', () => {
  it('disables the fields, offers an unlock code, then shows the code field and the submit button again', async () => {
    let unlocked = false;
    const fetch = stubFetch({
      'POST /api/auth/login': ({ body }) =>
        (body as { unlockCode?: string }).unlockCode === '123456' && unlocked
          ? { body: { token: 'jeton', user: { id: 1, email: 'admin@example.org' } } }
          : { status: 429, body: { error: lockedMessage, message: lockedMessage, canRequestUnlock: true } },
      'POST /api/auth/request-unlock': () => {
        unlocked = true;
        return { body: { message: texts.success.unlockCodeSent } };
      },
      'GET /api/shows': { body: { data: [] } },
    });
    await renderAdminApp();
    const user = await fillAndSubmit();

    expect(await screen.findByRole('alert')).toHaveTextContent(lockedMessage);
    expect(screen.getByLabelText(/^Email/)).toBeDisabled();
    expect(screen.getByLabelText(/^Mot de passe/)).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Se connecter' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/Code de déblocage/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Recevoir un code de déblocage' }));
    expect(await screen.findByText(texts.success.unlockCodeSent)).toBeInTheDocument();
    expect(sentBodies(fetch, 'POST', '/api/auth/request-unlock')).toEqual([{ email: 'admin@example.org' }]);

    const code = screen.getByLabelText(/Code de déblocage/);
    await user.type(code, 'a1b2c3d4e5f6g7');
    expect(code).toHaveValue('123456');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/dashboard'));
    expect(sentBodies(fetch, 'POST', '/api/auth/login').at(-1)).toEqual({ email: 'admin@example.org', password: 'mauvais', unlockCode: '123456' });
    expect(localStorage.getItem('admin_token')).toBe('jeton');
    expect(JSON.parse(localStorage.getItem('admin_user')!)).toEqual({ id: 1, email: 'admin@example.org' });
  });

  it('after a wrong unlock code, the code field and « Se connecter » stay usable, and the code already mailed still works (Enter)', async () => {
    const fetch = stubFetch({
      'POST /api/auth/login': ({ body }) => {
        const { unlockCode } = body as { unlockCode?: string };
        if (unlockCode === '123456') return { body: { token: 'jeton', user: { id: 1, email: 'admin@example.org' } } };
        const message = unlockCode ? texts.api.unlockCodeInvalid : lockedMessage;
        return { status: 429, body: { error: message, message, canRequestUnlock: true } };
      },
      'POST /api/auth/request-unlock': { body: { message: texts.success.unlockCodeSent } },
      'GET /api/shows': { body: { data: [] } },
    });
    await renderAdminApp();
    const user = await fillAndSubmit();
    await user.click(await screen.findByRole('button', { name: 'Recevoir un code de déblocage' }));
    const code = await screen.findByLabelText(/Code de déblocage/);
    await user.type(code, '123465');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(texts.api.unlockCodeInvalid);
    expect(screen.getByLabelText(/^Email/)).toBeEnabled();
    expect(screen.getByLabelText(/^Mot de passe/)).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Se connecter' })).toBeEnabled();
    await waitFor(() => expect(screen.getByLabelText(/Code de déblocage/)).toHaveFocus());

    await user.clear(screen.getByLabelText(/Code de déblocage/));
    await user.type(screen.getByLabelText(/Code de déblocage/), '123456{Enter}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/dashboard'));
    expect(sentBodies(fetch, 'POST', '/api/auth/request-unlock')).toHaveLength(1);
  });

  it('falls back to "Compte temporairement bloqué" when the 429 has no text', async () => {
    stubFetch({ 'POST /api/auth/login': { status: 429, body: {} } });
    await renderAdminApp();
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent(texts.errors.accountLocked);
  });

  it('a limit on this connection, not a locked account, offers no unlock code: the form stays for another account (issue 35)', async () => {
    const throttled = texts.api.loginThrottledMinutes(15);
    stubFetch({ 'POST /api/auth/login': { status: 429, body: { error: throttled, message: throttled, canRequestUnlock: false } } });
    await renderAdminApp();
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent(/Trop de tentatives depuis cette connexion pour ce compte/);
    expect(screen.queryByRole('button', { name: 'Recevoir un code de déblocage' })).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^Email/)).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Se connecter' })).toBeEnabled();
  });

  it('shows the server error, or the default text, when the unlock request fails', async () => {
    stubFetch({
      'POST /api/auth/login': { status: 429, body: { error: lockedMessage, message: lockedMessage, canRequestUnlock: true } },
      'POST /api/auth/request-unlock': { status: 500, body: {} },
    });
    await renderAdminApp();
    const user = await fillAndSubmit();
    await user.click(await screen.findByRole('button', { name: 'Recevoir un code de déblocage' }));
    expect(await screen.findByText(texts.errors.unlockRequestFailed)).toBeInTheDocument();
    expect(screen.queryByLabelText(/Code de déblocage/)).not.toBeInTheDocument();
  });
});

describe('admin routes', () => {
  it('sends /admin/dashboard without a token to login, then back to the dashboard after login', async () => {
    stubFetch({
      'POST /api/auth/login': { body: { token: 'jeton', user: { id: 1, email: 'admin@example.org' } } },
      'GET /api/shows': { body: { data: [] } },
    });
    await renderAdminApp('/admin/dashboard');
    expect(await screen.findByTestId('location')).toHaveTextContent('/admin/login');
    await fillAndSubmit('admin@example.org', 'bon-mot-de-passe');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/dashboard'));
    expect(await screen.findByRole('heading', { name: 'Spectacles' })).toBeInTheDocument();
  });

  it('sends any other /admin path to login, and login to the dashboard when a token exists', async () => {
    await renderAdminApp('/admin/nimporte-quoi');
    expect(await screen.findByTestId('location')).toHaveTextContent('/admin/login');
  });

  it('goes straight to the dashboard from login with a token, and clears a token the server refuses', async () => {
    localStorage.setItem('admin_token', 'perime');
    localStorage.setItem('admin_user', JSON.stringify({ id: 1, email: 'admin@example.org' }));
    stubFetch({ 'GET /api/shows': { status: 401, body: { error: texts.api.invalidToken } } });
    await renderAdminApp('/admin/login');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/login'));
    await screen.findByRole('button', { name: 'Se connecter' });
    expect(localStorage.getItem('admin_token')).toBeNull();
    expect(localStorage.getItem('admin_user')).toBeNull();
  });
});
