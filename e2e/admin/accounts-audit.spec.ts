import { adminFixtures, baseTest, confirmDeletion, expect, openTab, row, SITE_URL, type AdminFixtures, type AdminWorkerFixtures } from './support/admin.ts';
import { acceptInvitation, inviteAccount } from './support/accounts.ts';

const test = baseTest.extend<AdminFixtures, AdminWorkerFixtures>(adminFixtures);

test('Comptes: invite a volunteer, who chooses a password with the mailed code, logs in, and is then removed', async ({ adminPage: page, browser }) => {
  test.setTimeout(180_000);
  const email = `benevole-${Date.now().toString(36)}@example.org`;
  const password = 'mot-de-passe-benevole';
  await openTab(page, 'Gestion', 'Comptes');
  await expect(page.getByText('vous', { exact: true })).toBeVisible();

  const code = await inviteAccount(page, email);

  // The volunteer, in a browser of his own: the invitation code on « Mot de passe oublié ? ».
  const context = await browser.newContext({ baseURL: SITE_URL, locale: 'fr-FR' });
  try {
    const volunteer = await context.newPage();
    await acceptInvitation(volunteer, email, code, password);
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
