import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminTexts } from '../admin-texts.ts';
import { cleanUpAfterEachTest, stubFetch, type FakeResponse } from '../test-utils.tsx';
import { renderAdminApp } from './render-admin-app.tsx';

vi.setConfig({ testTimeout: 30_000 });
cleanUpAfterEachTest();

const LEA = { id: 7, email: 'lea@example.org', role: 'editor' as const };
const member = { id: 4, documentId: 'd4', firstName: 'Ana', lastName: 'Lys', fullName: 'Ana Lys', role: 'Lectrice', note: null, photo: null, published: false, createdAt: '', updatedAt: '', publishedAt: null };
// What the server answers once the session is gone, whichever way it ended (admin-auth guard).
const ENDED: FakeResponse = { status: 401, body: { error: 'Session expirée ou invalide' } };

/**
 * The members tab of Léa's dashboard. The first save meets `firstSave` (a session ended on the
 * server); later saves succeed. Every call's token is noted.
 */
function backend(firstSave: FakeResponse, login: FakeResponse = { body: { token: 'jeton-2', user: LEA } }) {
  const tokens: string[] = [];
  let saves = 0;
  const note = (answer: FakeResponse) => () => answer;
  const fetch = stubFetch({
    'GET /api/auth/me': { body: { user: LEA } },
    'GET /api/shows': { body: { data: [] } },
    'GET /api/members': { body: { data: [member] } },
    'GET /api/members/4': { body: { data: member } },
    'GET /api/legal': { body: { data: {} } },
    'POST /api/auth/login': note(login),
    'POST /api/auth/logout': { status: 204 },
    'PUT /api/members/4': () => (saves++ === 0 ? firstSave : { body: { data: member } }),
  });
  const sentTokens = () => {
    tokens.length = 0;
    for (const [input, init] of fetch.mock.calls) {
      if (String(input) === '/api/members/4' && (init as RequestInit | undefined)?.method === 'PUT') {
        tokens.push(String(((init as RequestInit).headers as Record<string, string>).authorization));
      }
    }
    return tokens;
  };
  return { fetch, sentTokens };
}

async function openMemberWithChange(user: ReturnType<typeof userEvent.setup>) {
  localStorage.setItem('admin_token', 'jeton-1');
  localStorage.setItem('admin_user', JSON.stringify(LEA));
  localStorage.setItem('admin_active_tab', 'members');
  await renderAdminApp('/admin/dashboard');
  await user.click(await screen.findByRole('button', { name: 'Modifier Ana Lys' }));
  const firstName = await screen.findByRole('textbox', { name: /^Prénom/ });
  await user.clear(firstName);
  await user.type(firstName, 'Anaïs');
  await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
}

const layer = () => screen.findByRole('dialog', { name: adminTexts.login.signInAgain });

