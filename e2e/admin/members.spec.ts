import { asVisitor, expect, openTab, row, SAMPLE_PHOTO, SITE_URL, unique } from './support/admin.ts';
import { adminJourneyTest as test, deleteRecord, expectNotOnPublicPage, expectRequiredMessages, openCreateDialog, openEditDialog, saveDialog, setPublished } from './support/records.ts';

test('members: create with a photo, publish, see on /team, edit, unpublish and delete', async ({ adminPage: page, browser }) => {
  const lastName = unique('Testeur');
  const fullName = `Camille ${lastName}`;
  await openTab(page, 'Gestion', 'Membres');
  const published = Number(await page.getByRole('definition').first().textContent());

  const form = await openCreateDialog(page, 'Nouveau membre');
  await expectRequiredMessages(form, 3);

  await form.getByLabel('Prénom').fill('Camille');
  await form.getByRole('textbox', { name: 'Nom', exact: true }).fill(lastName);
  await form.getByLabel('Rôle').fill('Comédienne');
  await form.getByLabel('Note (biographie)').fill('Lectrice à voix haute.');
  await expect(form.getByText('22/300')).toBeVisible();
  await form.getByRole('group', { name: 'Photo' }).locator('input[type="file"]').setInputFiles(SAMPLE_PHOTO);
  await expect(form.getByRole('group', { name: 'Photo' }).getByRole('img')).toBeVisible();
  await saveDialog(form);

  await expect(row(page, fullName)).toContainText('Brouillon');
  await setPublished(page, fullName, true);
  await expect(page.getByRole('definition').first()).toHaveText(String(published + 1));

  await asVisitor(browser, SITE_URL, '/team', async (visitor) => {
    await expect(visitor.getByText(fullName)).toBeVisible();
    await expect(visitor.getByText('Lectrice à voix haute.')).toBeVisible();
  });

  const edit = await openEditDialog(page, fullName, 'Modifier le membre');
  await expect(edit.getByLabel('Rôle')).toHaveValue('Comédienne');
  await edit.getByLabel('Rôle').fill('Conteuse');
  await saveDialog(edit);
  await expect(row(page, fullName)).toContainText('Conteuse');
  await asVisitor(browser, SITE_URL, '/team', async (visitor) => {
    await expect(visitor.getByText('Conteuse').first()).toBeVisible();
  });

  await setPublished(page, fullName, false);
  await expectNotOnPublicPage(browser, '/team', fullName);

  await deleteRecord(page, fullName);
});
