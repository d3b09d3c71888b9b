import { request, type Page } from '@playwright/test';
import { apiLogin, baseTest, confirmDeletion, expect, SITE_URL } from './support/admin.ts';
import { invitationMailed, openMyAccount, submitLogin } from './support/accounts.ts';
import { expectNoSeriousA11yViolations } from '../support/fixtures.ts';

/*
 * Passkeys in Chromium with a virtual authenticator (DevTools protocol). WebAuthn refuses an IP address
 * as a site's name: the e2e server (SITE_URL http://127.0.0.1:port) is reached as localhost, the name
 * its passkeys are made for (modules/passkeys/relying-party.ts).
 */
const LOCAL_URL = SITE_URL.replace('://127.0.0.1', '://localhost');

interface Account {
  email: string;
  password: string;
}

// An account of its own, invited by the seeded admin through the API and deleted at the end: its
// password is locked here, which the other journeys (logged in as the seeded admin) must never meet.
const test = baseTest.extend<{ account: Account }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
  account: async ({}, use) => {
    const admin = await apiLogin(SITE_URL);
    const api = await request.newContext({ baseURL: SITE_URL, extraHTTPHeaders: { authorization: `Bearer ${admin.token}` } });
    const account = { email: `cle-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.org`, password: 'mot-de-passe-cle' };
    const since = Date.now();
    const created = await api.post('/api/users', { data: { email: account.email } });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: number };
    // The invitation code is accepted with its link's key (after #invitation=), as the mail's link sends it.
    const { code, link } = await invitationMailed(account.email, since);
    const invitation = link.slice(link.indexOf('=') + 1);
    expect((await api.post('/api/auth/reset-password', { data: { code, newPassword: account.password, invitation } })).status()).toBe(200);
    await use(account);
    await api.delete(`/api/users/${id}`);
    await api.dispose();
  },
});
// The refused logins of these journeys are answered 401 and 429, which Chromium logs.
test.use({ baseURL: LOCAL_URL, allowedConsoleErrors: [/status of (401|429)/] });

/** A platform authenticator (a phone's or a laptop's) that verifies its user, as the DevTools protocol plays one. */
async function addAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return { setUserVerified: (isUserVerified: boolean) => cdp.send('WebAuthn.setUserVerified', { authenticatorId, isUserVerified }) };
}

async function passwordLogin(page: Page, { email, password }: Account) {
  await page.goto('/admin/login');
  await submitLogin(page, email, password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

async function logout(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Déconnexion' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
}

const passkeysSection = (page: Page) => page.getByRole('region', { name: 'Clés d’accès' });

async function addPasskey(page: Page, name: string) {
  const section = passkeysSection(page);
  await section.getByRole('button', { name: 'Ajouter une clé d’accès' }).click();
  await section.getByRole('textbox', { name: 'Nom de la clé d’accès' }).fill(name);
  await section.getByRole('button', { name: 'Continuer' }).click();
}

const passkeyButton = (page: Page) => page.getByRole('button', { name: 'Se connecter avec une clé d’accès' });

test('Clés d’accès: add one in « Mon compte », log in with it without a password, also while the password is locked, until it is deleted', async ({ page, account }) => {
  test.setTimeout(120_000);
  await addAuthenticator(page);
  await passwordLogin(page, account);
  await openMyAccount(page);
  await addPasskey(page, 'Ordinateur portable');
  await expect(page.getByText('Clé d’accès « Ordinateur portable » ajoutée.')).toBeVisible();
  const row = passkeysSection(page).getByRole('row').filter({ hasText: 'Ordinateur portable' });
  await expect(row).toContainText('jamais');
  await expectNoSeriousA11yViolations(page, 'Mon compte');
  await logout(page);

  // No email, no password: the passkey alone.
  await passkeyButton(page).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('banner')).toContainText(account.email);
  await logout(page);

  // Browser autofill: the email field offers the passkey (the virtual authenticator picks it at once).
  await page.getByRole('textbox', { name: 'Email' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await logout(page);

  // A stranger locks the password with wrong attempts: even the right password is refused now…
  const tryPassword = (password: string) => page.request.post('/api/auth/login', { data: { email: account.email, password } });
  for (let attempt = 0; attempt < 5; attempt++) await tryPassword('mauvais-essai');
  expect((await tryPassword(account.password)).status()).toBe(429);
  // …and the owner's passkey still gets in.
  await passkeyButton(page).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  // Its last use is listed; once deleted, it no longer logs in.
  await openMyAccount(page);
  await expect(row).not.toContainText('jamais');
  await row.getByRole('button', { name: 'Supprimer la clé d’accès « Ordinateur portable »' }).click();
  await confirmDeletion(page, 'Ordinateur portable');
  await expect(passkeysSection(page).getByText('Aucune clé d’accès pour ce compte.')).toBeVisible();
  await logout(page);
  await passkeyButton(page).click();
  await expect(page.getByRole('alert')).toContainText('Clé d’accès refusée');
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test('Clés d’accès: an authenticator that does not verify its user is refused', async ({ page, account }) => {
  test.setTimeout(120_000);
  const authenticator = await addAuthenticator(page);
  await passwordLogin(page, account);
  await openMyAccount(page);
  await addPasskey(page, 'Téléphone');
  await expect(page.getByText('Clé d’accès « Téléphone » ajoutée.')).toBeVisible();
  await logout(page);

  // The same key, its user no longer verified (no PIN, no fingerprint): no session.
  await authenticator.setUserVerified(false);
  await passkeyButton(page).click();
  await expect(page.getByRole('alert')).toContainText(/Clé d’accès refusée|refusée par le navigateur/);
  await expect(page).toHaveURL(/\/admin\/login$/);

  // Nor can such an authenticator add a passkey.
  await passwordLogin(page, account);
  await openMyAccount(page);
  await addPasskey(page, 'Clé sans vérification');
  await expect(passkeysSection(page).getByText(/vérifier votre identité|refusée par le navigateur/)).toBeVisible();
  await expect(passkeysSection(page).getByRole('row').filter({ hasText: 'Clé sans vérification' })).toHaveCount(0);
});
