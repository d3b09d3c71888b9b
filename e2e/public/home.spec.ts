import { expect, test } from '../support/fixtures.ts';

// The demo seed features three shows: Boule de suif (three upcoming performances), Un cœur simple
// (exactly one, with a booking link) and La Mare au diable (none left).
const card = (page: import('@playwright/test').Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) });

test.describe('home page', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 2, name: "À l'affiche" })).toBeVisible();
  });

  test("each featured show offers 'Réserver', 'Voir les représentations' or says that nothing is planned", async ({ page }) => {
    const single = card(page, 'Un cœur simple');
    const book = single.getByRole('link', { name: /^Réserver/ });
    await expect(book).toHaveAttribute('href', 'https://example.org/billetterie/un-coeur-simple');
    await expect(book).toHaveAttribute('target', '_blank');
    await expect(single.getByText('Prochaine représentation')).toBeVisible();

    await expect(card(page, 'Boule de suif').getByRole('button', { name: /^Voir les représentations/ })).toBeVisible();

    const none = card(page, 'La Mare au diable');
    await expect(none.getByText("Aucune représentation n'est prévue prochainement")).toBeVisible();
    await expect(none.getByRole('button')).toHaveCount(0);
  });

  test('a featured show card links to its page', async ({ page }) => {
    await card(page, 'Boule de suif').getByRole('link', { name: 'Boule de suif' }).click();
    await expect(page).toHaveURL(/\/show\/boule-de-suif$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Boule de suif' })).toBeVisible();
  });

  test('the performances dialog lists the upcoming dates with venue, map link and booking', async ({ page }) => {
    const opener = card(page, 'Boule de suif').getByRole('button', { name: /^Voir les représentations/ });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Voir les représentations' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Boule de suif');
    const items = dialog.getByRole('listitem');
    await expect(items).toHaveCount(3);
    await expect(items.first()).toContainText('Théâtre municipal Le Manège');
    await expect(items.first()).toContainText(/(lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche) \d{1,2}(er)? \S+ \d{4} - 20h30/);
    await expect(items.first().getByRole('link', { name: /5 place de la Mairie, 37500 Chinon/ })).toHaveAttribute('href', /maps/);
    await expect(items.first().getByRole('link', { name: /^Réserver/ })).toHaveAttribute('href', 'https://example.org/billetterie/boule-de-suif');
    await expect(items.nth(1).getByRole('link', { name: /^Réserver/ })).toHaveCount(0);

    // Escape closes and gives the focus back to the button that opened the dialog.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test('the four formats, the Hors cadre section and a link to every show', async ({ page }) => {
    for (const format of ['Grand format', 'Pépite', 'Lecture de poche', 'Brigade de mots']) {
      await expect(page.getByRole('heading', { level: 3, name: format, exact: true })).toBeVisible();
    }
    await expect(page.getByText('Environ 1h30')).toBeVisible();
    await expect(page.getByText('45 min à 1h')).toBeVisible();
    await expect(page.getByText('Sur demande')).toBeVisible();
    await expect(page.getByText('Format court')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Quand la Bande sort de scène' })).toBeVisible();
    await page.getByRole('link', { name: 'Tous les spectacles' }).click();
    await expect(page).toHaveURL(/\/shows$/);
  });

  test('the subscriber-card block opens its request form (the seed enables it)', async ({ page }) => {
    await expect(page.getByRole('heading', { level: 2, name: 'La carte de la Bande' })).toBeVisible();
    await page.getByRole('button', { name: 'Demander ma carte' }).click();
    const dialog = page.getByRole('dialog', { name: 'Demander la carte de la Bande' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Envoyer ma demande' }).click();
    await expect(dialog.getByText('Ce champ est obligatoire')).toHaveCount(4);

    await dialog.getByLabel(/^Prénom/).fill('Claire');
    await dialog.getByLabel(/^Nom/).fill('Vasseur');
    await dialog.getByLabel(/^Email/).fill('claire.vasseur@example.org');
    await dialog.getByLabel(/^Téléphone/).fill('06 12 34 56 78');
    await dialog.getByRole('button', { name: 'Envoyer ma demande' }).click();
    await expect(dialog.getByRole('alert')).toBeVisible();
    await expect(dialog.getByRole('alert')).not.toContainText('Erreur');
  });
});
