import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { texts, twoFactorTexts } from '@bande/shared';
import { sentBodies, stubFetch } from '../test-utils.tsx';
import { renderAdminApp } from './render-admin-app.tsx';

vi.setConfig({ testTimeout: 20_000 });
beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

const ADMIN = { email: 'admin@example.org', password: 'bon-mot-de-passe' };
const SESSION = { token: 'jeton', user: { id: 1, email: ADMIN.email } };
const required = { status: 401, body: { error: twoFactorTexts.codeRequired, totpRequired: true } };

async function passwordStep() {
  const user = userEvent.setup({ delay: null });
  await user.type(screen.getByLabelText(/^Email/), ADMIN.email);
  await user.type(screen.getByLabelText(/^Mot de passe/), ADMIN.password);
  await user.click(screen.getByRole('button', { name: 'Se connecter' }));
  return user;
}

describe('login with two-factor on', () => {
  it('asks for the code in a second step, focused, then sends it with the email and password', async () => {
    const fetch = stubFetch({
      'POST /api/auth/login': ({ body }) => ((body as { totpCode?: string }).totpCode === '123456' ? { body: SESSION } : required),
      'GET /api/shows': { body: { data: [] } },
    });
    await renderAdminApp();
    const user = await passwordStep();

    const code = await screen.findByLabelText(/^Code de vérification/);
    expect(screen.getByRole('heading', { name: twoFactorTexts.title })).toBeInTheDocument();
    // Focused by an effect, which may run just after the render that shows the field.
    await waitFor(() => expect(code).toHaveFocus());
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText(ADMIN.email)).toBeInTheDocument();

    await user.type(code, '12a3 456');
    expect(code).toHaveValue('123456');
    await user.click(screen.getByRole('button', { name: twoFactorTexts.verify }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/dashboard'));
    expect(sentBodies(fetch, 'POST', '/api/auth/login')).toEqual([ADMIN, { ...ADMIN, totpCode: '123456' }]);
    expect(localStorage.getItem('admin_token')).toBe('jeton');
  });

  it('tells a wrong code with the attempts left and empties the field', async () => {
    stubFetch({
      'POST /api/auth/login': ({ body }) =>
        (body as { totpCode?: string }).totpCode
          ? { status: 401, body: { error: twoFactorTexts.codeInvalid, totpRequired: true, remainingAttempts: 3 } }
          : required,
    });
    await renderAdminApp();
    const user = await passwordStep();
    await user.type(await screen.findByLabelText(/^Code de vérification/), '000000');
    await user.click(screen.getByRole('button', { name: twoFactorTexts.verify }));
    expect(await screen.findByRole('alert')).toHaveTextContent(twoFactorTexts.codeRemaining(3));
    expect(screen.getByLabelText(/^Code de vérification/)).toHaveValue('');
  });

  it('takes a recovery code instead, sent in totpCode', async () => {
    const fetch = stubFetch({
      'POST /api/auth/login': ({ body }) => ((body as { totpCode?: string }).totpCode === 'abcde-23456' ? { body: SESSION } : required),
      'GET /api/shows': { body: { data: [] } },
    });
    await renderAdminApp();
    const user = await passwordStep();
    await user.click(await screen.findByRole('button', { name: twoFactorTexts.useRecovery }));
    const recovery = screen.getByLabelText(/^Code de secours/);
    await waitFor(() => expect(recovery).toHaveFocus());
    await user.type(recovery, 'ABCDE-23456');
    await user.click(screen.getByRole('button', { name: twoFactorTexts.verify }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/dashboard'));
    expect(sentBodies(fetch, 'POST', '/api/auth/login').at(-1)).toEqual({ ...ADMIN, totpCode: 'abcde-23456' });
  });

  it('refuses an empty or malformed code before calling the server, in French', async () => {
    const fetch = stubFetch({ 'POST /api/auth/login': required });
    await renderAdminApp();
    const user = await passwordStep();
    await user.click(await screen.findByRole('button', { name: twoFactorTexts.verify }));
    expect(await screen.findByText(texts.validation.required)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Code de vérification/), '123');
    await user.click(screen.getByRole('button', { name: twoFactorTexts.verify }));
    expect(screen.getByText(twoFactorTexts.codeFormat)).toBeInTheDocument();
    expect(sentBodies(fetch, 'POST', '/api/auth/login')).toHaveLength(1);
  });

  it('goes back to the password step with « Retour », and to the locked screen on a 429', async () => {
    const locked = texts.api.accountLockedMinutes(15);
    stubFetch({
      'POST /api/auth/login': ({ body }) =>
        (body as { totpCode?: string }).totpCode ? { status: 429, body: { error: locked, message: locked, canRequestUnlock: true } } : required,
    });
    await renderAdminApp();
    const user = await passwordStep();
    await user.click(await screen.findByRole('button', { name: twoFactorTexts.back }));
    expect(screen.getByLabelText(/^Email/)).toHaveValue(ADMIN.email);
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    await user.type(await screen.findByLabelText(/^Code de vérification/), '111111');
    await user.click(screen.getByRole('button', { name: twoFactorTexts.verify }));
    expect(await screen.findByRole('alert')).toHaveTextContent(locked);
    expect(screen.getByRole('button', { name: 'Recevoir un code de déblocage' })).toBeInTheDocument();
  });
});
