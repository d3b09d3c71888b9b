import {
  adminFixtures,
  asVisitor,
  baseTest,
  confirmDeletion,
  dialog,
  expect,
  openTab,
  row,
  SAMPLE_PHOTO,
  SITE_URL,
  unique,
  type AdminFixtures,
  type AdminWorkerFixtures,
} from './support/admin.ts';

const test = baseTest.extend<AdminFixtures, AdminWorkerFixtures>(adminFixtures);

test('members: create with a photo, publish, see on /team, edit, unpublish and delete', async ({ adminPage: page, browser }) => {
  test.setTimeout(180_000); // a whole journey, with visits of the public site, on a shared machine
  const lastName = unique('Testeur');
  const fullName = `Camille ${lastName}`;
  await openTab(page, 'Gestion', 'Membres');
  const published = Number(await page.getByRole('definition').first().textContent());

  await page.getByRole('button', { name: 'Nouveau membre' }).click();
  const form = dialog(page, 'Nouveau membre');
  // Required fields are checked in the page, in French, before anything is sent.
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(form.getByText('Ce champ est obligatoire')).toHaveCount(3);

  await form.getByLabel('Prénom').fill('Camille');
  await form.getByRole('textbox', { name: 'Nom', exact: true }).fill(lastName);
  await form.getByLabel('Rôle').fill('Comédienne');
  await form.getByLabel('Note (biographie)').fill('Lectrice à voix haute.');
  await expect(form.getByText('22/300')).toBeVisible();
  await form.getByRole('group', { name: 'Photo' }).locator('input[type="file"]').setInputFiles(SAMPLE_PHOTO);
  await expect(form.getByRole('group', { name: 'Photo' }).getByRole('img')).toBeVisible();
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(form).toBeHidden();

  await expect(row(page, fullName)).toContainText('Brouillon');
  await row(page, fullName).getByRole('button', { name: `Publier ${fullName}` }).click();
  await expect(row(page, fullName)).toContainText('Publié');
  await expect(page.getByRole('definition').first()).toHaveText(String(published + 1));

  await asVisitor(browser, SITE_URL, '/team', async (visitor) => {
    await expect(visitor.getByText(fullName)).toBeVisible();
    await expect(visitor.getByText('Lectrice à voix haute.')).toBeVisible();
  });

  await row(page, fullName).getByRole('button', { name: `Modifier ${fullName}` }).click();
  const edit = dialog(page, 'Modifier le membre');
  await expect(edit.getByLabel('Rôle')).toHaveValue('Comédienne');
  await edit.getByLabel('Rôle').fill('Conteuse');
  await edit.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(edit).toBeHidden();
  await expect(row(page, fullName)).toContainText('Conteuse');
  await asVisitor(browser, SITE_URL, '/team', async (visitor) => {
    await expect(visitor.getByText('Conteuse').first()).toBeVisible();
  });

  await row(page, fullName).getByRole('button', { name: `Dépublier ${fullName}` }).click();
  await expect(row(page, fullName)).toContainText('Brouillon');
  await asVisitor(browser, SITE_URL, '/team', async (visitor) => {
    await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(visitor.getByText(fullName)).toHaveCount(0);
  });

  await row(page, fullName).getByRole('button', { name: `Supprimer ${fullName}` }).click();
  await confirmDeletion(page, fullName);
  await expect(page.getByText(fullName)).toHaveCount(0);
});
