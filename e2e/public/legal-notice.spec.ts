import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures.ts';
import { expectNoHorizontalScroll } from '../support/public-pages.ts';

const SECTIONS = ['Éditeur du site', 'Hébergement', 'Propriété intellectuelle', 'Données personnelles', 'Cookies et stockage local', 'Dates des représentations'];

test.describe('legal page', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/mentions-legales');
    await expect(page.getByRole('heading', { level: 1, name: 'Mentions légales' })).toBeVisible();
  });

  test('covers publisher, hosting, intellectual property, data, cookies and the dates disclaimer', async ({ page }) => {
    for (const title of SECTIONS) await expect(page.getByRole('region', { name: new RegExp(title) })).toBeVisible();
    const publisher = page.getByRole('region', { name: /Éditeur du site/ });
    await expect(publisher).toContainText('La Bande à Lire');
    await expect(publisher).toContainText('association loi 1901');
    await expect(publisher).toContainText('Directrice de la publication');
    // The host's details come from the database (demo: filled in by the seed); never a placeholder.
    const host = page.getByRole('region', { name: /Hébergement/ });
    await expect(host).toContainText('OVH SAS');
    await expect(host).toContainText('2 rue Kellermann, 59100 Roubaix');
    await expect(page.getByRole('main')).not.toContainText('À compléter');
    const data = page.getByRole('region', { name: /Données personnelles/ });
    for (const form of ['Newsletter', 'Contact', "Carte d'abonné"]) await expect(data.getByRole('rowheader', { name: form })).toBeVisible();
    await expect(data).toContainText('RGPD');
    await expect(page.getByRole('region', { name: /Cookies/ })).toContainText('aucun cookie de suivi');
    await expect(page.getByRole('region', { name: /Dates des représentations/ })).toContainText('à titre indicatif');
    await expectNoSeriousA11yViolations(page, '/mentions-legales');
  });

  test('sends readers who want to use their rights to the contact page', async ({ page }) => {
    await page.getByRole('region', { name: /Données personnelles/ }).getByRole('link', { name: 'page de contact' }).click();
    await expect(page).toHaveURL(/\/contact$/);
  });

  test('has a table of contents leading to each section, and fits a phone', async ({ page }) => {
    const toc = page.getByRole('navigation', { name: 'Sommaire' });
    await expect(toc.getByRole('link')).toHaveText(SECTIONS);
    await toc.getByRole('link', { name: 'Cookies et stockage local' }).click();
    await expect(page).toHaveURL(/#cookies$/);
    await expect(page.getByRole('heading', { level: 2, name: /Cookies et stockage local/ })).toBeInViewport();
    await page.setViewportSize({ width: 360, height: 800 });
    await expectNoHorizontalScroll(page);
  });
});
