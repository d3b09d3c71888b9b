import { expectNoSeriousA11yViolations } from '../support/fixtures.ts';
import { expectNoHorizontalScroll } from '../support/public-pages.ts';
import { adminFixtures, baseTest, dialog, expect, openTab, row, type AdminFixtures, type AdminWorkerFixtures } from './support/admin.ts';

const test = baseTest.extend<AdminFixtures, AdminWorkerFixtures>(adminFixtures);

/**
 * Issue 34: a CSV file with good and bad lines, imported from « Abonnés » as a secretary would, on a
 * phone and on a computer. The good addresses are listed « en attente » (each was sent its confirmation
 * link); the bad lines are said in French, line by line, and nothing else is added.
 */
for (const width of [390, 1366]) {
  test(`imports a CSV file with good and bad lines at ${width} px`, async ({ adminPage: page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: width < 800 ? 844 : 900 });
    const stamp = `${width}-${Date.now()}`;
    const good = [`lea-${stamp}@example.org`, `marc-${stamp}@example.org`];
    const csv = ['Nom;Adresse email', `Léa;${good[0]}`, 'Zoé;zoe(at)example.org', `Marc;${good[1]!.toUpperCase()}`, `Léa encore;${good[0]}`, 'Sans adresse;'].join('\r\n');

    if (width < 800) {
      // The phone's burger menu (phone-width.spec.ts).
      await page.goto('/admin/dashboard');
      await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('navigation', { name: 'Sections de l’administration (mobile)' }).getByRole('button', { name: 'Abonnés', exact: true }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Abonnés' })).toBeVisible();
    } else await openTab(page, 'Gestion', 'Abonnés');
    await page.getByRole('button', { name: 'Ajouter des abonnés' }).click();
    const box = dialog(page, 'Ajouter des abonnés');
    await box.getByLabel('Fichier CSV').setInputFiles({ name: 'abonnes.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${csv}`, 'utf8') });

    const preview = box.getByRole('region', { name: 'Aperçu de l’import' });
    await expect(preview.getByRole('status')).toHaveText(/2 adresses à ajouter, 3 lignes écartées/);
    await expect(preview.getByRole('listitem')).toHaveText([/Ligne 2\s:\sà ajouter/, /Ligne 3\s:\sadresse invalide/, /Ligne 4\s:\sà ajouter/, /Ligne 5\s:\sdoublon de la ligne 2/, /Ligne 6\s:\sadresse invalide/]);
    await expectNoSeriousA11yViolations(page, `import de CSV ${width}`);
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: test.info().outputPath(`abonnes-import-apercu-${width}.png`), fullPage: false });

    await box.getByRole('button', { name: 'Importer 2 adresses' }).click();
    await expect(preview.getByRole('status')).toHaveText(/2 adresses ajoutées/);
    await expect(preview.getByRole('listitem').first()).toContainText('ajoutée, un mail de confirmation est envoyé');
    await page.screenshot({ path: test.info().outputPath(`abonnes-import-fait-${width}.png`) });
    await box.getByRole('button', { name: 'Fermer', exact: true }).last().click();

    for (const email of good) await expect(row(page, email)).toContainText('en attente');
    await expect(page.getByText('zoe(at)example.org')).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath(`abonnes-liste-${width}.png`), fullPage: true });
  });
}
