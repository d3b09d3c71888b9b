import { asVisitor, expect, openTab, row, SAMPLE_IMAGE, SITE_URL, unique } from './support/admin.ts';
import { adminJourneyTest as test, deleteRecord, expectNotOnPublicPage, expectRequiredMessages, openCreateDialog, openEditDialog, saveDialog, setPublished } from './support/records.ts';

test('partners: create as a draft with a logo, publish, see on /partenaires, edit, delete', async ({ adminPage: page, browser }) => {
  const title = unique('Librairie Essai');
  const description = 'Une librairie indépendante qui prête sa vitrine à nos affiches.';
  await openTab(page, 'Contenu', 'Partenaires');

  const form = await openCreateDialog(page, 'Nouveau partenaire');
  await expectRequiredMessages(form, 2);
  await form.getByLabel('Nom du partenaire').fill(title);
  await form.getByLabel('Description').fill(description);
  await form.getByLabel('Lien du site').fill('librairie-essai');
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(form.getByText('Veuillez entrer une URL valide (commençant par http:// ou https://)')).toBeVisible();
  await form.getByLabel('Lien du site').fill('https://example.org/librairie-essai');
  await form.getByRole('group', { name: 'Logo' }).locator('input[type="file"]').setInputFiles(SAMPLE_IMAGE);
  await expect(form.getByRole('img', { name: 'Aperçu : Logo' })).toBeVisible();
  await saveDialog(form);

  const line = row(page, title);
  await expect(line).toContainText('Brouillon'); // new partners are drafts
  await expect(line).toContainText('Une librairie indépendante qui...');
  await expect(line.getByRole('link', { name: /Visiter/ })).toHaveAttribute('href', 'https://example.org/librairie-essai');
  await expect(line.getByRole('img', { name: `Logo ${title}` })).toBeVisible();

  await setPublished(page, title, true);
  await asVisitor(browser, SITE_URL, '/partenaires', async (visitor) => {
    await expect(visitor.getByRole('heading', { name: title })).toBeVisible();
    await expect(visitor.getByText(description)).toBeVisible();
  });

  const edit = await openEditDialog(page, title, 'Modifier le partenaire');
  await edit.getByLabel('Lien du site').fill('');
  await saveDialog(edit);
  await expect(line).toContainText('Aucun lien');
  await expect(line).toContainText('Publié'); // an edit keeps the status

  await setPublished(page, title, false);
  await expectNotOnPublicPage(browser, '/partenaires', title);

  await deleteRecord(page, title);
});
