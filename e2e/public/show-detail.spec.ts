import { expect, test } from '../support/fixtures.ts';

test('a show page tells its story, lists its dates and its team', async ({ page }) => {
  await page.goto('/shows');
  await page.getByRole('link', { name: 'Boule de suif' }).click();
  await expect(page).toHaveURL(/\/show\/boule-de-suif$/);
  await expect(page).toHaveTitle('Boule de suif — La Bande à Lire');

  await expect(page.getByRole('heading', { level: 1, name: 'Boule de suif' })).toBeVisible();
  await expect(page.getByText(/Hiver 1870/)).toBeVisible();
  await expect(page.locator('blockquote').first()).toContainText("lambeaux d'armée");
  await expect(page.getByRole('img', { name: /Boule de suif/ }).first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Note de mise en scène' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Guy de Maupassant' })).toBeVisible();
  await expect(page.getByText('1850 – 1893')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Remerciements' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'La petite bande' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'La petite bande' }).getByRole('heading', { level: 3 }).first()).toBeVisible();

  await page.getByRole('button', { name: 'Voir les représentations' }).click();
  const dialog = page.getByRole('dialog', { name: 'Voir les représentations' });
  await expect(dialog.getByRole('listitem')).toHaveCount(3);
  await dialog.getByRole('button', { name: 'Fermer' }).click();
  await expect(dialog).toBeHidden();
});

test("a show without upcoming performance has no 'Voir les représentations' button", async ({ page }) => {
  await page.goto('/show/la-mare-au-diable');
  await expect(page.getByRole('heading', { level: 1, name: 'La Mare au diable' })).toBeVisible();
  await expect(page.getByText("Aucune représentation n'est prévue prochainement")).toBeVisible();
  await expect(page.getByRole('button', { name: 'Voir les représentations' })).toHaveCount(0);
});

test.describe('unknown show', () => {
  // The API's 404 for the unknown slug is logged by the browser; it is the point of this test.
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test('goes to /not-found, replacing the unknown address in the history', async ({ page }) => {
    await page.goto('/shows');
    await page.goto('/show/ce-spectacle-nexiste-pas');
    await expect(page).toHaveURL(/\/not-found$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Cette scène est vide' })).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(/\/shows$/);
  });

  test('an unpublished show is not found either', async ({ page }) => {
    await page.goto('/show/la-chatte');
    await expect(page).toHaveURL(/\/not-found$/);
  });
});
