import { expectNoSeriousA11yViolations } from '../support/fixtures.ts';
import { adminFixtures, baseTest, expect, openTab, type AdminFixtures, type AdminWorkerFixtures } from './support/admin.ts';

const test = baseTest.extend<AdminFixtures, AdminWorkerFixtures>(adminFixtures);

/** Issue 36: the « Bilan » tab at phone and desktop widths, both themes, and the season report as an A4 PDF. */
for (const theme of ['light', 'dark'] as const) {
  test(`the Bilan tab reads at 390 and 1366 px with no serious accessibility violation (${theme} theme)`, async ({ adminPage: page }) => {
    test.setTimeout(180_000);
    await page.addInitScript((value) => window.localStorage.setItem('admin_theme', value), theme);
    // Opened through the desktop menus, then narrowed to a phone's width (its burger menu is another spec's).
    await page.setViewportSize({ width: 1366, height: 900 });
    await openTab(page, 'Gestion', 'Bilan');
    for (const width of [1366, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await expect(page.getByRole('heading', { level: 1, name: 'Bilan' })).toBeVisible();
      await expect(page.getByLabel('Chiffres clés de la période')).toBeVisible();
      await expect(page.getByRole('figure', { name: 'Fréquentation par représentation' })).toBeVisible();
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await expectNoSeriousA11yViolations(page, `bilan ${width} (${theme})`);
      if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/bilan-${width}-${theme}.png`, fullPage: true });
    }
  });
}

test('the season report prints alone on a few A4 pages with its figures', async ({ adminPage: page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await openTab(page, 'Gestion', 'Bilan');
  await page.getByRole('button', { name: 'Rapport de saison' }).click();
  const report = page.getByRole('article', { name: /^Bilan de la saison \d{4}-\d{4}$/ });
  await expect(report).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'rapport de saison');
  if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/bilan-report-1366.png`, fullPage: true });

  await page.emulateMedia({ media: 'print' });
  // In print, the report and nothing of the admin's chrome.
  await expect(page.getByRole('navigation')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Télécharger le CSV' })).toBeHidden();
  for (const label of ['Représentations', 'Spectacles', 'Lieux', 'Villes', 'Spectateurs venus', 'Taux de remplissage moyen', 'Nouveaux abonnés à la lettre', 'Lettres envoyées']) {
    await expect(report.getByText(label, { exact: true })).toBeVisible();
  }
  const pdf = await page.pdf({ format: 'A4', printBackground: true });
  const pages = pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)?.length ?? 0;
  expect(pages).toBeGreaterThanOrEqual(1);
  expect(pages).toBeLessThanOrEqual(3);
  if (process.env.E2E_SCREENSHOTS) (await import('node:fs')).writeFileSync(`${process.env.E2E_SCREENSHOTS}/bilan-report.pdf`, pdf);
});
