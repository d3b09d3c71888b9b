/**
 * The « Réservations » tab with the real server: a performance's counts and people, a booking taken by
 * phone (refused past the capacity with the server's words, then accepted), its CSV, a cancel and a
 * delete answered in their confirmations. The show is this test's own, made and removed through the API.
 */
import fs from 'node:fs';
import { request as playwrightRequest } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/fixtures.ts';
import { adminFixtures, baseTest, dialog, expect, openTab, row, SITE_URL, unique, type AdminFixtures, type AdminWorkerFixtures } from './support/admin.ts';

const test = baseTest.extend<AdminFixtures, AdminWorkerFixtures>(adminFixtures);
// The booking past the capacity is refused on purpose: the browser logs its 409.
test.use({ allowedConsoleErrors: [/status of 409 .*\/api\/performances\/\d+\/reservations/] });

test('reservations tab: counts, a phone booking refused past the capacity then taken, the CSV, cancel and delete', async ({ adminPage: page, adminSession }) => {
  test.setTimeout(150_000);
  const api = await playwrightRequest.newContext({ baseURL: SITE_URL, extraHTTPHeaders: { authorization: `Bearer ${adminSession.token}` } });
  const name = unique('Lecture au guichet');
  const date = new Date(Date.now() + 4 * 24 * 3600 * 1000).toISOString();
  const created = await api.post('/api/shows', {
    data: {
      name,
      type: 'Pépite',
      year: '2027',
      pitch: 'Une lecture pour le téléphone.',
      note: 'Une note.',
      performances: [{ date, address: '3 chemin des Prés, 37000 Tours', venueName: 'Grange des Essais', capacity: 5 }],
    },
  });
  expect(created.status(), 'création du spectacle par l’API').toBe(201);
  const showId = ((await created.json()) as { data: { id: number } }).data.id;
  try {
    expect((await api.post(`/api/shows/${showId}/publish`)).status()).toBe(200);
    const performances = ((await (await api.get('/api/reservations/performances')).json()) as { data: { performanceId: number; showId: number }[] }).data;
    const performanceId = performances.find((item) => item.showId === showId)!.performanceId;
    expect((await api.post(`/api/performances/${performanceId}/reservations`, { data: { firstName: 'Léa', lastName: 'Rousseau', seats: 3, email: 'lea.rousseau@example.org' } })).status()).toBe(201);

    await openTab(page, 'Gestion', 'Réservations');
    const performanceRow = row(page, name);
    await expect(performanceRow).toContainText('3 places');
    await expect(performanceRow).toContainText('2 restantes');
    await performanceRow.getByRole('button', { name: new RegExp(`^Voir les réservations de ${name}`) }).click();
    const people = page.getByRole('region', { name: new RegExp(`^${name} —`) });
    await expect(people.getByRole('row').filter({ hasText: 'Léa Rousseau' })).toContainText('Confirmée');
    await expectNoSeriousA11yViolations(page, 'réservations');

    // Three seats asked when two remain: the server's refusal in the dialog; two are taken.
    await people.getByRole('button', { name: 'Réservation par téléphone' }).click();
    const form = dialog(page);
    await form.getByRole('textbox', { name: 'Prénom' }).fill('Jules');
    await form.getByRole('textbox', { name: 'Nom', exact: true }).fill('Ferry');
    await form.getByRole('textbox', { name: 'Téléphone (facultatif)' }).fill('06 11 22 33 44');
    await form.getByRole('textbox', { name: 'Nombre de places' }).fill('3');
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(form.getByRole('alert')).toContainText('2 places');
    await expectNoSeriousA11yViolations(page, 'réservation par téléphone');
    await form.getByRole('textbox', { name: 'Nombre de places' }).fill('2');
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(form).toBeHidden();
    await expect(people.getByRole('row').filter({ hasText: 'Jules Ferry' })).toContainText('06 11 22 33 44');
    await expect(performanceRow).toContainText('Complet');

    const [download] = await Promise.all([page.waitForEvent('download'), people.getByRole('button', { name: 'Télécharger le CSV' }).click()]);
    const csv = fs.readFileSync((await download.path())!, 'utf8');
    expect(csv.startsWith('\uFEFFNom;Prénom;')).toBe(true);
    expect(csv).toContain('Rousseau;Léa;lea.rousseau@example.org');
    expect(csv).toContain('Ferry;Jules;;06 11 22 33 44;2');

    await people.getByRole('button', { name: 'Annuler la réservation de Jules Ferry' }).click();
    await expect(page.getByRole('alertdialog')).toContainText('ses places sont libérées');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Annuler la réservation' }).click();
    await expect(people.getByRole('row').filter({ hasText: 'Jules Ferry' })).toContainText('Annulée');
    await expect(performanceRow).toContainText('2 restantes');

    await people.getByRole('button', { name: 'Supprimer Jules Ferry' }).click();
    await expect(page.getByRole('alertdialog')).toContainText('Supprimer définitivement la réservation de Jules Ferry');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Supprimer' }).click();
    await expect(people.getByText('Jules Ferry')).toHaveCount(0);
  } finally {
    const list = (await (await api.get(`/api/reservations?performanceId=${(await (await api.get('/api/reservations/performances')).json() as { data: { performanceId: number; showId: number }[] }).data.find((item) => item.showId === showId)?.performanceId ?? 0}`)).json()) as { data?: { id: number }[] };
    for (const item of list.data ?? []) await api.delete(`/api/reservations/${item.id}`);
    await api.delete(`/api/shows/${showId}`);
    await api.dispose();
  }
});
