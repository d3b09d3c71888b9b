import { expect, expectNoSeriousA11yViolations, test, waitForContent } from '../support/fixtures.ts';
import { expectNoHorizontalScroll } from '../support/public-pages.ts';

test.describe('origins page', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/origines');
    await expect(page.getByRole('heading', { level: 1, name: 'Origines' })).toBeVisible();
    await waitForContent(page);
  });

  test('tells the story chapter by chapter, in order', async ({ page }) => {
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(['Les premières pages', 'La troupe grandit', "Aujourd'hui et demain"]);
    const first = page.getByRole('region', { name: 'Les premières pages' });
    await expect(first.getByRole('heading', { level: 3 })).toHaveText([
      'Une lecture entre amis',
      "Naissance de l'association",
      'Première lecture publique',
      'La première Lecture de poche',
    ]);
    // A draft event of the demo stays hidden.
    await expect(page.getByText('Une tournée des villages')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, '/origines');
  });

  test('writes each date as a year, a month and year, or a full date in French', async ({ page }) => {
    const first = page.getByRole('region', { name: 'Les premières pages' });
    await expect(first.locator('time')).toHaveText(['2012', 'octobre 2012', '21 mars 2013', 'juin 2014']);
    await expect(first.locator('time').nth(2)).toHaveAttribute('datetime', '2013-03-21');
  });

  test('jumps to a chapter from the chapter list', async ({ page }) => {
    await page.getByRole('navigation', { name: 'Chapitres' }).getByRole('link', { name: /La troupe grandit/ }).click();
    await expect(page).toHaveURL(/#chapitre-\d+$/);
    await expect(page.getByRole('heading', { level: 2, name: 'La troupe grandit' })).toBeInViewport();
  });

  test('puts the events on both sides of the thread on a wide screen and in one column on a phone', async ({ page }) => {
    const cards = page.getByRole('region', { name: 'Les premières pages' }).getByRole('listitem');
    const [a, b] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
    expect(b!.x).toBeGreaterThan(a!.x + a!.width / 2);
    await page.setViewportSize({ width: 360, height: 800 });
    const [c, d] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
    expect(Math.abs(c!.x - d!.x)).toBeLessThan(1);
    expect(d!.y).toBeGreaterThan(c!.y + c!.height - 1);
    await expectNoHorizontalScroll(page);
  });
});
