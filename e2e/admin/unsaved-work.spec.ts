import type { Locator, Page } from '@playwright/test';
import { adminFixtures, apiLogin, baseTest, expect, openTab, portOf, SITE_URL, useSession, type AdminFixtures, type AdminWorkerFixtures } from './support/admin.ts';
import { waitForCode } from './support/outbox.ts';
import { acceptInvitation, inviteAccount } from './support/accounts.ts';

const test = baseTest.extend<AdminFixtures, AdminWorkerFixtures>(adminFixtures);

const QUESTION = 'Abandonner les modifications ?';

/** A tab, through the desktop menus or, on a phone, the burger. */
async function goToTab(page: Page, group: 'Gestion' | 'Contenu', tab: string) {
  if ((page.viewportSize()?.width ?? 1366) > 900) return openTab(page, group, tab);
  await page.goto('/admin/dashboard');
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('navigation', { name: 'Sections de l’administration (mobile)' }).getByRole('button', { name: tab, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: tab })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Chargement...' })).toHaveCount(0);
}

/** The question is asked; « Continuer la saisie » closes it and leaves `field` with `value`. */
async function answerNo(page: Page, field: Locator, value: string) {
  const question = page.getByRole('alertdialog', { name: QUESTION });
  await expect(question).toBeVisible();
  await expect(question.getByRole('button', { name: 'Continuer la saisie' })).toBeFocused();
  await question.getByRole('button', { name: 'Continuer la saisie' }).click();
  await expect(question).toBeHidden();
  await expect(field).toHaveValue(value);
}

/** A reload asks the browser's own question (beforeunload); dismissed, the page and its input stay. */
async function reloadIsQuestioned(page: Page, field: Locator, value: string) {
  const asked = page.waitForEvent('dialog');
  void page.reload().catch(() => undefined);
  const dialog = await asked;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.dismiss();
  await expect(field).toHaveValue(value);
}

for (const width of [1366, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 900 ? 800 : 844 } });

    test('a record form with changes asks before every way out; « Continuer la saisie » keeps the input, « Abandonner les modifications » closes', async ({ adminPage: page }) => {
      await goToTab(page, 'Gestion', 'Membres');
      await page.getByRole('button', { name: 'Nouveau membre' }).first().click();
      const form = page.getByRole('dialog', { name: 'Nouveau membre' });
      const firstName = form.getByLabel('Prénom');

      // Unchanged, it closes at once.
      await page.keyboard.press('Escape');
      await expect(form).toBeHidden();
      await page.getByRole('button', { name: 'Nouveau membre' }).first().click();

      await firstName.click();
      await page.keyboard.type('Camille');
      await page.keyboard.press('Escape');
      await answerNo(page, firstName, 'Camille');
      await form.getByRole('button', { name: 'Fermer' }).click();
      await answerNo(page, firstName, 'Camille');
      await form.getByRole('button', { name: 'Annuler' }).click();
      await answerNo(page, firstName, 'Camille');
      if (width > 560) {
        // Beside the panel (on a phone the dialog takes the whole screen: there is no outside).
        await form.click({ position: { x: 5, y: 5 } });
        await answerNo(page, firstName, 'Camille');
      }
      await reloadIsQuestioned(page, firstName, 'Camille');

      await page.keyboard.press('Escape');
      await page.getByRole('alertdialog', { name: QUESTION }).getByRole('button', { name: 'Abandonner les modifications' }).click();
      await expect(form).toBeHidden();
    });

    test('a tab form with changes asks before another tab, a logout and a reload', async ({ adminPage: page }) => {
      await goToTab(page, 'Contenu', 'Informations légales');
      const host = page.getByRole('textbox', { name: "Nom de l'hébergeur" });
      const value = `${await host.inputValue()} bis`;
      await host.click();
      await page.keyboard.press('End');
      await page.keyboard.type(' bis');

      if (width > 900) {
        await page.getByRole('navigation', { name: 'Sections de l’administration' }).getByRole('button', { name: /^Gestion/ }).click();
        await page.getByRole('button', { name: 'Membres', exact: true }).click();
      } else {
        await page.getByRole('button', { name: 'Menu' }).click();
        await page.getByRole('navigation', { name: 'Sections de l’administration (mobile)' }).getByRole('button', { name: 'Membres', exact: true }).click();
      }
      await answerNo(page, host, value);
      await expect(page.getByRole('heading', { level: 1, name: 'Informations légales' })).toBeVisible();

      if (width <= 900) await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('button', { name: 'Déconnexion' }).filter({ visible: true }).click();
      await answerNo(page, host, value);
      await expect(page).toHaveURL(/\/admin\/dashboard$/);

      await reloadIsQuestioned(page, host, value);
    });
  });
}

