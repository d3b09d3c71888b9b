/**
 * The door of a performance on a phone (390 × 844): a search, a tap per party, then the network cut in
 * the middle of the evening. Check-ins made offline are kept on the phone (also when the page is closed
 * before the network returns) and sent when it comes back; a second phone then sees the same list.
 * The show and its bookings are this test's own, made through the API (bookings « par téléphone »).
 */
import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/fixtures.ts';
import { adminFixtures, baseTest, expect, SITE_URL, unique, useSession, type AdminFixtures, type AdminWorkerFixtures } from './support/admin.ts';

const test = baseTest.extend<AdminFixtures, AdminWorkerFixtures>(adminFixtures);
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

interface StaffReservation {
  id: number;
  firstName: string;
  lastName: string;
  checkedInAt: string | null;
}

const PARTIES = [
  { firstName: 'Élodie', lastName: 'Léger', seats: 2 },
  { firstName: 'Jean', lastName: 'Martin', seats: 3 },
  { firstName: 'Marie', lastName: 'Dupont', seats: 1 },
];

async function checkedInOnServer(api: APIRequestContext, performanceId: number): Promise<string[]> {
  const answer = await api.get(`/api/reservations?performanceId=${performanceId}`);
  expect(answer.status()).toBe(200);
  const list = ((await answer.json()) as { data: StaffReservation[] }).data;
  return list.filter((item) => item.checkedInAt !== null).map((item) => `${item.firstName} ${item.lastName}`).sort();
}

const status = (page: Page) => page.getByRole('status').filter({ hasText: /ligne|Envoi/ });
const party = (page: Page, name: string) => page.getByRole('checkbox', { name });

test('door screen: search, check in, lose the network, check in again, get it back: the server and a second phone agree', async ({ adminPage: page, adminSession, browser }) => {
  test.setTimeout(150_000);
  const api = await playwrightRequest.newContext({ baseURL: SITE_URL, extraHTTPHeaders: { authorization: `Bearer ${adminSession.token}` } });
  const name = unique('Lecture à la porte');
  const date = new Date(Date.now() + 3 * 24 * 3600 * 1000).toISOString();
  const created = await api.post('/api/shows', {
    data: {
      name,
      type: 'Pépite',
      year: '2027',
      pitch: 'Une lecture pour pointer les entrées.',
      note: 'Une note.',
      performances: [{ date, address: '3 chemin des Prés, 37000 Tours', venueName: 'Grange des Essais', capacity: 20 }],
    },
  });
  expect(created.status(), 'création du spectacle par l’API').toBe(201);
  const showId = ((await created.json()) as { data: { id: number } }).data.id;
  const reservationIds: number[] = [];
  try {
    expect((await api.post(`/api/shows/${showId}/publish`)).status()).toBe(200);
    const performances = ((await (await api.get('/api/reservations/performances')).json()) as { data: { performanceId: number; showId: number }[] }).data;
    const performanceId = performances.find((item) => item.showId === showId)!.performanceId;
    for (const booking of PARTIES) {
      const answer = await api.post(`/api/performances/${performanceId}/reservations`, { data: booking });
      expect(answer.status(), 'réservation par téléphone').toBe(201);
      reservationIds.push(((await answer.json()) as { data: { id: number } }).data.id);
    }

    // From the tab, as a volunteer would on the phone: menu, « Réservations », the performance's door.
    await page.goto('/admin/dashboard');
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('button', { name: 'Réservations', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Réservations' })).toBeVisible();
    await page.getByRole('button', { name: new RegExp(`^Pointer les entrées de ${name}`) }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/dashboard/reservations/${performanceId}/entrees$`));
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText('0 personne entrée sur 6 attendues')).toBeAttached();
    await expectNoSeriousA11yViolations(page, 'écran des entrées');

    // A name typed without its accents finds the party; one tap checks it in.
    const search = page.getByRole('searchbox', { name: 'Rechercher un nom' });
    await search.fill('leger');
    await expect(page.getByRole('checkbox')).toHaveCount(1);
    await party(page, 'Élodie Léger').check();
    await expect.poll(() => checkedInOnServer(api, performanceId)).toEqual(['Élodie Léger']);
    await expect(page.getByText('2 personnes entrées sur 6 attendues')).toBeAttached();

    // The network goes: the list stays, the tap is kept and said to be waiting.
    await page.context().setOffline(true);
    await search.fill('');
    await party(page, 'Jean Martin').check();
    await expect(status(page)).toHaveText('Hors ligne — 1 pointage en attente');
    await expect(party(page, 'Jean Martin')).toBeChecked();
    await expect(page.getByText('5 personnes entrées sur 6 attendues')).toBeAttached();
    expect(await checkedInOnServer(api, performanceId)).toEqual(['Élodie Léger']);
    await page.screenshot({ path: test.info().outputPath('porte-hors-ligne-390.png') });

    // It comes back: the check-in leaves by itself.
    await page.context().setOffline(false);
    await expect.poll(() => checkedInOnServer(api, performanceId)).toEqual(['Jean Martin', 'Élodie Léger'].sort());
    await expect(status(page)).toContainText('En ligne');

    // Offline again, a tap, and the page closed before the network returns: the phone kept it.
    await page.context().setOffline(true);
    await party(page, 'Marie Dupont').check();
    await expect(status(page)).toHaveText('Hors ligne — 1 pointage en attente');
    await page.close();
    await page.context().setOffline(false);
    const again = await page.context().newPage();
    await again.goto(`/admin/dashboard/reservations/${performanceId}/entrees`);
    await expect.poll(() => checkedInOnServer(api, performanceId)).toEqual(['Élodie Léger', 'Jean Martin', 'Marie Dupont'].sort());
    await expect(again.getByText('6 personnes entrées sur 6 attendues')).toBeAttached();

    // A second phone at the same door sees the same list, and its own tap reaches the first one.
    const other = await browser.newContext({ baseURL: SITE_URL, viewport: { width: 390, height: 844 }, locale: 'fr-FR', timezoneId: 'Europe/Paris' });
    try {
      const phone = await other.newPage();
      await useSession(phone, adminSession);
      await phone.goto(`/admin/dashboard/reservations/${performanceId}/entrees`);
      for (const { firstName, lastName } of PARTIES) await expect(party(phone, `${firstName} ${lastName}`)).toBeChecked();
      await party(phone, 'Marie Dupont').uncheck();
      await expect.poll(() => checkedInOnServer(api, performanceId)).toEqual(['Élodie Léger', 'Jean Martin'].sort());
      // The first phone reads the list again every 15 s (and on focus).
      await expect(party(again, 'Marie Dupont')).not.toBeChecked({ timeout: 20_000 });
    } finally {
      await other.close();
    }
  } finally {
    for (const id of reservationIds) await api.delete(`/api/reservations/${id}`);
    await api.delete(`/api/shows/${showId}`);
    await api.dispose();
  }
});
