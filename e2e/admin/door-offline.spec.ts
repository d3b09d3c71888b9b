/**
 * The door with no network, on a phone (390 × 844): opened online once, then the network cut and the
 * page reloaded — the backoffice's service worker answers with its shell and code, the door's list is
 * still there. A check-in tapped offline waits on the phone; another backoffice page says so, and
 * « Déconnexion » asks before dropping it; the network back, it reaches the server and the logout
 * follows. The public pages get no service worker.
 */
import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { adminFixtures, apiLogin, baseTest, expect, SITE_URL, unique, useSession, type AdminFixtures, type AdminWorkerFixtures } from './support/admin.ts';

const test = baseTest.extend<AdminFixtures, AdminWorkerFixtures>(adminFixtures);
// The suite blocks service workers (playwright.config.ts): this journey is about the backoffice's one.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, serviceWorkers: 'allow' });

const PARTIES = [
  { firstName: 'Lucie', lastName: 'Hors-Ligne', seats: 2 },
  { firstName: 'Paul', lastName: 'Sans-Réseau', seats: 1 },
];

async function checkedInOnServer(api: APIRequestContext, performanceId: number): Promise<string[]> {
  const answer = await api.get(`/api/reservations?performanceId=${performanceId}`);
  expect(answer.status()).toBe(200);
  const list = ((await answer.json()) as { data: { firstName: string; lastName: string; checkedInAt: string | null }[] }).data;
  return list.filter((item) => item.checkedInAt !== null).map((item) => `${item.firstName} ${item.lastName}`);
}

/** The service workers the page's origin has, by scope path. */
const workerScopes = (page: Page) => page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).map((registration) => new URL(registration.scope).pathname));

