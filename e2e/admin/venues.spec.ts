import { asVisitor, expect, openTab, row, SITE_URL, unique } from './support/admin.ts';
import { adminJourneyTest as test, deleteRecord, expectRequiredMessages, openCreateDialog, openEditDialog, saveDialog, setPublished } from './support/records.ts';

test('venues: create with the address field, edit, use it in a show seen on the public site, delete', async ({ adminPage: page, browser }) => {
  const name = unique('Salle Essai');
  const renamed = `${name} (rénovée)`;
  const address = '10 rue des Essais, 37000 Tours';
  await openTab(page, 'Gestion', 'Lieux');
  const total = Number(await page.getByRole('definition').first().textContent());

  const form = await openCreateDialog(page, 'Nouveau lieu');
  await expectRequiredMessages(form, 2);
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
  await saveDialog(form);
  await expect(row(page, name)).toContainText(address);
  await expect(page.getByRole('definition').first()).toHaveText(String(total + 1));

  const edit = await openEditDialog(page, name, 'Modifier le lieu');
  await expect(edit.getByLabel('Nom du lieu')).toHaveValue(name);
  await edit.getByLabel('Nom du lieu').fill(renamed);
  await saveDialog(edit);
  await expect(row(page, renamed)).toBeVisible();

  // The venue in a performance: picking it fills the venue name and the address.
  const showName = unique('Lecture au lieu');
  await openTab(page, 'Gestion', 'Spectacles');
  const show = await openCreateDialog(page, 'Nouveau spectacle');
  await show.getByLabel('Nom du spectacle').fill(showName);
  await show.getByLabel('Pitch').fill('Une lecture pour essayer un lieu.');
  await show.getByLabel('Note de mise en scène').fill('Trois pupitres.');
  await show.getByRole('button', { name: 'Ajouter une représentation' }).click();
  await show.getByLabel('Date et heure').fill(`${new Date().getFullYear() + 1}-05-14T20:30`);
  await show.getByLabel('Lieu enregistré').selectOption({ label: renamed });
  await expect(show.getByLabel('Nom du lieu')).toHaveValue(renamed);
  await expect(show.getByRole('combobox', { name: /Adresse/ })).toHaveValue(address);
  await saveDialog(show);
  await setPublished(page, showName, true);

  await asVisitor(browser, SITE_URL, '/shows', async (visitor) => {
    await visitor.getByRole('link', { name: new RegExp(showName) }).first().click();
    await expect(visitor.getByRole('heading', { level: 1, name: showName })).toBeVisible();
    await visitor.getByRole('button', { name: /Voir les représentations|Réserver/ }).first().click();
    await expect(visitor.getByText(renamed).first()).toBeVisible();
  });

  await deleteRecord(page, showName);
  await openTab(page, 'Gestion', 'Lieux');
  // The confirmation names the venue (spec section 5).
  await deleteRecord(page, renamed, `Supprimer le lieu « ${renamed} »`);
  await expect(page.getByRole('definition').first()).toHaveText(String(total));
});
