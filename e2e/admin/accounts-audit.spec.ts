import { adminFixtures, baseTest, confirmDeletion, expect, openTab, portOf, row, SITE_URL, type AdminFixtures, type AdminWorkerFixtures } from './support/admin.ts';
import { waitForCode } from './support/outbox.ts';
import { acceptInvitation, inviteAccount, submitLogin } from './support/accounts.ts';

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

test('Mot de passe oublié: a volunteer gets the code at the address of their own account, typed on the login page', async ({ adminPage: page, browser }) => {
  test.setTimeout(180_000);
  const email = `oublieux-${Date.now().toString(36)}@example.org`;
  await openTab(page, 'Gestion', 'Comptes');
  const invitation = await inviteAccount(page, email);

  const firstVisit = await browser.newContext({ baseURL: SITE_URL, locale: 'fr-FR' });
  await acceptInvitation(await firstVisit.newPage(), email, invitation, 'premier-mot-de-passe').finally(() => firstVisit.close());

  // Weeks later, on another computer, the password is forgotten: the address typed on the login page
  // goes along to « Mot de passe oublié ? ».
  const context = await browser.newContext({ baseURL: SITE_URL, locale: 'fr-FR' });
  try {
    const volunteer = await context.newPage();
    await volunteer.goto('/admin/login');
    await volunteer.getByRole('textbox', { name: 'Email' }).fill(email);
    await volunteer.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
    await expect(volunteer.getByRole('textbox', { name: 'Adresse email de votre compte' })).toHaveValue(email);
    const since = Date.now();
    await volunteer.getByRole('button', { name: 'Envoyer un code' }).click();
    await expect(volunteer.getByText(`Si un compte existe à l'adresse ${email}, un code de réinitialisation vient d'y être envoyé.`)).toBeVisible();
    // The mail goes to the volunteer, not to the principal administrator.
    const address = email.replace(/[.]/g, '\\.');
    const code = await waitForCode(portOf(SITE_URL), since, new RegExp(`To: ${address}[\\s\\S]*?Votre code de réinitialisation : (\\d{6})`));

    await volunteer.getByRole('textbox', { name: 'Code reçu par email' }).fill(code);
    await volunteer.getByRole('textbox', { name: 'Nouveau mot de passe' }).fill('second-mot-de-passe');
    await volunteer.getByRole('textbox', { name: 'Confirmer le mot de passe' }).fill('second-mot-de-passe');
    await volunteer.getByRole('button', { name: 'Réinitialiser le mot de passe' }).click();
    await expect(volunteer.getByText('Mot de passe réinitialisé avec succès !')).toBeVisible();
    await submitLogin(volunteer, email, 'second-mot-de-passe');
    await expect(volunteer).toHaveURL(/\/admin\/dashboard$/);
  } finally {
    await context.close();
  }

  await openTab(page, 'Gestion', 'Comptes');
  await row(page, email).getByRole('button', { name: `Supprimer ${email}` }).click();
  await confirmDeletion(page, email);
});
