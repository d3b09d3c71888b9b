import { test as base, expect, type Page } from '@playwright/test';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';

export interface Options {
  /** Console errors a test expects (e.g. the 404 of an unknown show); anything else fails it. */
  allowedConsoleErrors: RegExp[];
}

export interface Fixtures {
  /** Console errors and uncaught exceptions seen so far on `page`. */
  consoleErrors: string[];
}

/**
 * `test` with a page that fails the test on any console error or uncaught exception
 * (checked after the test body, so the failure names what was logged).
 */
/** The tests this worker has run, for their addresses. */
let testsInWorker = 0;

/**
 * The address a test's browser says it comes from (TEST-NET 198.18.0.0/15, never routed): one per test,
 * so that the server's per-address limits count each journey apart (scripts/e2e-server.mjs trusts it).
 */
export function visitorAddress(workerIndex: number, n: number): string {
  return `198.${18 + (Math.floor(workerIndex / 256) % 2)}.${workerIndex % 256}.${(n % 250) + 1}`;
}

export const test = base.extend<Options & Fixtures>({
  allowedConsoleErrors: [[], { option: true }],
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
  extraHTTPHeaders: async ({}, use, testInfo) => {
    testsInWorker += 1;
    await use({ 'x-forwarded-for': visitorAddress(testInfo.workerIndex, testsInWorker) });
  },
  // Pages arrive server-rendered and become interactive a moment later (hydration). A journey acts as
  // a visitor who waits for the page: goto() returns once the app says it is hydrated. A test about the
  // moment before asks for another waitUntil ('commit', 'domcontentloaded').
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      const isPage = response?.headers()['content-type']?.includes('text/html') ?? false;
      if (isPage && (options?.waitUntil ?? 'load') === 'load') {
        await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached', timeout: 15_000 });
      }
      return response;
    };
    await use(page);
  },
  // Automatic: every test is watched, even when it never names the fixture.
  consoleErrors: [
    async ({ page, allowedConsoleErrors, baseURL }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const source = message.location().url;
        const text = `${message.text()} (${source})`;
        // The test machines have no internet: a third-party resource (YouTube thumbnails) that cannot
        // be reached is the network's doing, not the site's. Failures of our own origin still count.
        const offlineThirdParty = /^Failed to load resource: net::ERR_/.test(message.text()) && !isOwnOrigin(source, baseURL);
        if (!offlineThirdParty && !allowedConsoleErrors.some((pattern) => pattern.test(text))) errors.push(text);
      });
      page.on('pageerror', (error) => errors.push(`exception: ${error.message}`));
      await use(errors);
      expect(errors, 'erreurs dans la console du navigateur').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** The not-found page is served with the 404 status it stands for, which the browser logs for the document. */
export const NOT_FOUND_DOCUMENT = /status of 404 \(Not Found\) \(http[^)]*\/(not-found|ce-chemin\/nexiste-pas|nimporte-quoi)\)$/;

function isOwnOrigin(url: string, baseURL: string | undefined): boolean {
  if (!url || !baseURL) return true;
  try {
    return new URL(url).origin === new URL(baseURL).origin;
  } catch {
    return true;
  }
}

/**
 * Waits for the page's finite animations (a dialog's 160 ms fade and rise) to end. axe measures colours
 * as they are painted: run mid-fade, a hint at 60 % opacity fails its contrast, a state no reader stays in
 * (the Origines form failed so once in CI). Endless ones (a spinner) are not waited for.
 */
async function animationsSettled(page: Page) {
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]),
  );
}

/**
 * A toast fading out (apps/web/src/admin/ui/toast.tsx): its 300 ms fade can begin while axe runs, which
 * then measures its text at half opacity (seen once in CI: color-contrast on a save's toast).
 */
const LEAVING = '[data-leaving]';

/** Runs axe-core (WCAG 2.1 A/AA) on the page and fails on any serious or critical violation. */
export async function expectNoSeriousA11yViolations(page: Page, label = page.url()) {
  await animationsSettled(page);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).exclude(LEAVING).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).slice(0, 5).join(' | ')}`);
  expect(serious, `violations d'accessibilité sur ${label}`).toEqual([]);
}

/**
 * The project's own axe-core (package.json), not the older copy @axe-core/playwright bundles: only the
 * newer one maps its rules to RGAA 4.1 (label-content-name-mismatch among them).
 */
let axeSource: string | undefined;
const auditAxeSource = () => (axeSource ??= fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'));

/** The tags of the French audit (issue 25): WCAG 2.2 A and AA as axe-core checks them, and its RGAA 4.1 mapping. */
export const AUDIT_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa', 'RGAAv4'];

/**
 * No violation at all, whatever its impact, of axe-core run with the audit's tags, as the French
 * statement (/accessibilite) reports it: `axe.run(document, { runOnly: { type: 'tag', values: AUDIT_TAGS } })`.
 */
export async function expectNoA11yViolations(page: Page, label = page.url()) {
  await animationsSettled(page);
  const results = await new AxeBuilder({ page, axeSource: auditAxeSource() }).withTags(AUDIT_TAGS).exclude(LEAVING).analyze();
  const violations = results.violations.map(
    (violation) => `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).slice(0, 5).join(' | ')} (${violation.nodes.length})`,
  );
  // Soft: one run lists every page's violations, not only the first page's.
  expect.soft(violations, `violations d'accessibilité sur ${label}`).toEqual([]);
}

/** The page has finished loading its data: no 'Chargement...' indicator left. */
export async function waitForContent(page: Page) {
  await expect(page.getByRole('status').filter({ hasText: 'Chargement...' })).toHaveCount(0);
}