test('the browser’s Back asks too; « Continuer la saisie » keeps the form, « Abandonner les modifications » leaves (issue 35)', async ({ adminPage: page }) => {
  await page.goto('/');
  await goToTab(page, 'Gestion', 'Membres');
  await page.getByRole('button', { name: 'Nouveau membre' }).first().click();
  const form = page.getByRole('dialog', { name: 'Nouveau membre' });
  const firstName = form.getByLabel('Prénom');
  await firstName.fill('Camille');
  // Back, as the browser's button or a phone's gesture.
  await page.evaluate(() => window.history.back());
  await answerNo(page, firstName, 'Camille');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.evaluate(() => window.history.back());
  await answerNo(page, firstName, 'Camille');
  // Given up, Back leaves: the page before, without the browser's own question.
  await page.evaluate(() => window.history.back());
  await page.getByRole('alertdialog', { name: QUESTION }).getByRole('button', { name: 'Abandonner les modifications' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('a form closed unchanged leaves no step behind: one Back leaves the dashboard (issue 35)', async ({ adminPage: page }) => {
  await page.goto('/');
  await goToTab(page, 'Gestion', 'Membres');
  await page.getByRole('button', { name: 'Nouveau membre' }).first().click();
  const form = page.getByRole('dialog', { name: 'Nouveau membre' });
  await form.getByLabel('Prénom').fill('Camille');
  await form.getByRole('button', { name: 'Annuler' }).click();
  await page.getByRole('alertdialog', { name: QUESTION }).getByRole('button', { name: 'Abandonner les modifications' }).click();
  await expect(form).toBeHidden();
  await page.evaluate(() => window.history.back());
  await expect(page).toHaveURL(/\/$/);
});

test('every record form opened on a saved record and left unchanged closes at once', async ({ adminPage: page }) => {
  test.setTimeout(120_000);
  const tabs: [group: 'Gestion' | 'Contenu', tab: string][] = [
    ['Gestion', 'Spectacles'],
    ['Gestion', 'Membres'],
    ['Gestion', 'Lieux'],
    ['Contenu', 'Bonus de la bande'],
    ['Contenu', 'Origines'],
    ['Contenu', 'Partenaires'],
  ];
  for (const [group, tab] of tabs) {
    await goToTab(page, group, tab);
    const edit = page.getByRole('button', { name: /^Modifier / }).first();
    if ((await edit.count()) === 0) continue;
    await edit.click();
    const form = page.getByRole('dialog');
    await expect(form.getByRole('button', { name: 'Enregistrer' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(form, `${tab} : un formulaire inchangé se ferme sans question`).toHaveCount(0);
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
  }
});

test('Escape in the show form’s address suggestions closes the suggestions, not the form', async ({ adminPage: page }) => {
  await goToTab(page, 'Gestion', 'Spectacles');
  await page.getByRole('button', { name: 'Nouveau spectacle' }).first().click();
  const form = page.getByRole('dialog', { name: 'Nouveau spectacle' });
  await form.getByRole('button', { name: 'Ajouter une représentation' }).click();
  const address = form.getByRole('combobox', { name: /Adresse/ }).first();
  await address.click();
  // The seeded venues are suggested from their first letters, without the address service (offline here).
  await page.keyboard.type('Méd');
  const suggestions = form.getByRole('listbox');
  await expect(suggestions.getByRole('option').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(suggestions.getByRole('option')).toHaveCount(0);
  await expect(form).toBeVisible();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  // The next Escape is the form's: it has changes, so it asks.
  await page.keyboard.press('Escape');
  await page.getByRole('alertdialog', { name: QUESTION }).getByRole('button', { name: 'Abandonner les modifications' }).click();
  await expect(form).toBeHidden();
});

test('a wrong unlock code can be corrected: the code already mailed still opens the account', async ({ adminPage: page, browser }) => {
  test.setTimeout(120_000);
  const email = `deblocage-${Date.now().toString(36)}@example.org`;
  const password = 'mot-de-passe-deblocage';
  await goToTab(page, 'Gestion', 'Comptes');
  const invitation = await inviteAccount(page, email);

  const context = await browser.newContext({ baseURL: SITE_URL });
  const volunteer = await context.newPage();
  await acceptInvitation(volunteer, email, invitation, password);
  await volunteer.evaluate(() => window.localStorage.clear());
  await volunteer.goto('/admin/login');
  // Five wrong passwords lock the account.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const answer = await context.request.post('/api/auth/login', { data: { email, password: 'faux-mot-de-passe' } });
    expect(answer.status()).toBeGreaterThanOrEqual(400);
  }

  await volunteer.getByRole('textbox', { name: 'Email' }).fill(email);
  await volunteer.getByRole('textbox', { name: 'Mot de passe' }).fill(password);
  await volunteer.getByRole('button', { name: 'Se connecter', exact: true }).click();
  const since = Date.now();
  await volunteer.getByRole('button', { name: 'Recevoir un code de déblocage' }).click();
  const code = await waitForCode(portOf(SITE_URL), since, /Votre code de déblocage : (\d{6})/);
  const wrong = code === '000000' ? '111111' : '000000';

  const codeField = volunteer.getByRole('textbox', { name: /Code de déblocage/ });
  await codeField.fill(wrong);
  await volunteer.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await expect(volunteer.getByRole('alert')).toHaveText('Code de déblocage invalide ou expiré');
  await expect(codeField).toBeEditable();
  await expect(codeField).toBeFocused();
  await expect(volunteer.getByRole('button', { name: 'Se connecter', exact: true })).toBeEnabled();

  await codeField.fill(code);
  await codeField.press('Enter');
  await expect(volunteer).toHaveURL(/\/admin\/dashboard$/);
  await context.close();
});

test.describe('an expired session', () => {
  // The refused request (401) is what the test is about.
  test.use({ allowedConsoleErrors: [/status of 401/] });

  test('brings the login page with a French notice, then back to the dashboard', async ({ page }) => {
    // A session of its own: it is ended below, and the other journeys of this worker keep theirs.
    const session = await apiLogin(SITE_URL, undefined, { fresh: true });
    await useSession(page, session);
    await goToTab(page, 'Gestion', 'Membres');
    // The session ends on the server (expired, revoked, logged out elsewhere).
    const ended = await page.request.post('/api/auth/logout', { headers: { authorization: `Bearer ${session.token}` } });
    expect(ended.ok()).toBe(true);

    await page.getByRole('navigation', { name: 'Sections de l’administration' }).getByRole('button', { name: /^Gestion/ }).click();
    // A tab whose list only an admin may read: its request is refused (401).
    await page.getByRole('button', { name: 'Abonnés', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(page.getByText('Votre session a expiré, reconnectez-vous.')).toBeVisible();

    await page.evaluate(() => window.localStorage.removeItem('admin_token'));
    await page.getByRole('textbox', { name: 'Email' }).fill('admin@example.org');
    await page.getByRole('textbox', { name: 'Mot de passe' }).fill('admin-e2e-password');
    await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Abonnés' })).toBeVisible();
  });
});
