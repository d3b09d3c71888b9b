/**
 * « Remercier les spectateurs » with the real server (issue 32): a performance started an hour ago, two
 * parties checked in at the door (one of them in part) and one not come; the action's dialog with the
 * French defaults, the question with the count, then the line that says it was done and no button to
 * send it twice. At 1366 and 390 px (E2E_SCREENSHOTS=dir keeps the screenshots).
 */
import { request as playwrightRequest } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/fixtures.ts';
import { adminFixtures, baseTest, dialog, expect, openTab, row, SITE_URL, unique, type AdminFixtures, type AdminWorkerFixtures } from './support/admin.ts';

const test = baseTest.extend<AdminFixtures, AdminWorkerFixtures>(adminFixtures);

for (const width of [1366, 390]) {
  test(`thank the spectators after the performance, once (${width} px)`, async ({ adminPage: page, adminSession }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
    const shot = async (name: string) => {
      if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/${width}-thanks-${name}.png`, fullPage: true });
    };
    const api = await playwrightRequest.newContext({ baseURL: SITE_URL, extraHTTPHeaders: { authorization: `Bearer ${adminSession.token}` } });
    const name = unique('Lecture du soir');
    const started = new Date(Date.now() - 3600 * 1000).toISOString();
    const created = await api.post('/api/shows', {
      data: { name, type: 'Pépite', year: '2026', pitch: 'Une lecture.', note: 'Une note.', performances: [{ date: started, address: '3 chemin des Prés, 37000 Tours', venueName: 'Grange des Essais', capacity: 20 }] },
    });
    expect(created.status(), 'création du spectacle par l’API').toBe(201);
    const showId = ((await created.json()) as { data: { id: number } }).data.id;
    let performanceId = 0;
    try {
      expect((await api.post(`/api/shows/${showId}/publish`)).status()).toBe(200);
      const performances = ((await (await api.get('/api/reservations/performances')).json()) as { data: { performanceId: number; showId: number }[] }).data;
      performanceId = performances.find((item) => item.showId === showId)!.performanceId;
      const book = async (firstName: string, email: string, seats: number) => {
        const res = await api.post(`/api/performances/${performanceId}/reservations`, { data: { firstName, lastName: 'Martin', seats, email } });
        expect(res.status()).toBe(201);
        return ((await res.json()) as { data: { id: number } }).data.id;
      };
      const lea = await book('Léa', 'lea@example.org', 2);
      const paul = await book('Paul', 'paul@example.org', 4);
      await book('Inès', 'ines@example.org', 1); // not come
      const tappedAt = new Date().toISOString();
      expect((await api.put(`/api/reservations/${lea}`, { data: { checkedIn: true, tappedAt, deviceId: 'e2e-merci-1' } })).status()).toBe(200);
      expect((await api.put(`/api/reservations/${paul}`, { data: { checkedIn: true, seats: 3, tappedAt, deviceId: 'e2e-merci-1' } })).status()).toBe(200);

      if (width > 800) await openTab(page, 'Gestion', 'Réservations');
      else {
        // On a phone the sections are behind « Menu ».
        await page.goto('/admin/dashboard');
        await page.getByRole('button', { name: 'Menu' }).click();
        await page.getByRole('navigation', { name: 'Sections de l’administration (mobile)' }).getByRole('button', { name: 'Réservations', exact: true }).click();
        await expect(page.getByRole('heading', { level: 1, name: 'Réservations' })).toBeVisible();
      }
      await row(page, name).getByRole('button', { name: new RegExp(`^Voir les réservations de ${name}`) }).click();
      const people = page.getByRole('region', { name: new RegExp(`^${name} —`) });
      await people.getByRole('button', { name: new RegExp(`^Remercier les spectateurs de ${name}`) }).click();
      const form = dialog(page, /^Remercier les spectateurs/);
      await expect(form).toContainText('2 spectateurs pointés à l’entrée');
      await expect(form.getByRole('textbox', { name: /Objet/ })).toHaveValue(new RegExp(`Merci d’être venus à «\u00a0${name}\u00a0»`));
      await expect(form.getByRole('textbox', { name: /Message/ })).toHaveValue(/Bonjour,/);
      await expectNoSeriousA11yViolations(page, 'remercier les spectateurs');
      await shot('dialog');

      await form.getByRole('button', { name: 'Envoyer le remerciement' }).click();
      const question = page.getByRole('alertdialog');
      await expect(question).toContainText('Envoyer le remerciement à 2 spectateurs\u00a0?');
      await shot('question');
      await question.getByRole('button', { name: 'Envoyer', exact: true }).click();
      await expect(form).toBeHidden();
      await expect(people.getByText(/^Remerciement envoyé à 2 spectateurs le /)).toBeVisible();
      await expect(people.getByRole('button', { name: /Remercier les spectateurs/ })).toHaveCount(0);
      await shot('done');
      // Asked again all the same: the French 409.
      const again = await api.post(`/api/performances/${performanceId}/thanks`, { data: { subject: 'Merci', body: 'Encore merci.' } });
      expect(again.status()).toBe(409);
    } finally {
      const list = (await (await api.get(`/api/reservations?performanceId=${performanceId}`)).json()) as { data?: { id: number }[] };
      for (const item of list.data ?? []) await api.delete(`/api/reservations/${item.id}`);
      await api.delete(`/api/shows/${showId}`);
      await api.dispose();
    }
  });
}