test('the door opens offline after a reload, and its offline check-in survives another page and a logout attempt', async ({ browser, adminSession }) => {
  test.setTimeout(120_000);
  const api = await playwrightRequest.newContext({ baseURL: SITE_URL, extraHTTPHeaders: { authorization: `Bearer ${adminSession.token}` } });
  const name = unique('Lecture sans réseau');
  // Tomorrow: among the coming days' doors the door reads ahead.
  const date = new Date(Date.now() + 24 * 3600 * 1000).toISOString();
  const created = await api.post('/api/shows', {
    data: { name, type: 'Pépite', year: '2027', pitch: 'Une lecture dans une cave.', note: 'Une note.', performances: [{ date, address: '1 rue de la Cave, 37000 Tours', venueName: 'La Cave', capacity: 20 }] },
  });
  expect(created.status(), 'création du spectacle par l’API').toBe(201);
  const showId = ((await created.json()) as { data: { id: number } }).data.id;
  const reservationIds: number[] = [];
  // A session of its own: this journey logs out.
  const session = await apiLogin(SITE_URL, undefined, { fresh: true });
  const context = await browser.newContext({ baseURL: SITE_URL, serviceWorkers: 'allow', viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, locale: 'fr-FR', timezoneId: 'Europe/Paris' });
  try {
    expect((await api.post(`/api/shows/${showId}/publish`)).status()).toBe(200);
    const performances = ((await (await api.get('/api/reservations/performances')).json()) as { data: { performanceId: number; showId: number }[] }).data;
    const performanceId = performances.find((item) => item.showId === showId)!.performanceId;
    for (const booking of PARTIES) {
      const answer = await api.post(`/api/performances/${performanceId}/reservations`, { data: booking });
      expect(answer.status(), 'réservation par téléphone').toBe(201);
      reservationIds.push(((await answer.json()) as { data: { id: number } }).data.id);
    }

    const page = await context.newPage();
    await useSession(page, session);
    const door = `/admin/dashboard/reservations/${performanceId}/entrees`;

    // Online once: the door, and the backoffice's worker installed at /admin/, controlling the page.
    await page.goto(door);
    await expect(page.getByRole('checkbox', { name: 'Lucie Hors-Ligne' })).toBeVisible();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    expect(await workerScopes(page)).toEqual(['/admin/']);
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/admin/manifest.webmanifest');

    // The network cut, the page reloaded: the worker's shell and code, the phone's copy of the list.
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Paul Sans-Réseau' })).toBeVisible();
    await page.getByRole('checkbox', { name: 'Lucie Hors-Ligne' }).check();
    await expect(page.getByRole('status').filter({ hasText: 'Hors ligne' })).toHaveText('Hors ligne — 1 pointage en attente');
    await page.screenshot({ path: test.info().outputPath('porte-rechargee-hors-ligne-390.png') });

    // Another backoffice page, still offline: it says what waits.
    await page.getByRole('link', { name: /Retour aux réservations/ }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    const waiting = page.getByRole('status').filter({ hasText: 'en attente d’envoi' });
    await expect(waiting).toHaveText('1 entrée pointée en attente d’envoi');
    // The reservations tab, offline: the phone's last copy of the list (through the worker), not « Chargement… ».
    const offlineBanner = page.getByRole('status').filter({ hasText: 'Hors ligne : les listes sont celles de la dernière connexion' });
    const doorButton = page.getByRole('button', { name: new RegExp(`Pointer les entrées de ${name}`) });
    await expect(offlineBanner).toBeVisible();
    await expect(doorButton).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('reservations-hors-ligne-390.png'), fullPage: true });
    // A list never loaded on this phone says so (the people of a performance, never opened here).
    await page.getByRole('button', { name: new RegExp(`Voir les réservations de ${name}`) }).click();
    await expect(page.getByText('Hors ligne : cette liste n’a pas encore été chargée sur ce téléphone.').or(page.getByText('Lucie Hors-Ligne'))).toBeVisible();
    // The dashboard reloaded offline, and opened again in a new tab (the phone killed the first one): the same.
    await page.reload();
    await expect(offlineBanner).toBeVisible();
    await expect(doorButton).toBeVisible();
    const reopened = await context.newPage();
    await reopened.goto('/admin/dashboard');
    await expect(reopened.getByRole('button', { name: new RegExp(`Pointer les entrées de ${name}`) })).toBeVisible();
    await reopened.close();
    // And back to the door, still offline: its list and the check-in waiting.
    await doorButton.click();
    await expect(page).toHaveURL(new RegExp(`${door}$`));
    await expect(page.getByRole('checkbox', { name: 'Lucie Hors-Ligne' })).toBeChecked();
    await expect(page.getByRole('status').filter({ hasText: 'Hors ligne' })).toHaveText('Hors ligne — 1 pointage en attente');
    await page.getByRole('link', { name: /Retour aux réservations/ }).click();
    await expect(doorButton).toBeVisible();

    // « Déconnexion » asks; « Les envoyer d’abord » keeps the session while offline.
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('button', { name: 'Déconnexion' }).click();
    const question = page.getByRole('alertdialog', { name: 'Entrées pointées non envoyées' });
    await expect(question).toContainText('1 entrée pointée hors ligne n’est pas encore envoyée.');
    await page.screenshot({ path: test.info().outputPath('deconnexion-question-390.png') });
    await question.getByRole('button', { name: 'L’envoyer d’abord' }).click();
    await expect(page.getByText('Déconnexion après l’envoi de 1 entrée pointée')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    expect(await checkedInOnServer(api, performanceId)).toEqual([]);

    // The network back: the check-in reaches the server, then the logout happens.
    await context.setOffline(false);
    await expect.poll(() => checkedInOnServer(api, performanceId)).toEqual(['Lucie Hors-Ligne']);
    await expect(page).toHaveURL(/\/admin\/login$/);
    // The session is over on the server too.
    const ended = await playwrightRequest.newContext({ baseURL: SITE_URL, extraHTTPHeaders: { authorization: `Bearer ${session.token}` } });
    await expect.poll(async () => (await ended.get('/api/auth/me')).status()).toBe(401);
    await ended.dispose();

    // A public page of the same browser: not controlled by the backoffice's worker, no manifest.
    await page.goto('/');
    expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
    await expect(page.locator('link[rel="manifest"]')).toHaveCount(0);
  } finally {
    await context.close();
    for (const id of reservationIds) await api.delete(`/api/reservations/${id}`);
    await api.delete(`/api/shows/${showId}`);
    await api.dispose();
  }
});

test('the public pages register no service worker', async ({ page }) => {
  for (const path of ['/', '/shows', '/contact']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    expect(await workerScopes(page), path).toEqual([]);
    expect(await page.evaluate(() => navigator.serviceWorker.controller), path).toBeNull();
    await expect(page.locator('link[rel="manifest"]'), path).toHaveCount(0);
  }
});
