import {
  adminFixtures,
  asVisitor,
  baseTest,
  confirmDeletion,
  dialog,
  expect,
  openTab,
  row,
  SAMPLE_IMAGE,
  SITE_URL,
  unique,
  type AdminFixtures,
  type AdminWorkerFixtures,
} from './support/admin.ts';

const test = baseTest.extend<AdminFixtures, AdminWorkerFixtures>(adminFixtures);

test('partners: create as a draft with a logo, publish, see on /partenaires, edit, delete', async ({ adminPage: page, browser }) => {
  test.setTimeout(180_000); // a whole journey, with visits of the public site, on a shared machine
  const title = unique('Librairie Essai');
  const description = 'Une librairie indépendante qui prête sa vitrine à nos affiches.';
  await openTab(page, 'Contenu', 'Partenaires');

  await page.getByRole('button', { name: 'Nouveau partenaire' }).click();
  const form = dialog(page, 'Nouveau partenaire');
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(form.getByText('Ce champ est obligatoire')).toHaveCount(2);
  await form.getByLabel('Nom du partenaire').fill(title);
  await form.getByLabel('Description').fill(description);
  await form.getByLabel('Lien du site').fill('librairie-essai');
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(form.getByText('Veuillez entrer une URL valide (commençant par http:// ou https://)')).toBeVisible();
  await form.getByLabel('Lien du site').fill('https://example.org/librairie-essai');
  await form.getByRole('group', { name: 'Logo' }).locator('input[type="file"]').setInputFiles(SAMPLE_IMAGE);
  await expect(form.getByRole('img', { name: 'Aperçu : Logo' })).toBeVisible();
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(form).toBeHidden();

  const line = row(page, title);
  await expect(line).toContainText('Brouillon'); // new partners are drafts
  await expect(line).toContainText('Une librairie indépendante qui...');
  await expect(line.getByRole('link', { name: /Visiter/ })).toHaveAttribute('href', 'https://example.org/librairie-essai');
  await expect(line.getByRole('img', { name: `Logo ${title}` })).toBeVisible();

  await line.getByRole('button', { name: `Publier ${title}` }).click();
  await expect(line).toContainText('Publié');
  await asVisitor(browser, SITE_URL, '/partenaires', async (visitor) => {
    await expect(visitor.getByRole('heading', { name: title })).toBeVisible();
    await expect(visitor.getByText(description)).toBeVisible();
  });

  await line.getByRole('button', { name: `Modifier ${title}` }).click();
  const edit = dialog(page, 'Modifier le partenaire');
  await edit.getByLabel('Lien du site').fill('');
  await edit.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(edit).toBeHidden();
  await expect(line).toContainText('Aucun lien');
  await expect(line).toContainText('Publié'); // an edit keeps the status

  await line.getByRole('button', { name: `Dépublier ${title}` }).click();
  await expect(line).toContainText('Brouillon');
  await asVisitor(browser, SITE_URL, '/partenaires', async (visitor) => {
    await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(visitor.getByText(title)).toHaveCount(0);
  });

  await line.getByRole('button', { name: `Supprimer ${title}` }).click();
  await confirmDeletion(page, title);
  await expect(page.getByText(title)).toHaveCount(0);
});
