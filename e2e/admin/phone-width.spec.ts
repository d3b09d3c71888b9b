import type { Page } from '@playwright/test';
import { adminFixtures, baseTest, expect, type AdminFixtures, type AdminWorkerFixtures } from './support/admin.ts';

const test = baseTest.extend<AdminFixtures, AdminWorkerFixtures>(adminFixtures);

const TABS = ['Spectacles', 'Membres', 'Lieux', 'Messages', 'Abonnés', 'Comptes', 'Journal', 'Bonus de la bande', 'Origines', 'Partenaires', "Carte d'abonnement", 'Informations légales'];

/** The labels of the visible buttons, tabs and links whose text does not fit their box, or runs past the screen. */
function cutLabels(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return Array.from(document.querySelectorAll<HTMLElement>('button, a, [role="tab"], label, h1, h2'))
      .filter((element) => element.checkVisibility() && (element.textContent ?? '').trim() !== '')
      .filter((element) => {
        const box = element.getBoundingClientRect();
        // A label for screen readers only (ui.visuallyHidden: a 1 px box, clipped) is not shown, so not cut.
        if (box.width <= 1 && box.height <= 1) return false;
        return element.scrollWidth > element.clientWidth + 1 || box.right > width + 1 || box.left < -1;
      })
      .map((element) => (element.textContent ?? '').trim());
  });
}

async function openTabByBurger(page: Page, tab: string) {
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('navigation', { name: 'Sections de l’administration (mobile)' }).getByRole('button', { name: tab, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: tab })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Chargement...' })).toHaveCount(0);
}

for (const width of [360, 390]) {
  test(`at ${width} px every tab, sub-tab and button label of the backoffice is whole`, async ({ adminPage: page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/admin/dashboard');
    for (const tab of TABS) {
      await openTabByBurger(page, tab);
      if (tab === "Carte d'abonnement") {
        for (const sub of ['Configuration carte', 'Configuration modal']) {
          await page.getByRole('button', { name: sub }).or(page.getByRole('tab', { name: sub })).first().click();
          expect(await cutLabels(page), `${tab} › ${sub} à ${width} px`).toEqual([]);
          if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/${width}-${tab}-${sub}.png`, fullPage: true });
        }
      } else {
        expect(await cutLabels(page), `${tab} à ${width} px`).toEqual([]);
        if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/${width}-${tab}.png`, fullPage: true });
      }
    }
  });
}

test('the burger menu closes on Escape and gives the focus back to its button', async ({ adminPage: page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/admin/dashboard');
  const burger = page.getByRole('button', { name: 'Menu' });
  await burger.click();
  const menu = page.getByRole('navigation', { name: 'Sections de l’administration (mobile)' });
  await expect(menu).toBeVisible();
  await menu.getByRole('button', { name: 'Membres', exact: true }).focus();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(burger).toBeFocused();
  await expect(burger).toHaveAttribute('aria-expanded', 'false');
});
