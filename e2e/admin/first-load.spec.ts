import { baseTest, expect, adminFixtures, type AdminFixtures, type AdminWorkerFixtures } from './support/admin.ts';

const test = baseTest.extend<AdminFixtures, AdminWorkerFixtures>(adminFixtures);

/** The scripts and fonts a page asks for, as the browser asks. */
function watchDownloads(page: import('@playwright/test').Page) {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  return {
    scripts: () => urls.filter((url) => url.endsWith('.js')),
    zod: () => urls.filter((url) => /\/zod-[^/]*\.js$/.test(url)),
    fonts: () => urls.filter((url) => url.endsWith('.woff2')),
  };
}

// Issue 27: the dashboard's first tab reached Lighthouse's 77 on a phone. It waited for the display font
// the backoffice never uses, for the fifteen other tabs' code, and for zod (the forms' validation).
test('the first tab of the dashboard shows without the display font, the other tabs nor zod; the form brings them', async ({ adminPage: page }) => {
  const downloads = watchDownloads(page);
  // Its frame, and its chunks preloaded at once, the first tab's among them (not one level after the other).
  const shell = await (await page.request.get('/admin/dashboard')).text();
  expect(shell).toContain('Chargement de l’espace d’administration…');
  for (const chunk of ['admin-app', 'dashboard-page', 'shows-tab']) expect(shell).toMatch(new RegExp(`<link rel="modulepreload" crossorigin href="/assets/${chunk}-[\\w-]+\\.js">`));
  // zod comes with the form (asked once the list is up), not with the first tab: the door's texts the
  // offline queue reads on every page brought it with the reservation schemas until they had a module of
  // their own (@bande/shared/door-texts).
  expect(shell).not.toMatch(/\/assets\/zod-/);
  // A few files (apps/web/build/chunk-groups.ts): a phone's six connections fetched the 37 scripts and
  // 11 stylesheets Rolldown made by itself six at a time, one round trip each.
  expect(shell.match(/<link rel="modulepreload"|<script type="module"/g)?.length).toBeLessThanOrEqual(8);
  expect(shell.match(/<link rel="stylesheet"/g)?.length).toBeLessThanOrEqual(6);
  await page.goto('/admin/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Spectacles' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Boule de suif' })).toBeVisible();
  // The thumbnail comes from the smallest WebP variant (admin/ui/thumb.tsx), and its <picture> adds
  // nothing to the row's layout: the image starts where the cell's padding ends, as an <img> alone did.
  const thumbnail = page.getByRole('row').filter({ hasText: 'Boule de suif' }).locator('img');
  expect(await thumbnail.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\.w480\.webp$/);
  const offset = await thumbnail.evaluate((img) => {
    const cell = img.closest('td')!;
    return img.getBoundingClientRect().left - cell.getBoundingClientRect().left - parseFloat(getComputedStyle(cell).paddingLeft);
  });
  expect(Math.abs(offset)).toBeLessThan(1);
  expect(downloads.fonts()).toEqual([]);
  expect(downloads.scripts().filter((url) => /\/(venues|campaigns|accounts|gallery)-tab-[^/]*\.js$/.test(url))).toEqual([]);

  await page.getByRole('button', { name: 'Nouveau spectacle' }).click();
  await expect(page.getByRole('dialog', { name: 'Nouveau spectacle' }).getByLabel('Nom du spectacle')).toBeVisible();
  expect(downloads.zod()).toHaveLength(1);
  expect(downloads.fonts()).toEqual([]);
});

test('the login page loads no display font', async ({ page }) => {
  const downloads = watchDownloads(page);
  await page.goto('/admin/login');
  await expect(page.getByLabel(/^Email/)).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(downloads.fonts()).toEqual([]);
});

// Issue 37: /admin/login painted nothing until its three levels of chunks had come one after the other
// (Lighthouse 93 on a phone): the server now sends the backoffice's frame, and the chunks all at once after it.
test('the login address paints the backoffice’s frame before its code comes, asks for that code at once, then shows the form', async ({ page }) => {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  // The backoffice's module is slow to come, as on a phone's network.
  await page.route(/\/assets\/admin-app-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  const shell = await (await page.request.get('/admin/login')).text();
  // Requested together once the frame is painted (the loader's list), not one level after the other.
  const modules = /data-modules="([^"]+)"/.exec(shell)?.[1] ?? '';
  for (const chunk of ['admin-app', 'login-page']) expect(modules).toMatch(new RegExp(`/assets/${chunk}-[\\w-]+\\.js`));
  expect(shell).not.toContain('<script type="module"');
  // The frame is in the page's source (the app's own fallback, the same frame, only comes with the entry).
  expect(shell).toContain('<p class="_status_');
  await page.goto('/admin/login', { waitUntil: 'commit' });
  const frame = page.getByRole('main').filter({ hasText: 'Espace d’administration' });
  await expect(frame.getByRole('status')).toHaveText('Chargement de l’espace d’administration…');
  await expect(page.getByLabel(/^Email/)).toHaveCount(0);
  release();
  await expect(page.getByLabel(/^Email/)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Connexion' })).toBeVisible();
  await expect(page.getByText('Chargement de l’espace d’administration…')).toHaveCount(0);
  await expect(page.getByRole('main')).toHaveCount(1);
});

/**
 * Counts the backoffice frames React puts in the page after the server's (a lazy level's fallback): from
 * DOMContentLoaded on, when the parser is done with the server's own.
 */
async function countFallbackFrames(page: import('@playwright/test').Page) {
  await page.addInitScript(() => {
    const seen = window as unknown as { fallbackFrames: number };
    seen.fallbackFrames = 0;
    document.addEventListener('DOMContentLoaded', () => {
      new MutationObserver((records) => {
        for (const record of records) {
          record.addedNodes.forEach((node) => {
            if (node.textContent?.includes('Chargement de l’espace d’administration…')) seen.fallbackFrames += 1;
          });
        }
      }).observe(document.body, { childList: true, subtree: true });
    });
  });
  return () => page.evaluate(() => (window as unknown as { fallbackFrames: number }).fallbackFrames);
}

// Issue 37: the app rendered over the server's frame before its page's code had come, so each lazy level
// showed the same frame again as its fallback, and React 19 holds what a fallback waited for until 300 ms
// after it showed: the dashboard's first tab came 250–300 ms later than its code and data.
test('the dashboard renders over the server’s frame once its code has come, with no fallback of its own', async ({ adminPage: page }) => {
  const fallbackFrames = await countFallbackFrames(page);
  await page.goto('/admin/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Spectacles' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Boule de suif' })).toBeVisible();
  expect(await fallbackFrames()).toBe(0);
});

test('the login page renders over the server’s frame with no fallback of its own', async ({ page }) => {
  const fallbackFrames = await countFallbackFrames(page);
  await page.goto('/admin/login');
  await expect(page.getByLabel(/^Email/)).toBeVisible();
  expect(await fallbackFrames()).toBe(0);
});

test.describe('a tab offline', () => {
  // The failed download, as the browser and React report it.
  test.use({ allowedConsoleErrors: [/venues-tab-[^/]*\.js/] });

  test('a tab whose code cannot be downloaded says so in French, and « Réessayer » brings it once the network is back', async ({ adminPage: page }) => {
    await page.goto('/admin/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Spectacles' })).toBeVisible();
    // The connection drops just as the volunteer opens another tab.
    await page.route(/\/assets\/venues-tab-[^/]*\.js$/, (route) => route.abort('internetdisconnected'));
    await page.getByRole('navigation', { name: 'Sections de l’administration' }).getByRole('button', { name: /^Gestion/ }).click();
    await page.getByRole('button', { name: 'Lieux', exact: true }).click();
    const failure = page.getByRole('alert').filter({ hasText: 'n’a pas pu être chargée' });
    await expect(failure).toContainText('Vérifiez votre connexion, puis réessayez.');
    // The rest of the dashboard still works: its navigation is there.
    await expect(page.getByRole('navigation', { name: 'Sections de l’administration' })).toBeVisible();

    await page.unroute(/\/assets\/venues-tab-[^/]*\.js$/);
    await failure.getByRole('button', { name: 'Réessayer' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Lieux' })).toBeVisible();
    await expect(failure).toHaveCount(0);
  });
});
