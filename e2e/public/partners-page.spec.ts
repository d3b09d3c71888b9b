import { expect, expectNoSeriousA11yViolations, test, waitForContent } from '../support/fixtures.ts';
import { expectNoHorizontalScroll } from '../support/public-pages.ts';

test.describe('partners page', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/partenaires');
    await expect(page.getByRole('heading', { level: 1, name: 'Partenaires' })).toBeVisible();
    await waitForContent(page);
  });

  test('shows a card per published partner with its logo, and a link to its site in a new tab', async ({ page }) => {
    const cards = page.getByRole('main').getByRole('list').first().getByRole('listitem');
    const count = await cards.count();
    expect(count).toBeGreaterThan(0);
    for (let index = 0; index < count; index++) {
      const card = cards.nth(index);
      const title = (await card.getByRole('heading', { level: 2 }).textContent())!.trim();
      const logo = card.getByRole('img', { name: `${title}, logo` });
      if ((await logo.count()) > 0) {
        await expect(logo).toHaveAttribute('width', /\d+/);
        await expect(logo).toHaveAttribute('loading', /eager|lazy/);
        await logo.scrollIntoViewIfNeeded();
        await expect.poll(() => logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
      }
      const links = card.getByRole('link');
      if ((await links.count()) === 0) continue;
      const link = links.first();
      await expect(link).toHaveAccessibleName(`Visiter le site de ${title} (nouvel onglet)`);
      await expect(link).toHaveText(/^Visiter le site/);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      await expect(link).toHaveAttribute('href', /^https?:\/\//);
    }
    await expect(page.getByRole('link', { name: /^Visiter le site de Médiathèque des Tilleuls/ })).toHaveAttribute('href', 'https://example.org/mediatheque-des-tilleuls');
    await expectNoSeriousA11yViolations(page, '/partenaires');
  });

  test('invites new partners to write to the troupe, and fits a phone', async ({ page }) => {
    await page.getByRole('region', { name: 'Devenir partenaire' }).getByRole('link', { name: 'Nous écrire' }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto('/partenaires');
    await waitForContent(page);
    await expectNoHorizontalScroll(page);
  });
});
