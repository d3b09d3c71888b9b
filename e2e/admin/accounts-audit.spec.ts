import { adminFixtures, baseTest, confirmDeletion, expect, openTab, portOf, row, SITE_URL, type AdminFixtures, type AdminWorkerFixtures } from './support/admin.ts';
import { waitForCode } from './support/outbox.ts';

const test = baseTest.extend<AdminFixtures, AdminWorkerFixtures>(adminFixtures);

test('Comptes: invite a volunteer, who chooses a password with the mailed code, logs in, and is then removed', async ({ adminPage: page, browser }) => {
  test.setTimeout(180_000);
  const email = `benevole-${Date.now().toString(36)}@example.org`;
  const password = 'mot-de-passe-benevole';
  await openTab(page, 'Gestion', 'Comptes');
  await expect(page.getByText('vous', { exact: true })).toBeVisible();

  const since = Date.now();
  await page.getByLabel(/Email de la personne à inviter/).fill(email);
  await page.getByRole('button', { name: 'Inviter' }).click();
  await expect(page.getByText(`Invitation envoyée à ${email}.`)).toBeVisible();
  await expect(row(page, email)).toBeVisible();
  const code = await waitForCode(portOf(SITE_URL), since, /Votre code d'invitation : (\d{6})/);

  // The volunteer, in a browser of his own: the invitation code on « Mot de passe oublié ? ».
  const context = await browser.newContext({ baseURL: SITE_URL, locale: 'fr-FR' });
  try {
    const volunteer = await context.newPage();
    await volunteer.goto('/admin/forgot-password');
    await volunteer.getByRole('button', { name: "J'ai déjà un code (invitation)" }).click();
    await volunteer.getByRole('textbox', { name: 'Code reçu par email' }).fill(code);
    await volunteer.getByRole('textbox', { name: 'Nouveau mot de passe' }).fill(password);
    await volunteer.getByRole('textbox', { name: 'Confirmer le mot de passe' }).fill(password);
    await volunteer.getByRole('button', { name: 'Réinitialiser le mot de passe' }).click();
    await expect(volunteer.getByText('Mot de passe réinitialisé avec succès !')).toBeVisible();
    await volunteer.getByRole('textbox', { name: 'Email' }).fill(email);
    await volunteer.getByRole('textbox', { name: 'Mot de passe' }).fill(password);
    await volunteer.getByRole('button', { name: 'Se connecter' }).click();
    await expect(volunteer).toHaveURL(/\/admin\/dashboard$/);
    await expect(volunteer.getByText(email).first()).toBeVisible();
  } finally {
    await context.close();
  }

  // The volunteer's login is in the activity log, with his address.
  await openTab(page, 'Gestion', 'Journal');
  await page.getByLabel('Action').selectOption({ label: 'Connexion' });
  await expect(page.getByRole('row').filter({ hasText: email }).first()).toContainText('Connexion');

  await openTab(page, 'Gestion', 'Comptes');
  await row(page, email).getByRole('button', { name: `Supprimer ${email}` }).click();
  await confirmDeletion(page, email);
  await expect(row(page, email)).toHaveCount(0);
});