describe('a form whose session the server ends keeps its changes (issue 35)', () => {
  it.each([
    ['expired', ENDED],
    // Same answer whatever ended it: the client cannot tell, and need not.
    ['closed by a password change elsewhere', ENDED],
    ['closed by a role change', { status: 401, body: {} }],
  ])('session %s: « Reconnectez-vous » over the form, then « Enregistrer » sends the same input with the new session', async (_way, answer) => {
    const user = userEvent.setup({ delay: null });
    const { fetch, sentTokens } = backend(answer as FakeResponse);
    await openMemberWithChange(user);

    const signIn = await layer();
    expect(within(signIn).getByRole('status')).toHaveTextContent(/Vos modifications sont gardées/);
    expect(within(signIn).getByRole('textbox', { name: /^Email/ })).toHaveValue(LEA.email);
    // The form is still there, behind, with the input and no error of its own.
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/dashboard');
    // Kept in the browser for Léa's account only, should the page be left.
    expect(Object.keys(localStorage).filter((key) => key.startsWith('admin_drafts:'))).toEqual(['admin_drafts:7']);
    expect(localStorage.getItem('admin_drafts:7')).toContain('Anaïs');

    await user.type(within(signIn).getByLabelText(/^Mot de passe/), 'secret-de-lea');
    await user.click(within(signIn).getByRole('button', { name: 'Se connecter' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: adminTexts.login.signInAgain })).not.toBeInTheDocument());

    const form = screen.getByRole('dialog', { name: /membre/ });
    expect(within(form).getByRole('textbox', { name: /^Prénom/ })).toHaveValue('Anaïs');
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
    // Signed in again in place: nothing left in storage to restore twice.
    expect(localStorage.getItem('admin_drafts:7')).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /membre/ })).not.toBeInTheDocument());
    const bodies = fetch.mock.calls.filter(([input, init]) => String(input) === '/api/members/4' && (init as RequestInit | undefined)?.method === 'PUT');
    expect(bodies.map(([, init]) => JSON.parse(String((init as RequestInit).body)).firstName)).toEqual(['Anaïs', 'Anaïs']);
    expect(sentTokens()).toEqual(['Bearer jeton-1', 'Bearer jeton-2']);
  });

  it('another account signing in over the form sees none of it, and the first account’s kept changes are gone', async () => {
    const user = userEvent.setup({ delay: null });
    backend(ENDED, { body: { token: 'jeton-3', user: { id: 9, email: 'tom@example.org', role: 'editor' } } });
    await openMemberWithChange(user);
    const signIn = await layer();
    const email = within(signIn).getByRole('textbox', { name: /^Email/ });
    await user.clear(email);
    await user.type(email, 'tom@example.org');
    await user.type(within(signIn).getByLabelText(/^Mot de passe/), 'secret-de-tom');
    await user.click(within(signIn).getByRole('button', { name: 'Se connecter' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: adminTexts.login.signInAgain })).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog', { name: /membre/ })).not.toBeInTheDocument();
    expect(screen.queryByDisplayValue('Anaïs')).not.toBeInTheDocument();
    expect(Object.keys(localStorage).filter((key) => key.startsWith('admin_drafts:'))).toEqual([]);
  });

  it('given up for the login page, the changes come back when the same account opens the same record, until a logout', async () => {
    const user = userEvent.setup({ delay: null });
    backend(ENDED);
    await openMemberWithChange(user);
    await user.click(within(await layer()).getByRole('button', { name: adminTexts.login.giveUpChanges }));
    expect(await screen.findByText(adminTexts.login.sessionExpired)).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/login');

    await user.type(screen.getByLabelText(/^Email/), LEA.email);
    await user.type(screen.getByLabelText(/^Mot de passe/), 'secret-de-lea');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    await user.click(await screen.findByRole('button', { name: 'Modifier Ana Lys' }));
    const form = await screen.findByRole('dialog', { name: /membre/ });
    await waitFor(() => expect(within(form).getByRole('textbox', { name: /^Prénom/ })).toHaveValue('Anaïs'));
    expect(within(form).getByRole('status')).toHaveTextContent(/modifications non enregistrées ont été reprises/);
    // Taken back once: closed without saving, it asks, and is not restored a second time.
    await user.click(within(form).getByRole('button', { name: 'Annuler' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: adminTexts.discard.yes }));
    await user.click(await screen.findByRole('button', { name: 'Modifier Ana Lys' }));
    expect(await screen.findByRole('textbox', { name: /^Prénom/ })).toHaveValue('Ana');
  });

  it('a logout removes every kept change', async () => {
    const user = userEvent.setup({ delay: null });
    backend(ENDED);
    localStorage.setItem('admin_drafts:7', JSON.stringify({ x: { firstName: 'Anaïs' } }));
    localStorage.setItem('admin_drafts:9', JSON.stringify({ y: { firstName: 'Tom' } }));
    localStorage.setItem('admin_token', 'jeton-1');
    localStorage.setItem('admin_user', JSON.stringify(LEA));
    localStorage.setItem('admin_active_tab', 'members');
    await renderAdminApp('/admin/dashboard');
    await user.click(screen.getAllByRole('button', { name: 'Déconnexion' })[0]!);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/login'));
    expect(Object.keys(localStorage).filter((key) => key.startsWith('admin_drafts:'))).toEqual([]);
  });

  it('a form without changes: the login page, as before', async () => {
    stubFetch({
      'GET /api/auth/me': ENDED,
      'GET /api/shows': ENDED,
      'GET /api/members': ENDED,
      'GET /api/legal': ENDED,
    });
    localStorage.setItem('admin_token', 'jeton-1');
    localStorage.setItem('admin_user', JSON.stringify(LEA));
    localStorage.setItem('admin_active_tab', 'members');
    await renderAdminApp('/admin/dashboard');
    expect(await screen.findByText(adminTexts.login.sessionExpired)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
