import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getDefaultNormalizer, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { texts } from '@bande/shared';
import { adminTexts } from '../admin-texts.ts';
import { sentBodies, stubFetch } from '../test-utils.tsx';
import { renderAdminApp } from './render-admin-app.tsx';

vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => localStorage.clear());

/** Texts compared as written: their narrow no-break spaces are not spaces to be collapsed. */
const keepSpaces = getDefaultNormalizer({ collapseWhitespace: false });
afterEach(() => vi.unstubAllGlobals());

async function reachCodeStep() {
  const user = userEvent.setup({ delay: null });
  await user.click(screen.getByRole('button', { name: 'Envoyer un code' }));
  await screen.findByLabelText(/Code reçu par email/);
  return user;
}

/** The code step's last part: the new password, typed twice alike, then « Réinitialiser le mot de passe ». */
async function submitNewPassword(user: ReturnType<typeof userEvent.setup>, password: string) {
  await user.type(screen.getByLabelText(/^Nouveau mot de passe/), password);
  await user.type(screen.getByLabelText(/^Confirmer le mot de passe/), password);
  await user.click(screen.getByRole('button', { name: 'Réinitialiser le mot de passe' }));
}

describe('the invitation mail’s link (issue 35)', () => {
  it('opens the password step with the code filled in; the reset carries the link’s key; the login then has the email', async () => {
    const fetch = stubFetch({ 'POST /api/auth/reset-password': { body: { message: texts.success.passwordReset } } });
    await renderAdminApp('/admin/forgot-password#invitation=cle-du-lien&code=123456&email=lea%40example.org');
    expect(await screen.findByLabelText(/Code reçu par email/)).toHaveValue('123456');
    expect(screen.getByRole('status')).toHaveTextContent(/Le code de votre invitation est déjà rempli/);
    await waitFor(() => expect(screen.getByLabelText(/^Nouveau mot de passe/)).toHaveFocus());
    const user = userEvent.setup({ delay: null });
    await submitNewPassword(user, 'un-secret-choisi');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/login'));
    expect(sentBodies(fetch, 'POST', '/api/auth/reset-password')).toEqual([{ code: '123456', newPassword: 'un-secret-choisi', invitation: 'cle-du-lien' }]);
    expect(await screen.findByLabelText(/^Email/)).toHaveValue('lea@example.org');
  });
});

