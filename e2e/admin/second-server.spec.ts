/**
 * Journeys that change what public journeys count or read exactly (the card section, the gallery grid,
 * the origins chapters, the legal details) or that the other admin journeys share (the account's lock, its password: a reset
 * closes every session) run on the second e2e server — the one in maintenance mode, whose admin pages are
 * not gated and whose visitors here have answered Oui — one after the other, the password reset last.
 */
import { expect, type Page } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD, apiLogin, asVisitor, baseTest, dialog, GATED_URL, portOf, useSession } from './support/admin.ts';
import { waitForCode } from './support/outbox.ts';
import { galleryJourney } from './journeys/gallery.ts';
import { originsJourney } from './journeys/origins.ts';
import { legalJourney } from './journeys/legal.ts';

const test = baseTest;
test.describe.configure({ mode: 'serial' });
test.use({ baseURL: GATED_URL, allowedConsoleErrors: [/status of (401|429)/] });

const port = portOf(GATED_URL);

async function openCardConfig(page: Page) {
  await page.goto('/admin/dashboard');
  await page.getByRole('button', { name: /^Contenu/ }).click();
  await page.getByRole('button', { name: 'Carte d\'abonnement', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Carte d\'abonnement' })).toBeVisible();
}

async function login(page: Page, password: string, unlockCode?: string) {
  if (!page.url().endsWith('/admin/login')) await page.goto('/admin/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(ADMIN_EMAIL);
  await page.getByRole('textbox', { name: 'Mot de passe' }).fill(password);
  if (unlockCode) await page.getByRole('textbox', { name: 'Code de déblocage' }).fill(unlockCode);
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
}

test('card config: modified markers, live previews, save with a toast, seen on the home page', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await useSession(page, await apiLogin(GATED_URL));
  await openCardConfig(page);
  const title = page.getByRole('textbox', { name: 'Titre de la section' });
  const original = { title: await title.inputValue(), modalTitle: '' };
  const newTitle = `${original.title} — saison test`;

  await title.fill(newTitle);
  await expect(page.getByTestId('modified-sectionTitle')).toBeVisible();
  const frame = page.frameLocator('iframe[title^="Aperçu de la section"]');
  await expect(frame.getByRole('heading', { name: newTitle })).toBeVisible();

  await page.getByRole('tab', { name: 'Configuration modal' }).click();
  const modalTitle = page.getByRole('textbox', { name: 'Titre de la fenêtre' });
  original.modalTitle = await modalTitle.inputValue();
  await modalTitle.fill('Votre carte, en deux minutes');
  const preview = page.getByRole('group', { name: /Aperçu de la fenêtre/ });
  await expect(preview).toContainText('Votre carte, en deux minutes');
  await expect(preview.getByRole('textbox', { name: 'Téléphone' })).toBeDisabled();
  await page.getByRole('button', { name: 'Tester la modal' }).click();
  await expect(dialog(page, 'Votre carte, en deux minutes')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog(page, 'Votre carte, en deux minutes')).toBeHidden();

  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Configuration mise à jour avec succès !' })).toBeVisible();
  await expect(page.getByTestId('modified-modalTitle')).toHaveCount(0);

  await asVisitor(browser, GATED_URL, '/', async (visitor) => {
    await expect(visitor.getByRole('heading', { name: newTitle })).toBeVisible();
  });
  // Reloading the tab shows what the server kept.
  await openCardConfig(page);
  await expect(page.getByRole('textbox', { name: 'Titre de la section' })).toHaveValue(newTitle);

  // Back to the seeded texts.
  await page.getByRole('textbox', { name: 'Titre de la section' }).fill(original.title);
  await page.getByRole('tab', { name: 'Configuration modal' }).click();
  await page.getByRole('textbox', { name: 'Titre de la fenêtre' }).fill(original.modalTitle);
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Configuration mise à jour avec succès !' }).last()).toBeVisible();
});

test('gallery: add a YouTube link and a photo, publish, reorder with the keyboard, see /bonus, edit, delete', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await useSession(page, await apiLogin(GATED_URL));
  await galleryJourney(page, browser, GATED_URL);
});

test('origins: categories and events with date rules, publish, reorder with the keyboard, see /origines, delete', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await useSession(page, await apiLogin(GATED_URL));
  await originsJourney(page, browser, GATED_URL);
});

test('legal details: the demo publisher and host on /mentions-legales, a change seen by a new visitor, a French message for an emptied field', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await useSession(page, await apiLogin(GATED_URL));
  await legalJourney(page, browser, GATED_URL);
});

test('lockout: 5 wrong passwords lock the account; an emailed unlock code opens it', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/admin/login');
  for (let remaining = 4; remaining >= 1; remaining--) {
    await login(page, 'pas-le-bon');
    await expect(page.getByRole('alert')).toHaveText(`Email ou mot de passe incorrect (${remaining} tentative(s) restante(s))`);
  }
  await login(page, 'toujours-pas');
  await expect(page.getByRole('alert')).toContainText('Compte temporairement bloqué');
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeDisabled();
  await expect(page.getByRole('textbox', { name: 'Mot de passe' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Se connecter', exact: true })).toHaveCount(0);

  const since = Date.now();
  await page.getByRole('button', { name: 'Recevoir un code de déblocage' }).click();
  await expect(page.getByText('Un code de déblocage vous a été envoyé par email.')).toBeVisible();
  const code = await waitForCode(port, since, /Votre code de déblocage : (\d{6})/);

  // The code field appears and the submit button is back.
  await expect(page.getByRole('textbox', { name: 'Code de déblocage' })).toBeVisible();
  await login(page, ADMIN_PASSWORD, code);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('password reset: a code from the outbox sets a new password (then the e2e password again)', async ({ page, request }) => {
  test.setTimeout(120_000);
  const temporary = 'mot-de-passe-temporaire';
  await page.goto('/admin/login');
  await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
  await expect(page).toHaveURL(/\/admin\/forgot-password$/);
  const since = Date.now();
  await page.getByRole('button', { name: 'Envoyer un code' }).click();
  await expect(page.getByText(/valable 10 minutes/)).toBeVisible();
  const code = await waitForCode(port, since, /Votre code de réinitialisation : (\d{6})/);

  await page.getByRole('textbox', { name: 'Code reçu par email' }).fill(code);
  await page.getByRole('textbox', { name: 'Nouveau mot de passe' }).fill(temporary);
  await page.getByRole('textbox', { name: 'Confirmer le mot de passe' }).fill(`${temporary}!`);
  await page.getByRole('button', { name: 'Réinitialiser le mot de passe' }).click();
  await expect(page.getByText('Les mots de passe ne correspondent pas')).toBeVisible();
  await page.getByRole('textbox', { name: 'Confirmer le mot de passe' }).fill(temporary);
  await page.getByRole('button', { name: 'Réinitialiser le mot de passe' }).click();

  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByText('Mot de passe réinitialisé avec succès !')).toBeVisible();
  await login(page, temporary);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  // Put the e2e password back, through the API, so that a later run on this server logs in as usual.
  const resetSince = Date.now();
  expect((await request.post(`${GATED_URL}/api/auth/request-reset`)).status()).toBe(200);
  const restoreCode = await waitForCode(port, resetSince, /Votre code de réinitialisation : (\d{6})/);
  expect((await request.post(`${GATED_URL}/api/auth/reset-password`, { data: { code: restoreCode, newPassword: ADMIN_PASSWORD } })).status()).toBe(200);
  await apiLogin(GATED_URL);
});
