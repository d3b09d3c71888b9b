import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures.ts';
import { expectNoHorizontalScroll } from '../support/public-pages.ts';

const PAGES = [
  ['Accueil', '/'],
  ['La Bande', '/team'],
  ['Origines', '/origines'],
  ['Spectacles', '/shows'],
  ['Bonus — Échos en images', '/bonus'],
  ['Partenaires', '/partenaires'],
  ['Nous contacter', '/contact'],
  ['Lettres', '/lettres'],
  ['Plan du site', '/plan-du-site'],
  ['Mentions légales', '/mentions-legales'],
] as const;

for (const path of ['/sitemap', '/plan-du-site']) {
  test(`${path} lists every public page, and every link answers`, async ({ page, request }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Plan du site' })).toBeVisible();
    const main = page.getByRole('main');
    for (const [name, href] of PAGES) {
      const link = main.getByRole('link', { name, exact: true });
      await expect(link).toHaveAttribute('href', href);
      const response = await request.get(href);
      expect(response.status(), href).toBe(200);
    }
    await expectNoSeriousA11yViolations(page, path);
    await page.setViewportSize({ width: 360, height: 800 });
    await expectNoHorizontalScroll(page);
  });
}

test('each link of the sitemap opens its page', async ({ page }) => {
  test.setTimeout(90_000); // ten pages, each opened from the sitemap: 20 s on a loaded machine
  for (const [name, href] of PAGES) {
    await page.goto('/plan-du-site');
    await page.getByRole('main').getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${href === '/' ? '' : href}/?$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Cette scène est vide' })).toHaveCount(0);
  }
});
