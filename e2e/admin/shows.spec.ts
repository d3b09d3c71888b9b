import { asVisitor, expect, openTab, row, SAMPLE_PHOTO, SITE_URL, unique } from './support/admin.ts';
import { adminJourneyTest as test, deleteRecord, expectNotOnPublicPage, expectRequiredMessages, openCreateDialog, openEditDialog, saveDialog, setPublished } from './support/records.ts';

test('shows: create with performance and credits, publish, feature, see it public, edit and delete', async ({ adminPage: page, browser }) => {
  const name = unique('Lecture d’essai');
  const nextYear = new Date().getFullYear() + 1;
  await openTab(page, 'Gestion', 'Spectacles');
  const [, drafts, total] = await page.getByRole('definition').allTextContents();

  const form = await openCreateDialog(page, 'Nouveau spectacle');
  await expectRequiredMessages(form, 3); // name, pitch, note (type and year are prefilled)

  await form.getByLabel('Nom du spectacle').fill(name);
  await form.getByLabel('Type').selectOption('Pépite');
  await form.getByLabel('Année').fill(String(nextYear));
  await form.getByLabel('Pitch').fill('Un pitch qui donne envie.');
  await form.getByLabel('Note de mise en scène').fill('Deux voix, un violoncelle.');
  await form.getByLabel('Citation').fill('Lire, c’est voyager.');
  await form.getByRole('group', { name: 'Photo du spectacle' }).locator('input[type="file"]').setInputFiles(SAMPLE_PHOTO);
  await expect(form.getByRole('img', { name: 'Aperçu : Photo du spectacle' })).toBeVisible();

  await form.getByRole('button', { name: 'Ajouter une représentation' }).click();
  const performance = form.getByRole('group', { name: 'Représentation 1' });
  await performance.getByLabel('Date et heure').fill(`${nextYear}-03-03T20:30`);
  await performance.getByLabel('Nom du lieu').fill('Grange des Essais');
  await performance.getByRole('combobox', { name: /Adresse/ }).fill('3 chemin des Prés, 37000 Tours');
  await performance.getByLabel('Lien de réservation').fill('pas une url');
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(performance.getByText('Veuillez entrer une URL valide (commençant par http:// ou https://)')).toBeVisible();
  await performance.getByLabel('Lien de réservation').fill('https://example.org/billets-essai');

  // Credits: at most 6 categories; blank ones are dropped on save.
  for (let index = 0; index < 6; index++) await form.getByRole('button', { name: 'Ajouter une catégorie' }).click();
  await form.getByRole('button', { name: 'Ajouter une catégorie' }).click();
  await expect(form.getByRole('alert').filter({ hasText: 'Maximum 6 catégories de crédits' })).toBeVisible();
  const credit = form.getByRole('group', { name: 'Catégorie 1' });
  await credit.getByRole('textbox', { name: 'Catégorie 1' }).fill('Distribution');
  await credit.getByRole('button', { name: 'Ajouter un membre' }).click();
  await credit.getByRole('combobox', { name: 'Membre 1' }).selectOption({ label: 'Claire Vasseur' });
  await credit.getByLabel('Rôle dans ce spectacle').fill('La narratrice');

  await form.getByLabel('Ce spectacle adapte un livre').check();
  await form.getByLabel('Titre du livre').fill('Le Livre d’essai');
  await form.getByLabel('Présenter l’auteur').check(); // enabled but unnamed: no author
  await saveDialog(form);

  await expect(row(page, name)).toContainText('Brouillon');
  await expect(row(page, name)).toContainText('Pépite');
  // Other journeys may add shows at the same time: the counters must agree with each other and count this one.
  const counters = async () => (await page.getByRole('definition').allTextContents()).map(Number);
  await expect.poll(async () => {
    const [nowPublished, nowDrafts, nowTotal] = await counters();
    return nowPublished! + nowDrafts! === nowTotal && nowDrafts! > Number(drafts) && nowTotal! > Number(total);
  }).toBe(true);
  await setPublished(page, name, true);
  const star = row(page, name).getByRole('button', { name: `Mettre ${name} à l’affiche` });
  await star.click();
  await expect(row(page, name).getByRole('button', { name: `Retirer ${name} de l’affiche` })).toHaveAttribute('aria-pressed', 'true');

  await asVisitor(browser, SITE_URL, '/', async (visitor) => {
    await expect(visitor.getByRole('heading', { name })).toBeVisible();
  });
  await asVisitor(browser, SITE_URL, '/shows', async (visitor) => {
    await visitor.getByRole('link', { name: new RegExp(name) }).first().click();
    await expect(visitor.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(visitor.getByText('Un pitch qui donne envie.')).toBeVisible();
    await expect(visitor.getByText('Lire, c’est voyager.')).toBeVisible();
    await expect(visitor.getByText('Le Livre d’essai').first()).toBeVisible();
    const band = visitor.getByRole('region', { name: 'La petite bande' });
    await expect(band).toContainText('Distribution');
    await expect(band).toContainText('Claire Vasseur');
    await expect(band).toContainText('La narratrice');
  });

  const edit = await openEditDialog(page, name, 'Modifier le spectacle');
  await expect(edit.getByLabel('Pitch')).toHaveValue('Un pitch qui donne envie.');
  await expect(edit.getByRole('group', { name: 'Représentation 1' }).getByLabel('Date et heure')).toHaveValue(`${nextYear}-03-03T20:30`);
  await expect(edit.getByLabel('Présenter l’auteur')).not.toBeChecked();
  await edit.getByLabel('Pitch').fill('Un pitch revu et corrigé.');
  await saveDialog(edit);
  await asVisitor(browser, SITE_URL, '/shows', async (visitor) => {
    await visitor.getByRole('link', { name: new RegExp(name) }).first().click();
    await expect(visitor.getByText('Un pitch revu et corrigé.')).toBeVisible();
  });

  await row(page, name).getByRole('button', { name: `Retirer ${name} de l’affiche` }).click();
  await deleteRecord(page, name);
  await expectNotOnPublicPage(browser, '/shows', name);
});
