import { expect, test } from '../support/fixtures.ts';

test("the card preview waits briefly, then shows the section built from its query string", async ({ page }) => {
  await page.goto('/preview-card?title=Carte%20saison&description=Tarif%20r%C3%A9duit%20toute%20l%27ann%C3%A9e&buttonText=Je%20la%20veux&enabled=true');
  await expect(page.getByRole('heading', { level: 2, name: 'Carte saison' })).toBeVisible();
  await expect(page.getByText("Tarif réduit toute l'année")).toBeVisible();
  await expect(page.getByRole('button', { name: 'Je la veux' })).toBeVisible();
  // No site chrome inside the admin's iframe.
  await expect(page.getByRole('navigation', { name: 'Navigation principale' })).toHaveCount(0);
});

test("the card preview shows 'Chargement...' for about 100 ms first", async ({ page }) => {
  // The page's clock is ours and stands still, so the short pause can be watched.
  await page.clock.install({ time: new Date('2026-03-01T10:00:00') });
  await page.clock.pauseAt(new Date('2026-03-01T10:00:01'));
  await page.goto('/preview-card?title=T&description=D&buttonText=B&enabled=true');
  await expect(page.getByRole('status')).toHaveText(/Chargement\.\.\./);
  // The server sent the waiting state; the pause itself starts once the page is hydrated.
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect(page.getByRole('status')).toHaveText(/Chargement\.\.\./);
  await page.clock.runFor(60);
  await expect(page.getByRole('status')).toHaveText(/Chargement\.\.\./);
  await page.clock.runFor(60);
  await expect(page.getByRole('heading', { level: 2, name: 'T' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveCount(0);
});

test('the card preview says when the section is disabled', async ({ page }) => {
  await page.goto('/preview-card?title=Carte&description=D&buttonText=B&enabled=false');
  await expect(page.getByText(/est désactivée/)).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Carte' })).toHaveCount(0);
});
