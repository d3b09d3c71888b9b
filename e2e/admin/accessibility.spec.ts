import { expectNoA11yViolations as expectNoSeriousA11yViolations } from '../support/fixtures.ts';
import { adminFixtures, baseTest, dialog, expect, openTab, type AdminFixtures, type AdminWorkerFixtures } from './support/admin.ts';

const test = baseTest.extend<AdminFixtures, AdminWorkerFixtures>(adminFixtures);

const TABS = [
  ['Gestion', 'Spectacles', 'Nouveau spectacle'],
  ['Gestion', 'Membres', 'Nouveau membre'],
  ['Gestion', 'Lieux', 'Nouveau lieu'],
  ['Contenu', 'Bonus de la bande', 'Ajouter un média'],
  ['Contenu', 'Origines', 'Nouvelle catégorie'],
  ['Contenu', 'Partenaires', 'Nouveau partenaire'],
] as const;

test('login and forgot-password pages have no serious accessibility violation', async ({ page }) => {
  await page.goto('/admin/login');
  await expect(page.getByRole('button', { name: 'Se connecter', exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'connexion');
  await page.goto('/admin/forgot-password');
  await expect(page.getByRole('button', { name: 'Envoyer un code' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'mot de passe oublié');
});

for (const theme of ['light', 'dark'] as const) {
  test(`every tab and its form have no serious accessibility violation (${theme} theme)`, async ({ adminPage: page }) => {
    test.setTimeout(240_000); // axe takes seconds per page on a shared machine
    await page.addInitScript((value) => window.localStorage.setItem('admin_theme', value), theme);
    for (const [group, tab, create] of TABS) {
      await openTab(page, group, tab);
      await expectNoSeriousA11yViolations(page, `${tab} (${theme})`);
      await page.getByRole('button', { name: create }).first().click();
      await expect(dialog(page)).toBeVisible();
      await expectNoSeriousA11yViolations(page, `${tab}, formulaire (${theme})`);
      await page.keyboard.press('Escape');
      await expect(dialog(page)).toBeHidden();
    }
    await openTab(page, 'Contenu', "Carte d'abonnement");
    await expectNoSeriousA11yViolations(page, `carte d'abonnement (${theme})`);
    await openTab(page, 'Contenu', 'Textes du site');
    await expectNoSeriousA11yViolations(page, `textes du site (${theme})`);
  });
}
