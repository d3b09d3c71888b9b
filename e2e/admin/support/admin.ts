import {
  request as playwrightRequest,
  type Browser,
  type Fixtures,
  type Page,
  type PlaywrightTestArgs,
  type PlaywrightTestOptions,
  type PlaywrightWorkerArgs,
  type PlaywrightWorkerOptions,
} from '@playwright/test';
import { test as baseTest, expect } from '../../support/fixtures.ts';
import { BASE_URL, MAINTENANCE_URL } from '../../support/urls.ts';

/** The two e2e servers (overridable to run the admin journeys beside another run on other ports). */
export const SITE_URL = process.env.E2E_BASE_URL ?? BASE_URL;
export const GATED_URL = process.env.E2E_MAINTENANCE_URL ?? MAINTENANCE_URL;
export const portOf = (url: string) => Number(new URL(url).port);

export const ADMIN_EMAIL = 'admin@example.org';
export const ADMIN_PASSWORD = 'admin-e2e-password';

export interface AdminSession {
  token: string;
  user: { id: number; email: string };
}

/** The address of this worker's API calls (its tests' browsers have their own: support/fixtures.ts). */
const workerAddress = () => ({ 'x-forwarded-for': `198.19.255.${(Number(process.env.TEST_WORKER_INDEX ?? 0) % 250) + 1}` });

/** Sessions this worker already holds, per server and password. */
const heldSessions = new Map<string, AdminSession>();

/** Whether the server still knows the session (a journey may have reset the password or logged out). */
async function stillOpen(baseURL: string, session: AdminSession): Promise<boolean> {
  const context = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: workerAddress() });
  try {
    return (await context.get('/api/auth/me', { headers: { authorization: `Bearer ${session.token}` } })).ok();
  } finally {
    await context.dispose();
  }
}

/**
 * Logs in through the API (the UI login has its own journey): one session per worker and server, kept
 * while the server still knows it. The login route allows 60 requests per address a minute (a flood
 * guard), which a whole worker (one address) could pass if every journey logged in again. `fresh`: a session of
 * its own, for a journey that ends it.
 */
export async function apiLogin(baseURL: string, password = ADMIN_PASSWORD, { fresh = false } = {}): Promise<AdminSession> {
  const key = `${baseURL} ${password}`;
  const held = fresh ? undefined : heldSessions.get(key);
  if (held && (await stillOpen(baseURL, held))) return held;
  const context = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: workerAddress() });
  const response = await context.post('/api/auth/login', { data: { email: ADMIN_EMAIL, password } });
  expect(response.status(), 'connexion admin par l’API').toBe(200);
  const session = (await response.json()) as AdminSession;
  await context.dispose();
  if (!fresh) heldSessions.set(key, session);
  return session;
}

/** Puts the session where the admin reads it (localStorage), before any page script runs. */
export async function useSession(page: Page, session: AdminSession) {
  await page.addInitScript(([token, user]) => {
    window.localStorage.setItem('admin_token', token);
    window.localStorage.setItem('admin_user', user);
  }, [session.token, JSON.stringify(session.user)] as const);
}

export interface AdminFixtures {
  /** `page`, logged in to the admin of the normal e2e server. */
  adminPage: Page;
}
export interface AdminWorkerFixtures {
  adminSession: AdminSession;
}

/**
 * Fixtures for `test.extend` in each spec (`const test = baseTest.extend<AdminFixtures, AdminWorkerFixtures>(adminFixtures)`):
 * one API login per worker, put in localStorage before the admin loads. Failed third-party loads (YouTube
 * thumbnails, the address service: the machines are offline) are tolerated by the shared fixture.
 */
export const adminFixtures: Fixtures<AdminFixtures, AdminWorkerFixtures, PlaywrightTestArgs & PlaywrightTestOptions, PlaywrightWorkerArgs & PlaywrightWorkerOptions> = {
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
  adminSession: [async ({}, use) => use(await apiLogin(SITE_URL)), { scope: 'worker' }],
  adminPage: async ({ page, adminSession }, use) => {
    await useSession(page, adminSession);
    await use(page);
  },
};

export { baseTest };
export { expect };

/** A name no other test (nor an earlier run) uses. */
export const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** Opens /admin/dashboard on a tab through the navigation menus, as a user would. */
export async function openTab(page: Page, group: 'Gestion' | 'Contenu', tab: string) {
  await page.goto('/admin/dashboard');
  await page.getByRole('navigation', { name: 'Sections de l’administration' }).getByRole('button', { name: new RegExp(`^${group}`) }).click();
  await page.getByRole('button', { name: tab, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: tab })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Chargement...' })).toHaveCount(0);
}

/** The open admin dialog. */
export const dialog = (page: Page, name?: string | RegExp) => page.getByRole('dialog', name ? { name } : undefined);

/** The table row (or sortable list item) that holds `text`. */
export const row = (page: Page, text: string) => page.locator('tr, li').filter({ hasText: text }).last();

/** Answers the in-page confirmation and waits for it to close. */
export async function confirmDeletion(page: Page, expectedText?: string | RegExp) {
  const confirmation = page.getByRole('alertdialog');
  if (expectedText) await expect(confirmation).toContainText(expectedText);
  await confirmation.getByRole('button', { name: 'Supprimer' }).click();
  await expect(confirmation).toBeHidden();
}

/**
 * Runs `check` on a public page seen by a new visitor (fresh browser context): no admin session, and no
 * HTTP cache from an earlier visit that could still hold the list as it was before the change.
 * On the maintenance server the visitor has already pressed M and answered Oui.
 */
export async function asVisitor(browser: Browser, baseURL: string, path: string, check: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ baseURL, locale: 'fr-FR', timezoneId: 'Europe/Paris' });
  try {
    await context.addInitScript(() => window.localStorage.setItem('maintenance-access', 'true'));
    const page = await context.newPage();
    await page.goto(path);
    // A visitor who acts (fills a form) does so on the hydrated page, as the shared fixture's goto waits.
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached', timeout: 15_000 });
    await expect(page.getByRole('status').filter({ hasText: 'Chargement...' })).toHaveCount(0);
    await check(page);
  } finally {
    await context.close();
  }
}

export const SAMPLE_IMAGE = 'apps/api/seed-assets/partner-encre-et-la-tasse.png';
export const SAMPLE_PHOTO = 'apps/api/seed-assets/author-victor-hugo.jpg';
