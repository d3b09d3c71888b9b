import { ADMIN_EMAIL, ADMIN_PASSWORD, baseTest as test, expect } from './support/admin.ts';

// A wrong password answers 401: the browser logs the failed request, which is what this journey wants.
test.use({ allowedConsoleErrors: [/status of 401/] });

test('login: the dashboard asks for it, a wrong password counts down, the right one leads back; theme, tabs, logout', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/admin/nimporte-quoi');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByRole('link', { name: 'Mot de passe oublié ?' })).toHaveAttribute('href', '/admin/forgot-password');

  await page.getByRole('textbox', { name: 'Email' }).fill(ADMIN_EMAIL);
  await page.getByRole('textbox', { name: 'Mot de passe' }).fill('pas-le-bon');
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('Email ou mot de passe incorrect (4 tentative(s) restante(s))');

  await page.getByRole('textbox', { name: 'Mot de passe' }).fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Spectacles' })).toBeVisible();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('admin_user') ?? 'null'))).toMatchObject({ email: ADMIN_EMAIL });
  // With a token, the login page is skipped.
  await page.goto('/admin/login');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  // Theme: remembered, and only on /admin pages.
  await page.getByRole('button', { name: 'Thème sombre' }).click();
  await expect(page.locator('[data-theme="dark"]')).toBeVisible();
  await page.reload();
  await expect(page.locator('[data-theme="dark"]')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('admin_theme'))).toBe('dark');
  await page.goto('/mentions-legales');
  await expect(page.locator('[data-theme="dark"]')).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.style.colorScheme)).not.toBe('dark');

  // The last tab is remembered (admin_active_tab).
  await page.goto('/admin/dashboard');
  await page.getByRole('button', { name: /^Contenu/ }).click();
  await page.getByRole('button', { name: 'Partenaires', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Partenaires' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Partenaires' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('admin_active_tab'))).toBe('partners');

  // On a phone, the groups sit behind the burger menu.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('navigation', { name: /mobile/ }).getByRole('button', { name: 'Membres' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Membres' })).toBeVisible();
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('navigation', { name: /mobile/ }).getByRole('button', { name: 'Déconnexion' }).click();

  await expect(page).toHaveURL(/\/admin\/login$/);
  expect(await page.evaluate(() => [localStorage.getItem('admin_token'), localStorage.getItem('admin_user')])).toEqual([null, null]);
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/admin\/login$/);
});
