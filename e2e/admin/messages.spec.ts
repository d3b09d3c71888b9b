import { adminFixtures, asVisitor, baseTest, confirmDeletion, dialog, expect, row, SITE_URL, unique, type AdminFixtures, type AdminWorkerFixtures } from './support/admin.ts';

const test = baseTest.extend<AdminFixtures, AdminWorkerFixtures>(adminFixtures);

test('messages: a visitor writes through /contact, staff find it in « Messages », mark it handled, delete it', async ({ adminPage: page, browser }) => {
  test.setTimeout(180_000);
  const text = unique('Pourriez-vous lire Colette à la médiathèque');
  const email = `lectrice-${Date.now().toString(36)}@example.org`;

  await asVisitor(browser, SITE_URL, '/contact', async (visitor) => {
    await visitor.getByLabel('Email').fill(email);
    await visitor.getByLabel('Type de demande').selectOption("Demande d'information");
    await visitor.getByLabel('Message').fill(text);
    await visitor.getByRole('button', { name: 'Envoyer le message' }).click();
    await expect(visitor.getByRole('alert')).toHaveText('Merci ! Votre message a bien été envoyé. Nous vous répondrons rapidement.');
  });

  // The count of new messages shows on the closed « Gestion » menu, from any tab.
  await page.goto('/admin/dashboard');
  const nav = page.getByRole('navigation', { name: 'Sections de l’administration' });
  const gestion = nav.getByRole('button', { name: /^Gestion/ });
  await expect(gestion).toContainText(/nouveaux? messages?/);
  await gestion.click();
  // The entry's name carries the count too: « Messages (N nouveaux messages) ».
  await nav.getByRole('button', { name: /^Messages/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
  const newCount = page.getByRole('definition').first();
  await expect(newCount).toHaveText(/^[1-9]\d*$/);
  const before = Number(await newCount.textContent());

  const line = row(page, email);
  await expect(line).toContainText('Contact');
  await expect(line).toContainText('Nouveau');
  await line.getByRole('button', { name: `Ouvrir le message de ${email}` }).click();
  const modal = dialog(page);
  await expect(modal).toContainText(text);
  await expect(modal).toContainText("Demande d'information");
  await expect(modal.getByRole('link', { name: 'Répondre' })).toHaveAttribute('href', new RegExp(`^mailto:${email.replace(/[.+]/g, '\\$&')}\\?subject=`));

  await modal.getByRole('button', { name: 'Marquer comme traité' }).click();
  await expect(modal.getByRole('button', { name: 'Marquer comme nouveau' })).toBeVisible();
  await expect(modal).toContainText('Traité le');
  await expect(newCount).toHaveText(String(before - 1));

  await expect(row(page, email)).toContainText('Traité');

  await modal.getByRole('button', { name: 'Supprimer' }).click();
  await confirmDeletion(page, email);
  await expect(modal).toBeHidden();
  await expect(page.locator('tr').filter({ hasText: email })).toHaveCount(0);
});
