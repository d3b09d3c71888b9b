import { expect, NOT_FOUND_DOCUMENT, test } from '../support/fixtures.ts';
import { MAINTENANCE_URL } from '../support/urls.ts';

test.use({ baseURL: MAINTENANCE_URL });

test("in maintenance mode every public page says so; M asks, Non closes, Oui lets the visitor in for good", async ({ page }) => {
  await page.goto('/shows');
  await expect(page.getByRole('heading', { level: 1, name: 'Site en maintenance' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Navigation principale' })).toHaveCount(0);

  // The gate's key is listened to by the app: the server-rendered screen shows before it is ready.
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await page.keyboard.press('m');
  const question = page.getByRole('dialog');
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Non' }).click();
  await expect(question).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'Site en maintenance' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('maintenance-access'))).toBeNull();

  await page.keyboard.press('M');
  await page.getByRole('dialog').getByRole('button', { name: 'Oui' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Spectacles' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('maintenance-access'))).not.toBeNull();

  // The flag is remembered: another page, after a reload, opens directly. The server knows it too
  // (the cookie set with the flag): the page it sends is the page, not the gate that the browser
  // would then take away, so the gate never flashes on a full page load.
  const response = await page.goto('/team');
  const html = (await response?.text()) ?? '';
  expect(html).not.toContain('Site en maintenance');
  expect(html).toMatch(/<h1[^>]*>La Bande<\/h1>/);
  await expect(page.getByRole('heading', { level: 1, name: 'La Bande' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Site en maintenance' })).toHaveCount(0);
});

test('a visitor who entered before the cookie existed (the flag alone) gets it, and the server then knows him', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('maintenance-access', 'true'));
  await page.goto('/shows');
  await expect(page.getByRole('heading', { level: 1, name: 'Spectacles' })).toBeVisible();
  const html = (await (await page.goto('/team'))?.text()) ?? '';
  expect(html).not.toContain('Site en maintenance');
});

test.describe('an unknown path', () => {
  test.use({ allowedConsoleErrors: [NOT_FOUND_DOCUMENT] });
  test('the gate covers the home page and the not-found page too', async ({ page }) => {
    for (const path of ['/', '/nimporte-quoi']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: 'Site en maintenance' })).toBeVisible();
    }
  });
});

test('the admin is never behind the gate', async ({ page }) => {
  await page.goto('/admin/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Site en maintenance' })).toHaveCount(0);
  await expect(page.getByLabel(/email/i).first()).toBeVisible();
});
