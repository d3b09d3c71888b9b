import type { Page, Response } from '@playwright/test';
import { adminFixtures, baseTest, dialog, expect, openTab, type AdminFixtures, type AdminWorkerFixtures } from './support/admin.ts';

const test = baseTest.extend<AdminFixtures, AdminWorkerFixtures>(adminFixtures);

/**
 * The Content-Security-Policy as the browser enforces it: no 'unsafe-inline' for scripts, and yet the
 * pages run (the loader is allowed by its hash) and nothing the site does itself is refused, on the
 * public pages, the admin and its forms. Violations are collected in the page as the browser reports
 * them (the `securitypolicyviolation` event), from before any of its scripts runs.
 */
async function watchViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.effectiveDirective} ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`));
  });
}

const violations = (page: Page) => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

function expectStrictScripts(response: Response | null) {
  const policy = response?.headers()['content-security-policy'] ?? '';
  const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(policy)?.[1] ?? '';
  expect(scriptSrc).toMatch(/'sha256-[A-Za-z0-9+/]+=*'/);
  expect(scriptSrc).not.toContain("'unsafe-inline'");
}

test('public pages run under the policy without a violation, the YouTube player included', async ({ page }) => {
  await watchViolations(page);
  for (const path of ['/', '/shows', '/show/le-tour-du-monde-en-80-jours', '/team', '/contact', '/origines', '/partenaires']) {
    expectStrictScripts(await page.goto(path));
    // goto() waited for hydration: the inline loader ran, allowed by its hash.
    await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
    expect(await violations(page), path).toEqual([]);
  }
  expectStrictScripts(await page.goto('/bonus'));
  await page.getByRole('button', { name: 'Lire la vidéo : Les Voix de la Bande' }).click();
  await dialog(page, 'Les Voix de la Bande').getByRole('button', { name: 'Lire la vidéo YouTube : Les Voix de la Bande' }).click();
  await expect(dialog(page, 'Les Voix de la Bande').locator('iframe')).toHaveAttribute('src', /^https:\/\/www\.youtube-nocookie\.com\//);
  expect(await violations(page), '/bonus').toEqual([]);
});

test('the admin and its forms run under the policy without a violation', async ({ adminPage: page }) => {
  await watchViolations(page);
  await openTab(page, 'Gestion', 'Membres');
  // A form checked in the page with the shared schemas (zod): no `new Function` probe refused.
  await page.getByRole('button', { name: 'Nouveau membre' }).click();
  await dialog(page, 'Nouveau membre').getByRole('button', { name: 'Enregistrer' }).click();
  await expect(dialog(page, 'Nouveau membre').getByText('Ce champ est obligatoire')).toHaveCount(3);
  expect(await violations(page)).toEqual([]);
});

test('the login page and the API documentation run under the policy', async ({ page }) => {
  await watchViolations(page);
  expectStrictScripts(await page.goto('/admin/login'));
  await expect(page.getByRole('button', { name: 'Se connecter', exact: true })).toBeVisible();
  expect(await violations(page)).toEqual([]);
  // Swagger UI, not the site's app: nothing to wait the hydration of.
  await page.goto('/api/docs', { waitUntil: 'domcontentloaded' });
  await expect(page.locator('.swagger-ui .info')).toBeVisible();
  expect(await violations(page)).toEqual([]);
});
