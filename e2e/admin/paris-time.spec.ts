/**
 * A volunteer whose computer is set to New York still sees and types performance times in Paris time,
 * the troupe's, and the public page announces what was typed. The show is this test's own (created and
 * deleted through the API), so that the seeded performances the public journeys read stay as they are.
 */
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { adminFixtures, baseTest, dialog, expect, openTab, row, SITE_URL, unique, type AdminFixtures, type AdminWorkerFixtures } from './support/admin.ts';

const test = baseTest.extend<AdminFixtures, AdminWorkerFixtures>(adminFixtures);
test.use({ timezoneId: 'America/New_York' });

interface StoredShow {
  id: number;
  slug: string;
  performances: { date: string }[];
}

/** 14 July 2027, 20:30 in Paris (summer time, UTC+2): 14:30 in New York. */
const FIRST_DATE = '2027-07-14T18:30:00.000Z';

test('performance dates: a computer in New York shows and saves Paris times', async ({ adminPage: page, adminSession }) => {
  test.setTimeout(90_000);
  const api: APIRequestContext = await playwrightRequest.newContext({ baseURL: SITE_URL, extraHTTPHeaders: { authorization: `Bearer ${adminSession.token}` } });
  const name = unique('Lecture à l’heure de Paris');
  const created = await api.post('/api/shows', {
    data: {
      name,
      type: 'Pépite',
      year: '2027',
      pitch: 'Un pitch venu d’ailleurs.',
      note: 'Une note.',
      performances: [{ date: FIRST_DATE, address: '3 chemin des Prés, 37000 Tours', venueName: 'Grange des Essais' }],
    },
  });
  expect(created.status(), 'création du spectacle par l’API').toBe(201);
  const show = ((await created.json()) as { data: StoredShow }).data;
  try {
    expect((await api.post(`/api/shows/${show.id}/publish`)).status()).toBe(200);

    await openTab(page, 'Gestion', 'Spectacles');
    // The browser really is in New York: its own reading of the instant is 14:30.
    expect(await page.evaluate((iso) => [Intl.DateTimeFormat().resolvedOptions().timeZone, new Date(iso).getHours()], FIRST_DATE)).toEqual(['America/New_York', 14]);

    await row(page, name).getByRole('button', { name: `Modifier ${name}` }).click();
    const edit = dialog(page, 'Modifier le spectacle');
    const date = edit.getByRole('group', { name: 'Représentation 1' }).getByLabel('Date et heure');
    await expect(date).toHaveValue('2027-07-14T20:30');

    // 5 March 2027 is in winter time: 20:30 in Paris is 19:30 UTC (and 14:30 in New York).
    await date.fill('2027-03-05T20:30');
    await edit.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(edit).toBeHidden();

    const stored = ((await (await api.get(`/api/shows/${show.id}`)).json()) as { data: StoredShow }).data;
    expect(stored.performances.map((performance) => performance.date)).toEqual(['2027-03-05T19:30:00.000Z']);

    await row(page, name).getByRole('button', { name: `Modifier ${name}` }).click();
    await expect(dialog(page, 'Modifier le spectacle').getByRole('group', { name: 'Représentation 1' }).getByLabel('Date et heure')).toHaveValue('2027-03-05T20:30');
    await dialog(page, 'Modifier le spectacle').getByRole('button', { name: 'Annuler', exact: true }).click();
    await expect(dialog(page, 'Modifier le spectacle')).toBeHidden();

    // The public page, rendered on the server and hydrated in this New York browser, says the same.
    await page.goto(`/show/${encodeURIComponent(stored.slug)}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await page.getByRole('button', { name: 'Voir les représentations' }).click();
    await expect(page.getByRole('dialog')).toContainText('vendredi 5 mars 2027 - 20h30');
  } finally {
    await api.delete(`/api/shows/${show.id}`);
    await api.dispose();
  }
});
