import {
  adminFixtures,
  asVisitor,
  baseTest,
  confirmDeletion,
  dialog,
  expect,
  openTab,
  row,
  SITE_URL,
  unique,
  type AdminFixtures,
  type AdminWorkerFixtures,
} from './support/admin.ts';

const test = baseTest.extend<AdminFixtures, AdminWorkerFixtures>(adminFixtures);

test('venues: create with the address field, edit, use it in a show seen on the public site, delete', async ({ adminPage: page, browser }) => {
  test.setTimeout(180_000); // a whole journey, with visits of the public site, on a shared machine
  const name = unique('Salle Essai');
  const renamed = `${name} (rénovée)`;
  const address = '10 rue des Essais, 37000 Tours';
  await openTab(page, 'Gestion', 'Lieux');
  const total = Number(await page.getByRole('definition').first().textContent());

  await page.getByRole('button', { name: 'Nouveau lieu' }).click();
  const form = dialog(page, 'Nouveau lieu');
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(form.getByText('Ce champ est obligatoire')).toHaveCount(2);
  await form.getByLabel('Nom du lieu').fill(name);
  // Saved venues are suggested from 2 characters: the seed has a 'Médiathèque des Tilleuls'.
  const addressField = form.getByRole('combobox', { name: /Adresse/ });
  await addressField.fill('Médiathèque');
  await expect(form.getByRole('option', { name: /Médiathèque des Tilleuls/ })).toBeVisible();
  await addressField.press('Escape');
  await expect(form.getByRole('option', { name: /Médiathèque des Tilleuls/ })).toBeHidden();
  await expect(form).toBeVisible(); // Escape closed the suggestions, not the dialog
  await addressField.fill(address);
  await expect(form.getByRole('link', { name: /Voir sur la carte/ })).toHaveAttribute('href', /google\.com\/maps\/search\/.*10%20rue%20des%20Essais/);
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(form).toBeHidden();
  await expect(row(page, name)).toContainText(address);
  await expect(page.getByRole('definition').first()).toHaveText(String(total + 1));

  await row(page, name).getByRole('button', { name: `Modifier ${name}` }).click();
  const edit = dialog(page, 'Modifier le lieu');
  await expect(edit.getByLabel('Nom du lieu')).toHaveValue(name);
  await edit.getByLabel('Nom du lieu').fill(renamed);
  await edit.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(edit).toBeHidden();
  await expect(row(page, renamed)).toBeVisible();

  // The venue in a performance: picking it fills the venue name and the address.
  const showName = unique('Lecture au lieu');
  await openTab(page, 'Gestion', 'Spectacles');
  await page.getByRole('button', { name: 'Nouveau spectacle' }).first().click();
  const show = dialog(page, 'Nouveau spectacle');
  await show.getByLabel('Nom du spectacle').fill(showName);
  await show.getByLabel('Pitch').fill('Une lecture pour essayer un lieu.');
  await show.getByLabel('Note de mise en scène').fill('Trois pupitres.');
  await show.getByRole('button', { name: 'Ajouter une représentation' }).click();
  await show.getByLabel('Date et heure').fill(`${new Date().getFullYear() + 1}-05-14T20:30`);
  await show.getByLabel('Lieu enregistré').selectOption({ label: renamed });
  await expect(show.getByLabel('Nom du lieu')).toHaveValue(renamed);
  await expect(show.getByRole('combobox', { name: /Adresse/ })).toHaveValue(address);
  await show.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(show).toBeHidden();
  await row(page, showName).getByRole('button', { name: `Publier ${showName}` }).click();
  await expect(row(page, showName)).toContainText('Publié');

  await asVisitor(browser, SITE_URL, '/shows', async (visitor) => {
    await visitor.getByRole('link', { name: new RegExp(showName) }).first().click();
    await expect(visitor.getByRole('heading', { level: 1, name: showName })).toBeVisible();
    await visitor.getByRole('button', { name: /Voir les représentations|Réserver/ }).first().click();
    await expect(visitor.getByText(renamed).first()).toBeVisible();
  });

  await row(page, showName).getByRole('button', { name: `Supprimer ${showName}` }).click();
  await confirmDeletion(page, showName);
  await openTab(page, 'Gestion', 'Lieux');
  await row(page, renamed).getByRole('button', { name: `Supprimer ${renamed}` }).click();
  // The confirmation names the venue (spec section 5).
  await confirmDeletion(page, `Supprimer le lieu « ${renamed} »`);
  await expect(page.getByText(renamed)).toHaveCount(0);
  await expect(page.getByRole('definition').first()).toHaveText(String(total));
});
