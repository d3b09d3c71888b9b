import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { adminFixtures, baseTest, confirmDeletion, expect, openTab, row, SITE_URL, type AdminFixtures, type AdminWorkerFixtures } from './support/admin.ts';
import { acceptInvitation, inviteAccount, openMyAccount, submitLogin } from './support/accounts.ts';
import { expectNoSeriousA11yViolations } from '../support/fixtures.ts';

const test = baseTest.extend<AdminFixtures, AdminWorkerFixtures>(adminFixtures);

/** What an authenticator app shows for `secret` now. */
const codeOf = (secret: string, timestamp = Date.now()) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30, timestamp });

/** A code of a 30-second step after `afterStep` (a step already used is refused: no replay). */
async function freshCode(secret: string, afterStep: number): Promise<{ code: string; step: number }> {
  let step = Math.floor(Date.now() / 30_000);
  while (step <= afterStep) {
    await new Promise((resolve) => setTimeout(resolve, (step + 1) * 30_000 - Date.now() + 200));
    step = Math.floor(Date.now() / 30_000);
  }
  return { code: codeOf(secret), step };
}

async function passwordStep(page: Page, email: string, password: string) {
  await page.goto('/admin/login');
  await submitLogin(page, email, password);
}

/** Password, then a recovery code instead of the app's code at the second step. */
async function loginWithRecoveryCode(page: Page, email: string, password: string, recoveryCode: string) {
  await passwordStep(page, email, password);
  await page.getByRole('button', { name: 'Utiliser un code de secours' }).click();
  await page.getByRole('textbox', { name: 'Code de secours' }).fill(recoveryCode);
  await page.getByRole('button', { name: 'Vérifier' }).click();
}

async function logout(page: Page) {
  await page.getByRole('button', { name: 'Déconnexion' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
}

// A volunteer account of its own (invited by the seeded admin, deleted at the end): the other journeys
// log in as the seeded admin on the same server database, and must never meet a second step.
test('Double authentification: enable it with the app code, then log in with a code, and with a recovery code', async ({ adminPage: page, browser }) => {
  test.setTimeout(240_000);
  const email = `deux-facteurs-${Date.now().toString(36)}@example.org`;
  const password = 'mot-de-passe-2fa';
  await openTab(page, 'Gestion', 'Comptes');
  const invitation = await inviteAccount(page, email);

  const context = await browser.newContext({ baseURL: SITE_URL, locale: 'fr-FR' });
  try {
    const volunteer = await context.newPage();
    await acceptInvitation(volunteer, email, invitation, password);

    // Setup: the QR code and the secret on the page; the code computed from that secret, as an app would.
    // Two-factor login is the account's own setting, in « Mon compte ».
    await openMyAccount(volunteer);
    const section = volunteer.getByRole('region', { name: 'Double authentification' });
    await section.getByRole('button', { name: 'Configurer' }).click();
    await expect(section.getByRole('img', { name: 'QR code de configuration de la double authentification' })).toBeVisible();
    const secret = (await section.getByTestId('totp-secret').textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await expectNoSeriousA11yViolations(volunteer, 'double authentification, configuration');
    const first = await freshCode(secret, 0);
    await section.getByRole('textbox', { name: 'Code de vérification' }).fill(first.code);
    await section.getByRole('button', { name: 'Activer' }).click();
    const codesList = section.getByRole('list', { name: 'Vos codes de secours' });
    await expect(codesList.getByRole('listitem')).toHaveCount(10);
    const recoveryCodes = (await codesList.getByRole('listitem').allTextContents()).map((code) => code.trim());
    await expect(section.getByText(/ils ne seront plus jamais affichés/)).toBeVisible();
    await section.getByRole('button', { name: "J'ai noté mes codes" }).click();
    await expect(section.getByText('Activée pour votre compte.')).toBeVisible();
    await logout(volunteer);

    // Password, then the second step with the app's next code.
    await passwordStep(volunteer, email, password);
    const codeField = volunteer.getByRole('textbox', { name: 'Code de vérification' });
    await expect(codeField).toBeFocused();
    await expectNoSeriousA11yViolations(volunteer, 'connexion, code de vérification');
    await expect(volunteer).toHaveURL(/\/admin\/login$/);
    const second = await freshCode(secret, first.step);
    await codeField.fill(second.code);
    await volunteer.getByRole('button', { name: 'Vérifier' }).click();
    await expect(volunteer).toHaveURL(/\/admin\/dashboard$/);
    await logout(volunteer);

    // With a recovery code instead; the same one a second time is refused.
    await loginWithRecoveryCode(volunteer, email, password, recoveryCodes[0]!);
    await expect(volunteer).toHaveURL(/\/admin\/dashboard$/);
    await logout(volunteer);
    await loginWithRecoveryCode(volunteer, email, password, recoveryCodes[0]!);
    await expect(volunteer.getByRole('alert')).toContainText('Code de vérification invalide ou déjà utilisé');
  } finally {
    await context.close();
  }

  // The seeded admin sees the account with two-factor on, and removes it (journeys share one database).
  await page.reload();
  await openTab(page, 'Gestion', 'Comptes');
  await expect(row(page, email)).toContainText('activée');
  await row(page, email).getByRole('button', { name: `Supprimer ${email}` }).click();
  await confirmDeletion(page, email);
  await expect(row(page, email)).toHaveCount(0);
});
