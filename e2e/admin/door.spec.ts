/**
 * The door of a performance on a phone (390 × 844): a search, a tap per party, a party arrived in part,
 * then the network cut in the middle of the evening. Check-ins and walk-ins made offline are kept on the
 * phone (also when the page is closed before the network returns) and sent when it comes back, with the
 * moment they were tapped; a second phone then sees the same list within 10 s, and when both phones
 * tapped the same party, the late one says so. The show (started half an hour ago: the door's evening)
 * and its bookings are this test's own, made through the API (bookings « par téléphone »).
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
  seats: number;
  checkedInAt: string | null;
  checkedInSeats: number | null;
  source: 'public' | 'staff' | 'door';
}

const PARTIES = [
  { firstName: 'Élodie', lastName: 'Léger', seats: 2 },
  { firstName: 'Jean', lastName: 'Martin', seats: 3 },
  { firstName: 'Marie', lastName: 'Dupont', seats: 1 },
];

async function onServer(api: APIRequestContext, performanceId: number): Promise<StaffReservation[]> {
  const answer = await api.get(`/api/reservations?performanceId=${performanceId}`);
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { data: StaffReservation[] }).data;
}

async function checkedInOnServer(api: APIRequestContext, performanceId: number): Promise<string[]> {
  const list = await onServer(api, performanceId);
  return list.filter((item) => item.checkedInAt !== null && item.source !== 'door').map((item) => `${item.firstName} ${item.lastName}`).sort();
}

const partyOnServer = async (api: APIRequestContext, performanceId: number, lastName: string) => (await onServer(api, performanceId)).find((item) => item.lastName === lastName)!;

const status = (page: Page) => page.getByRole('status').filter({ hasText: /ligne|Envoi/ });
const party = (page: Page, name: string) => page.getByRole('checkbox', { name });

test('door screen: search, check in, lose the network, check in again, get it back: the server and a second phone agree', async ({ adminPage: page, adminSession, browser }) => {
  test.setTimeout(150_000);
  const api = await playwrightRequest.newContext({ baseURL: SITE_URL, extraHTTPHeaders: { authorization: `Bearer ${adminSession.token}` } });
  const name = unique('Lecture à la porte');
  // Started half an hour ago: taps are on the performance's day whatever the hour the test runs.
  const date = new Date(Date.now() - 30 * 60 * 1000).toISOString();
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
    // At 390 px the row's buttons stay inside its card.
    const doorButton = page.getByRole('button', { name: new RegExp(`^Pointer les entrées de ${name}`) });
    const row = page.getByRole('row').filter({ has: doorButton });
    const card = (await row.boundingBox())!;
    expect(card.x + card.width, 'carte dans l’écran').toBeLessThanOrEqual(390);
    for (const button of [doorButton, row.getByRole('button', { name: new RegExp(`^Voir les réservations de ${name}`) })]) {
      const box = (await button.boundingBox())!;
      expect(box.x, 'bouton dans la carte (gauche)').toBeGreaterThanOrEqual(card.x - 0.5);
      expect(box.x + box.width, 'bouton dans la carte (droite)').toBeLessThanOrEqual(card.x + card.width + 0.5);
    }
    await page.screenshot({ path: test.info().outputPath('reservations-390.png'), fullPage: true });
    await doorButton.click();
    await expect(page).toHaveURL(new RegExp(`/admin/dashboard/reservations/${performanceId}/entrees$`));
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page).toHaveTitle(`Pointer les entrées — ${name}`);
    await expect(page.getByText('0 personne entrée sur 6 attendues')).toBeAttached();
    await expectNoSeriousA11yViolations(page, 'écran des entrées');

    // A name typed without its accents finds the party; one tap checks it in.
    const search = page.getByRole('searchbox', { name: 'Rechercher un nom' });
    await search.fill('leger');
    await expect(page.getByRole('checkbox')).toHaveCount(1);
    await party(page, 'Élodie Léger').check();
    await expect.poll(() => checkedInOnServer(api, performanceId)).toEqual(['Élodie Léger']);
    await expect(page.getByText('2 personnes entrées sur 6 attendues')).toBeAttached();

    // Jean Martin's party of 3: two came. One tap checks the party in, « − » says one is missing.
    await search.fill('');
    await party(page, 'Jean Martin').check();
    await page.getByRole('button', { name: 'Une personne de moins pour Jean Martin' }).click();
    await expect(page.getByRole('group', { name: 'Personnes arrivées de Jean Martin' })).toContainText('2 personnes arrivées sur 3');
    await expect.poll(async () => (await partyOnServer(api, performanceId, 'Martin')).checkedInSeats).toBe(2);
    await expect(page.getByText('4 personnes entrées sur 6 attendues')).toBeAttached();

    // The network goes: the list stays, the taps are kept with their moment and said to be waiting.
    await page.context().setOffline(true);
    const tappedFrom = Date.now();
    await party(page, 'Marie Dupont').check();
    const tappedUntil = Date.now();
    await expect(status(page)).toHaveText('Hors ligne — 1 pointage en attente');
    await expect(party(page, 'Marie Dupont')).toBeChecked();
    // Two people without a booking: recorded at once, offline too.
    await page.getByRole('button', { name: 'Ajouter à l’entrée' }).click();
    await page.getByRole('textbox', { name: 'Nom (facultatif)' }).fill('Famille Roux');
    await page.getByRole('spinbutton', { name: 'Nombre de personnes' }).fill('2');
    await page.screenshot({ path: test.info().outputPath('porte-ajout-390.png') });
    await page.getByRole('button', { name: 'Ajouter', exact: true }).click();
    await expect(status(page)).toHaveText('Hors ligne — 2 pointages en attente');
    await expect(page.getByText('7 personnes entrées sur 6 attendues')).toBeAttached();
    expect(await checkedInOnServer(api, performanceId)).toEqual(['Jean Martin', 'Élodie Léger'].sort());
    await page.screenshot({ path: test.info().outputPath('porte-hors-ligne-390.png') });

    // The page closed before the network returns, a few seconds pass: the phone kept both taps.
    await page.close();
    await new Promise((resolve) => setTimeout(resolve, 2500));
    await page.context().setOffline(false);
    const again = await page.context().newPage();
    await again.goto(`/admin/dashboard/reservations/${performanceId}/entrees`);
    await expect.poll(() => checkedInOnServer(api, performanceId)).toEqual(['Élodie Léger', 'Jean Martin', 'Marie Dupont'].sort());
    await expect.poll(async () => (await onServer(api, performanceId)).filter((item) => item.source === 'door').map((item) => [item.lastName, item.checkedInSeats])).toEqual([['Famille Roux', 2]]);
    // Its arrival is the tap's moment, not the sync's (seconds later).
    const marie = Date.parse((await partyOnServer(api, performanceId, 'Dupont')).checkedInAt!);
    expect(marie).toBeGreaterThanOrEqual(tappedFrom - 1000);
    expect(marie).toBeLessThanOrEqual(tappedUntil + 1000);
    await expect(again.getByText('7 personnes entrées sur 6 attendues')).toBeAttached();
    await expect(again.getByText(/Sans réservation\s:\s2 personnes/)).toBeVisible();
    await expect(status(again)).toContainText('En ligne');

    // A second phone at the same door sees the same list, and its own tap reaches the first one within 10 s.
    const other = await browser.newContext({ baseURL: SITE_URL, viewport: { width: 390, height: 844 }, locale: 'fr-FR', timezoneId: 'Europe/Paris' });
    try {
      const phone = await other.newPage();
      await useSession(phone, adminSession);
      await phone.goto(`/admin/dashboard/reservations/${performanceId}/entrees`);
      for (const { firstName, lastName } of PARTIES) await expect(party(phone, `${firstName} ${lastName}`)).toBeChecked();
      await party(phone, 'Marie Dupont').uncheck();
      await expect.poll(() => checkedInOnServer(api, performanceId)).toEqual(['Élodie Léger', 'Jean Martin'].sort());
      await expect(party(again, 'Marie Dupont')).not.toBeChecked({ timeout: 10_000 });

      // Both phones tap Marie Dupont, the second one offline: once back, it says the first phone's time.
      await other.setOffline(true);
      await party(phone, 'Marie Dupont').check();
      await party(again, 'Marie Dupont').check();
      await expect.poll(() => checkedInOnServer(api, performanceId)).toEqual(['Élodie Léger', 'Jean Martin', 'Marie Dupont'].sort());
      const first = (await partyOnServer(api, performanceId, 'Dupont')).checkedInAt!;
      const time = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', hour: 'numeric', minute: '2-digit', hourCycle: 'h23' }).formatToParts(new Date(first));
      const [hour, minute] = ['hour', 'minute'].map((type) => time.find((part) => part.type === type)!.value);
      await other.setOffline(false);
      await expect(phone.getByRole('alert')).toContainText(new RegExp(`Marie Dupont\\s:\\sdéjà pointé à ${Number(hour)}\\sh\\s${minute} sur un autre appareil`));
      await expectNoSeriousA11yViolations(phone, 'écran des entrées, deux téléphones');
      await phone.screenshot({ path: test.info().outputPath('porte-deux-telephones-390.png') });
    } finally {
      await other.close();
    }
    for (const item of await onServer(api, performanceId)) if (!reservationIds.includes(item.id)) reservationIds.push(item.id);
  } finally {
    for (const id of reservationIds) await api.delete(`/api/reservations/${id}`);
    await api.delete(`/api/shows/${showId}`);
    await api.dispose();
  }
});
