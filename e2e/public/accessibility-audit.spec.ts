import type { Page } from '@playwright/test';
import { expect, expectNoA11yViolations, NOT_FOUND_DOCUMENT, test, waitForContent } from '../support/fixtures.ts';
import { stubYoutube } from '../support/public-pages.ts';

// The not-found page answers 404, which the browser reports in the console for the document itself.
test.use({ allowedConsoleErrors: [NOT_FOUND_DOCUMENT] });

/**
 * The audit of the accessibility statement (/accessibilite, docs/accessibility.md): axe-core with the
 * WCAG 2.2 A/AA and RGAA 4.1 tags on every public page, on a phone (390 px) and a desktop (1366 px),
 * with each dialog open. The public site has one theme (the backoffice's two are audited in
 * e2e/admin/accessibility.spec.ts).
 */
const PAGES = [
  '/',
  '/team',
  '/shows',
  '/show/boule-de-suif',
  '/contact',
  '/bonus',
  '/origines',
  '/partenaires',
  '/plan-du-site',
  '/mentions-legales',
  '/accessibilite',
  '/ce-chemin/nexiste-pas',
];

/** Each dialog of the public site: where it opens, how, and its name. */
const DIALOGS: { path: string; label: string; open: (page: Page) => Promise<void> }[] = [
  { path: '/', label: 'newsletter', open: (page) => page.getByRole('button', { name: "S'inscrire à la newsletter" }).click() },
  { path: '/show/boule-de-suif', label: 'représentations', open: (page) => page.getByRole('button', { name: 'Voir les représentations' }).first().click() },
  { path: '/', label: 'carte d’abonné', open: (page) => page.getByRole('button', { name: 'Demander ma carte' }).click() },
  { path: '/bonus', label: 'visionneuse', open: (page) => page.getByRole('button', { name: /^Agrandir la photo/ }).first().click() },
  { path: '/bonus', label: 'lecteur vidéo', open: (page) => page.getByRole('button', { name: /^Lire la vidéo/ }).first().click() },
];

for (const width of [390, 1366]) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: { width, height: width < 800 ? 844 : 900 } });

    test(`every public page passes axe-core (WCAG 2.2 AA, RGAA 4.1) at ${width} px`, async ({ page }) => {
      test.setTimeout(180_000); // axe takes seconds per page on a shared machine
      await stubYoutube(page);
      for (const path of PAGES) {
        await page.goto(path);
        await waitForContent(page);
        await expectNoA11yViolations(page, `${path} (${width} px)`);
      }
    });

    test(`every dialog of the public site passes axe-core at ${width} px`, async ({ page }) => {
      test.setTimeout(120_000);
      await stubYoutube(page);
      for (const { path, label, open } of DIALOGS) {
        await page.goto(path);
        await waitForContent(page);
        await open(page);
        await expect(page.getByRole('dialog')).toBeVisible();
        await waitForContent(page);
        await expectNoA11yViolations(page, `${path}, ${label} (${width} px)`);
      }
    });
  });
}
