import { expectNoSeriousA11yViolations } from '../support/fixtures.ts';
import { adminFixtures, baseTest, expect, openTab, row, SITE_URL, type AdminFixtures, type AdminWorkerFixtures } from './support/admin.ts';

const test = baseTest.extend<AdminFixtures, AdminWorkerFixtures>(adminFixtures);

test('a letter is written, previewed, tested and sent from « Lettres », then read in the public archive', async ({ adminPage: page }) => {
  test.setTimeout(120_000);
  const subject = `Nouvelles de la troupe ${Date.now()}`;
  await openTab(page, 'Gestion', 'Lettres');
  await expect(page.getByRole('heading', { level: 1, name: 'Lettres' })).toBeVisible();
  // The list, before the editor opens (the editor is checked below, preview frames included).
  await expectNoSeriousA11yViolations(page, 'lettres');
  // « Nouvelle lettre » then Escape leaves no draft behind (issue 34).
  const before = await page.getByRole('row').count();
  await page.getByRole('button', { name: 'Nouvelle lettre' }).click();
  await expect(page.getByRole('dialog', { name: 'Nouvelle lettre' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('row')).toHaveCount(before);
  await expect(page.getByRole('row', { name: /Nouvelle lettre/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Nouvelle lettre' }).click();

  const editor = page.getByRole('dialog');
  await editor.getByLabel('Objet').fill(subject);
  await editor.getByLabel('Texte (Markdown)').fill('Bonjour à toutes et à tous,\n\nNous lisons **Madame Bovary** ce printemps. [Le programme](/shows)');
  // The live preview: the server's rendering of the mail, at a phone's and a desktop's width.
  const phone = editor.frameLocator('iframe[title="Aperçu sur téléphone"]');
  await expect(phone.getByText('Madame Bovary')).toBeVisible();
  await expect(editor.locator('iframe[title="Aperçu sur ordinateur"]')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'éditeur de lettre');

  await editor.getByLabel('Adresse du test').fill('redaction@example.org');
  await editor.getByRole('button', { name: 'Envoyer un test' }).click();
  await expect(page.getByText('Test envoyé à redaction@example.org.')).toBeVisible();

  await editor.getByRole('button', { name: 'Envoyer maintenant' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(/Envoyer à \d+ abonnés?\s\?/);
  await confirm.getByRole('button', { name: 'Envoyer la lettre' }).click();
  await editor.getByRole('button', { name: 'Fermer' }).first().click();
  await expect(row(page, subject)).toContainText('Envoyée', { timeout: 30_000 });

  await page.goto(`${SITE_URL}/lettres`);
  await page.getByRole('link', { name: subject }).click();
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('Madame Bovary');
  await expect(page.locator('a[href*="desinscription"]')).toHaveCount(0);
});

test.describe('a refused letter', () => {
  // The preview's 400 is the answer under test: the browser logs it.
  test.use({ allowedConsoleErrors: [/status of 400 .*\/api\/campaigns\/preview/] });

  test('a letter that would hand the unsubscribe link to another site is refused in French (issue 33)', async ({ adminPage: page }) => {
    test.setTimeout(90_000);
    await openTab(page, 'Gestion', 'Lettres');
    await page.getByRole('button', { name: 'Nouvelle lettre' }).click();
    const editor = page.getByRole('dialog');
    await editor.getByLabel('Objet').fill(`Lettre piégée ${Date.now()}`);
    await editor.getByLabel('Texte (Markdown)').fill('[Le programme](https://pisteur.example.com/?u=%%UNSUBSCRIBE_URL%%)');
    await expect(editor.getByText(/Aperçu indisponible : Le lien de désinscription de chaque abonné est ajouté en bas de la lettre/)).toBeVisible();
    for (const width of [390, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: test.info().outputPath(`lettre-refusee-${width}.png`) });
    }
  });
});
