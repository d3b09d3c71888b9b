import { expect, test } from '../support/fixtures.ts';

/**
 * The display font (Fraunces) comes after the first paint, from the app (apps/web/src/styles/web-fonts.ts):
 * the first paint waits for no font, then the headings swap from their size-matched fallback to it.
 */
const displayFaces = (page: import('@playwright/test').Page) =>
  page.evaluate(() => {
    const faces: { style: string; status: string }[] = [];
    document.fonts.forEach((face) => {
      if (face.family.replace(/"/g, '') === 'Fraunces Variable') faces.push({ style: face.style, status: face.status });
    });
    return faces;
  });

test('the headings are set in Fraunces once it has arrived, with nothing about it in the page source', async ({ page, request }) => {
  const source = await (await request.get('/')).text();
  expect(source).not.toContain('woff2');
  expect(source).not.toContain('@font-face{font-family:Fraunces Variable');

  await page.goto('/');
  await expect.poll(async () => (await displayFaces(page)).map((face) => `${face.style} ${face.status}`).sort()).toEqual(['italic loaded', 'normal loaded']);
  expect(await page.evaluate(() => document.fonts.check('560 32px "Fraunces Variable"', 'Spectacles'))).toBe(true);
  // The heading's font stack starts with the web font, then its size-matched fallback.
  expect(await page.locator('h1').first().evaluate((h1) => getComputedStyle(h1).fontFamily)).toMatch(/^"Fraunces Variable", "Fraunces Fallback"/);
});

test('the Latin Extended faces are fetched only when a page shows a letter that needs them', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (req) => {
    if (req.url().endsWith('.woff2')) requested.push(new URL(req.url()).pathname);
  });
  await page.goto('/shows');
  await expect.poll(async () => (await displayFaces(page)).length).toBe(2);
  expect(requested.some((path) => path.includes('latin-ext'))).toBe(false);

  await page.locator('h1').first().evaluate((h1) => h1.append(' — Dvořák'));
  await expect.poll(async () => (await displayFaces(page)).filter((face) => face.status === 'loaded').length).toBe(4);
  expect(requested.filter((path) => path.includes('latin-ext'))).toHaveLength(2);
});
