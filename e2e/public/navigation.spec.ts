import { expect, test } from '../support/fixtures.ts';

const nav = [
  { name: 'La Bande', path: '/team', heading: 'La Bande' },
  { name: 'Spectacles', path: '/shows', heading: 'Spectacles' },
  { name: 'Nous contacter', path: '/contact', heading: null },
  { name: 'Accueil', path: '/', heading: null },
] as const;

test('the header links lead to their pages and mark the current one', async ({ page }) => {
  await page.goto('/');
  const header = page.getByRole('navigation', { name: 'Navigation principale' });
  await expect(header.getByRole('link', { name: 'Accueil' })).toHaveAttribute('aria-current', 'page');

  for (const item of nav) {
    await header.getByRole('link', { name: item.name }).click();
    await expect(page).toHaveURL(new RegExp(`${item.path.replace('/', '\\/')}$`));
    await expect(header.getByRole('link', { name: item.name })).toHaveAttribute('aria-current', 'page');
    await expect(header.locator('[aria-current="page"]')).toHaveCount(1);
    if (item.heading) await expect(page.getByRole('heading', { level: 1, name: item.heading, exact: true })).toBeVisible();
  }
});

test('on a phone the menu opens with its toggle and closes after choosing a page', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const toggle = page.getByRole('button', { name: 'Menu' });
  const header = page.getByRole('navigation', { name: 'Navigation principale' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(header.getByRole('link', { name: 'Spectacles' })).toBeHidden();

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await header.getByRole('link', { name: 'Spectacles' }).click();
  await expect(page).toHaveURL(/\/shows$/);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(header.getByRole('link', { name: 'Spectacles' })).toBeHidden();
});

test('the skip link is the first stop of the keyboard and moves to the content', async ({ page }) => {
  await page.goto('/shows');
  await expect(page.getByRole('heading', { level: 1, name: 'Spectacles' })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Aller au contenu' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.locator('main#contenu')).toBeFocused();
});

test('the footer links lead to the secondary pages', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  for (const [name, path] of [
    ['Bonus — Échos en images', '/bonus'],
    ['Origines', '/origines'],
    ['Partenaires', '/partenaires'],
    ['Les lettres déjà envoyées', '/lettres'],
    ['Plan du site', '/plan-du-site'],
    ['Mentions légales', '/mentions-legales'],
  ] as const) {
    await footer.getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
});