describe('forgot password', () => {
  it('stays on the request step with "Erreur lors de l\'envoi du code" when the request fails', async () => {
    stubFetch({ 'POST /api/auth/request-reset': { status: 500, body: { error: 'panne' } } });
    await renderAdminApp('/admin/forgot-password');
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Envoyer un code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(texts.errors.resetCodeSend);
    expect(screen.getByRole('button', { name: 'Envoyer un code' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/Code reçu par email/)).not.toBeInTheDocument();
  });

  it('validates code, length and confirmation in the page before calling the server', async () => {
    const fetch = stubFetch({ 'POST /api/auth/request-reset': { body: { message: texts.success.resetCodeSent } } });
    await renderAdminApp('/admin/forgot-password');
    const user = await reachCodeStep();
    expect(sentBodies(fetch, 'POST', '/api/auth/request-reset')).toEqual([undefined]);
    expect(screen.getByText(/valable 10 minutes/)).toBeInTheDocument();

    const code = screen.getByLabelText(/Code reçu par email/);
    await user.type(code, '12ab34cd5678');
    expect(code).toHaveValue('123456');

    await user.type(screen.getByLabelText(/^Nouveau mot de passe/), 'abc');
    await user.type(screen.getByLabelText(/^Confirmer le mot de passe/), 'abd');
    await user.click(screen.getByRole('button', { name: 'Réinitialiser le mot de passe' }));
    expect(await screen.findByText(texts.validation.passwordTooShort)).toBeInTheDocument();
    expect(await screen.findByText(texts.validation.passwordsDoNotMatch)).toBeInTheDocument();
    expect(sentBodies(fetch, 'POST', '/api/auth/reset-password')).toEqual([]);
  });

  it('resets the password, then shows the success message on the login page', async () => {
    const fetch = stubFetch({
      'POST /api/auth/request-reset': { body: { message: texts.success.resetCodeSent } },
      'POST /api/auth/reset-password': { body: { message: texts.success.passwordReset } },
    });
    await renderAdminApp('/admin/forgot-password');
    const user = await reachCodeStep();
    await user.type(screen.getByLabelText(/Code reçu par email/), '654321');
    await submitNewPassword(user, 'nouveau-secret');

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/login'));
    // The login page's chunk may still be on its way: « Chargement… » is a status too.
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(texts.success.passwordReset));
    expect(sentBodies(fetch, 'POST', '/api/auth/reset-password')).toEqual([{ code: '654321', newPassword: 'nouveau-secret' }]);
  });

  it('asks for the code at the address of the account typed, and says so without telling whether it exists', async () => {
    const fetch = stubFetch({ 'POST /api/auth/request-reset': { body: { message: texts.success.resetCodeSent } } });
    await renderAdminApp('/admin/forgot-password');
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByRole('textbox', { name: /Adresse email de votre compte/ }), '  benevole@example.org ');
    await user.click(screen.getByRole('button', { name: 'Envoyer un code' }));
    await screen.findByLabelText(/Code reçu par email/);
    expect(sentBodies(fetch, 'POST', '/api/auth/request-reset')).toEqual([{ email: 'benevole@example.org' }]);
    expect(screen.getByText(adminTexts.reset.codeSentTo('benevole@example.org'))).toBeInTheDocument();
    expect(screen.queryByText(texts.success.resetCodeSent)).not.toBeInTheDocument();
  });

  it('refuses an address that is not one, in French, without calling the server', async () => {
    const fetch = stubFetch({ 'POST /api/auth/request-reset': { body: { message: texts.success.resetCodeSent } } });
    await renderAdminApp('/admin/forgot-password');
    const user = userEvent.setup({ delay: null });
    const field = screen.getByRole('textbox', { name: /Adresse email de votre compte/ });
    await user.type(field, 'pas-une-adresse');
    await user.click(screen.getByRole('button', { name: 'Envoyer un code' }));
    expect(await screen.findByText(texts.validation.emailInvalid)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(sentBodies(fetch, 'POST', '/api/auth/request-reset')).toEqual([]);
  });

  it('« Mot de passe oublié ? » carries the address typed on the login page', async () => {
    stubFetch({});
    await renderAdminApp('/admin/login');
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'benevole@example.org');
    await user.click(screen.getByRole('link', { name: texts.admin.forgotPasswordLink }));
    expect(await screen.findByRole('textbox', { name: /Adresse email de votre compte/ })).toHaveValue('benevole@example.org');
  });

  it("« J'ai déjà un code » (an invitation) goes to the code step without asking for a mail", async () => {
    const fetch = stubFetch({ 'POST /api/auth/reset-password': { body: { message: texts.success.passwordReset } } });
    await renderAdminApp('/admin/forgot-password');
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: "J'ai déjà un code (invitation)" }));
    await user.type(await screen.findByLabelText(/Code reçu par email/), '123456');
    expect(screen.queryByText(texts.success.resetCodeSent)).not.toBeInTheDocument();
    // Without the invitation's link, the page says where a code works.
    expect(screen.getByText(adminTexts.reset.codeWhereFrom, { normalizer: keepSpaces })).toBeInTheDocument();
    await submitNewPassword(user, 'mon-secret');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/login'));
    expect(sentBodies(fetch, 'POST', '/api/auth/request-reset')).toEqual([]);
    expect(sentBodies(fetch, 'POST', '/api/auth/reset-password')).toEqual([{ code: '123456', newPassword: 'mon-secret' }]);
  });

  it("the invitation mail's link opens the code step and sends its key with the code", async () => {
    const key = 'k'.repeat(43);
    const fetch = stubFetch({ 'POST /api/auth/reset-password': { body: { message: texts.success.passwordReset } } });
    await renderAdminApp(`/admin/forgot-password#invitation=${key}`);
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText(/Code reçu par email/), '123456');
    expect(screen.queryByText(texts.success.resetCodeSent)).not.toBeInTheDocument();
    expect(screen.queryByText(adminTexts.reset.codeWhereFrom, { normalizer: keepSpaces })).not.toBeInTheDocument();
    await submitNewPassword(user, 'mon-secret');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/login'));
    expect(sentBodies(fetch, 'POST', '/api/auth/reset-password')).toEqual([{ code: '123456', newPassword: 'mon-secret', invitation: key }]);
  });

  it('shows the server error (or the default text) when the reset fails, and "Renvoyer un code" goes back', async () => {
    stubFetch({
      'POST /api/auth/request-reset': { body: { message: texts.success.resetCodeSent } },
      'POST /api/auth/reset-password': { status: 400, body: { error: texts.api.resetCodeInvalid } },
    });
    await renderAdminApp('/admin/forgot-password');
    const user = await reachCodeStep();
    await user.type(screen.getByLabelText(/Code reçu par email/), '000000');
    await submitNewPassword(user, 'nouveau-secret');
    expect(await screen.findByRole('alert')).toHaveTextContent(texts.api.resetCodeInvalid);
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/forgot-password');

    await user.click(screen.getByRole('button', { name: texts.admin.resendCode }));
    expect(screen.getByRole('button', { name: 'Envoyer un code' })).toBeInTheDocument();
  });

  it('falls back to "Erreur lors de la réinitialisation" without a server text', async () => {
    stubFetch({
      'POST /api/auth/request-reset': { body: {} },
      'POST /api/auth/reset-password': { status: 500, body: {} },
    });
    await renderAdminApp('/admin/forgot-password');
    const user = await reachCodeStep();
    await user.type(screen.getByLabelText(/Code reçu par email/), '000000');
    await submitNewPassword(user, 'nouveau-secret');
    expect(await screen.findByRole('alert')).toHaveTextContent(texts.errors.resetFailed);
  });
});
