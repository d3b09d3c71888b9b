import { adminFixtures, baseTest, expect, openTab, SAMPLE_PHOTO, type AdminFixtures, type AdminWorkerFixtures } from './support/admin.ts';

const test = baseTest.extend<AdminFixtures, AdminWorkerFixtures>(adminFixtures);

/** « Annoncer un spectacle » (issue 34) at a phone's and a computer's width: prepared, edited, tested. */
for (const width of [390, 1366]) {
  test(`a letter announcing a show is prepared, edited and sent as a test at ${width} px`, async ({ adminPage: page }) => {
    test.setTimeout(120_000);
    await openTab(page, 'Gestion', 'Lettres');
    await page.setViewportSize({ width, height: 900 });
    await page.getByRole('button', { name: 'Annoncer un spectacle' }).click();
    const chooser = page.getByRole('dialog', { name: 'Annoncer un spectacle' });
    const select = chooser.getByRole('combobox', { name: /Spectacle/ });
    await expect(select.locator('option')).not.toHaveCount(1);
    await select.selectOption({ index: 1 });
    await chooser.getByRole('button', { name: 'Préparer la lettre' }).click();
    const editor = page.getByRole('dialog', { name: 'Nouvelle lettre' });
    await expect(editor.getByLabel('Objet')).toHaveValue(/^À l’affiche\u00a0: «/);
    await expect(editor.getByLabel('Texte (Markdown)')).toHaveValue(/\[Voir le spectacle\]/);
    await editor.getByLabel('Texte (Markdown)').press('ControlOrMeta+End');
    await editor.getByLabel('Texte (Markdown)').pressSequentially('\n\nÀ très bientôt !');
    const phone = editor.frameLocator('iframe[title="Aperçu sur téléphone"]');
    await expect(phone.getByText('À très bientôt')).toBeVisible();
    await expect(phone.locator('img')).toHaveCount(1);
    // « Insérer une image »: a real file to the server, its Markdown at the cursor (the text's end), a second picture in the preview.
    await editor.locator('input[type="file"]').setInputFiles(SAMPLE_PHOTO);
    await expect(editor.getByLabel('Texte (Markdown)')).toHaveValue(/À très bientôt !\n\n!\[author victor hugo\]\(\/uploads\/[^)]+\)\n\n$/);
    await expect(phone.locator('img')).toHaveCount(2);
    // The frames keep the widths their labels say, even at 390 px (scrolled sideways there).
    await expect(editor.locator('iframe[title="Aperçu sur téléphone"]')).toHaveJSProperty('offsetWidth', 375);
    await expect(editor.locator('iframe[title="Aperçu sur ordinateur"]')).toHaveJSProperty('offsetWidth', 700);
    if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/announce-${width}.png`, fullPage: true });
    await editor.getByLabel('Adresse du test').fill('redaction@example.org');
    await editor.getByRole('button', { name: 'Envoyer un test' }).click();
    await expect(page.getByText('Test envoyé à redaction@example.org.')).toBeVisible();
  });
}
