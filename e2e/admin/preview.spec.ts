import type { Browser, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/fixtures.ts';
import { adminFixtures, baseTest, dialog, expect, openTab, row, SITE_URL, unique, type AdminFixtures, type AdminWorkerFixtures } from './support/admin.ts';

const test = baseTest.extend<AdminFixtures, AdminWorkerFixtures>(adminFixtures);

const BANNER = 'Aperçu — non publié';

/**
 * A colleague: a fresh browser context (no admin session, no cache), whose console errors are kept
 * apart so that the test can tell the expected 404 of a refused link from anything else.
 */
async function asColleague(browser: Browser, visit: (page: Page, consoleErrors: string[]) => Promise<void>) {
  const context = await browser.newContext({ locale: 'fr-FR', timezoneId: 'Europe/Paris' });
  const consoleErrors: string[] = [];
  try {
    const page = await context.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(`${message.text()} (${message.location().url})`);
    });
    page.on('pageerror', (error) => consoleErrors.push(`exception: ${error.message}`));
    await visit(page, consoleErrors);
  } finally {
    await context.close();
  }
}

test('preview: an admin shares a draft, a colleague without login sees it with the banner; an altered link shows the not-found page', async ({
  adminPage: page,
  browser,
  context,
}) => {
  test.setTimeout(120_000); // a journey across three browser tabs on a shared machine
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: SITE_URL });
  const name = unique('Brouillon à montrer');
  await openTab(page, 'Gestion', 'Spectacles');

  // A new draft, saved, then edited: the preview shows the last saved version.
  await page.getByRole('button', { name: 'Nouveau spectacle' }).first().click();
  const form = dialog(page, 'Nouveau spectacle');
  await expect(form.getByRole('button', { name: 'Prévisualiser' })).toHaveCount(0); // nothing saved yet
  await form.getByLabel('Nom du spectacle').fill(name);
  await form.getByLabel('Pitch').fill('Un premier pitch, encore brut.');
  await form.getByLabel('Note de mise en scène').fill('Trois voix et un piano droit.');
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(form).toBeHidden();
  await expect(row(page, name)).toContainText('Brouillon');

  await row(page, name).getByRole('button', { name: `Modifier ${name}` }).click();
  const edit = dialog(page, 'Modifier le spectacle');
  await edit.getByLabel('Pitch').fill('Un pitch relu, prêt à être montré.');
  await edit.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(edit).toBeHidden();
  await row(page, name).getByRole('button', { name: `Modifier ${name}` }).click();
  await expect(edit.getByLabel('Pitch')).toHaveValue('Un pitch relu, prêt à être montré.');

  // « Prévisualiser » opens the page in a new tab.
  const [previewTab] = await Promise.all([context.waitForEvent('page'), edit.getByRole('button', { name: 'Prévisualiser' }).click()]);
  await previewTab.waitForURL(/\/apercu\/\d+\.\d+\.[\w-]{43}$/);
  await expect(previewTab.getByText(BANNER, { exact: true })).toBeVisible();
  await expect(previewTab.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(previewTab.getByText('Un pitch relu, prêt à être montré.')).toBeVisible();
  await previewTab.close();

  // « Copier le lien »: the link, in the clipboard, confirmed in French.
  await edit.getByRole('button', { name: 'Copier le lien' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Lien d’aperçu copié' })).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(new RegExp(`^${SITE_URL.replace(/\./g, '\\.')}/apercu/\\d+\\.\\d+\\.[\\w-]{43}$`));
  await edit.getByRole('button', { name: 'Annuler' }).click();

  await asColleague(browser, async (visitor, consoleErrors) => {
    const response = await visitor.goto(link);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['cache-control']).toBe('no-store');
    expect(response?.headers()['x-robots-tag']).toContain('noindex');
    await expect(visitor.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    // Once hydrated, the page still shows the draft (the browser did not ask the public API, which refuses it).
    await visitor.locator('html[data-hydrated="true"]').waitFor({ state: 'attached', timeout: 15_000 });
    await expect(visitor).toHaveURL(link);
    await expect(visitor.getByText(BANNER, { exact: true })).toBeVisible();
    await expect(visitor.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(visitor.getByText('Un pitch relu, prêt à être montré.')).toBeVisible();
    await expect(visitor.getByText('Trois voix et un piano droit.')).toBeVisible();
    await expectNoSeriousA11yViolations(visitor, 'aperçu d’un brouillon');
    expect(consoleErrors).toEqual([]);

    // One character of the signature changed: the site's not-found page, with its 404.
    const token = link.slice(link.lastIndexOf('/') + 1);
    const [id, expiry, signature] = token.split('.') as [string, string, string];
    const altered = `${SITE_URL}/apercu/${id}.${expiry}.${signature.slice(0, 5)}${signature[5] === 'x' ? 'y' : 'x'}${signature.slice(6)}`;
    const refused = await visitor.goto(altered);
    expect(refused?.status()).toBe(404);
    await visitor.locator('html[data-hydrated="true"]').waitFor({ state: 'attached', timeout: 15_000 });
    await expect(visitor.getByRole('heading', { level: 1, name: 'Cette scène est vide' })).toBeVisible();
    await expect(visitor.getByText(BANNER, { exact: true })).toHaveCount(0);
    await expect(visitor.getByText(name)).toHaveCount(0);
    // The only console error is the browser's note of the document's 404.
    expect(consoleErrors).toHaveLength(1);
    expect(consoleErrors[0]).toMatch(/status of 404 \(Not Found\) \(http[^)]*\/apercu\//);
  });
});
