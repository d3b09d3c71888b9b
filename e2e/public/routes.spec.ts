import { expect, expectNoSeriousA11yViolations, NOT_FOUND_DOCUMENT, test, waitForContent } from '../support/fixtures.ts';

// The not-found page answers 404, which the browser reports in the console for the document itself.
test.use({ allowedConsoleErrors: [NOT_FOUND_DOCUMENT] });

/** Every public route, with the heading it must show once loaded. */
const routes: { path: string; heading: RegExp }[] = [
  { path: '/', heading: /La Bande\s*à Lire/ },
  { path: '/team', heading: /^La Bande$/ },
  { path: '/shows', heading: /^Spectacles$/ },
  { path: '/show/boule-de-suif', heading: /^Boule de suif$/ },
  { path: '/contact', heading: /.+/ },
  { path: '/bonus', heading: /.+/ },
  { path: '/origines', heading: /.+/ },
  { path: '/partenaires', heading: /.+/ },
  { path: '/sitemap', heading: /.+/ },
  { path: '/plan-du-site', heading: /.+/ },
  { path: '/mentions-legales', heading: /.+/ },
  { path: '/accessibilite', heading: /^Déclaration d’accessibilité$/ },
  { path: '/not-found', heading: /Cette scène est vide/ },
  { path: '/preview-card?title=La%20carte&description=Tarif%20r%C3%A9duit&buttonText=Demander&enabled=true', heading: /Aperçu/ },
];

for (const { path, heading } of routes) {
  test(`${path} renders, with no serious accessibility violation and no console error`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeAttached();
    await waitForContent(page);
    await expect(page).toHaveTitle(/La Bande à Lire/);
    await expectNoSeriousA11yViolations(page, path);
  });
}

test('an unknown path shows the not-found page with a way back home', async ({ page }) => {
  await page.goto('/ce-chemin/nexiste-pas');
  await expect(page.getByRole('heading', { level: 1, name: 'Cette scène est vide' })).toBeVisible();
  await expect(page).toHaveURL(/\/ce-chemin\/nexiste-pas$/);
  await page.getByRole('main').getByRole('link', { name: "Retour à l'accueil" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 2, name: "À l'affiche" })).toBeVisible();
});
