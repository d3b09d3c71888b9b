/**
 * A visitor books seats from a show's page, confirms them from the mailed link, and the seats left
 * drop. The show is this test's own, created (with a performance that takes reservations) and deleted
 * through the admin API, so that the seeded shows the other journeys read stay as they are.
 */
import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures.ts';
import { apiLogin, unique } from '../admin/support/admin.ts';
import { waitForCode } from '../admin/support/outbox.ts';
import { BASE_URL, PORT } from '../support/urls.ts';

/** The token of the confirmation link of the mail sent to `email` (its To header comes before the body's links). */
const confirmationToken = (email: string, since: number) =>
  waitForCode(PORT, since, new RegExp(`To: ${email.replace(/[.+]/g, '\\$&')}[\\s\\S]*?/reservation/confirmation\\?token=([\\w-]+)`));

/** The show's performances dialog, opened from the page's hero button. */
async function openPerformances(page: Page, slug: string) {
  await page.goto(`/show/${slug}`);
  await page.getByRole('button', { name: 'Voir les représentations' }).first().click();
  return page.getByRole('dialog', { name: 'Voir les représentations' });
}

test('book seats from the show page, confirm them from the mailed link, and see fewer seats left', async ({ page }) => {
  test.setTimeout(120_000);
  const session = await apiLogin(BASE_URL);
  const api: APIRequestContext = await playwrightRequest.newContext({ baseURL: BASE_URL, extraHTTPHeaders: { authorization: `Bearer ${session.token}` } });
  const name = unique('Lecture réservée');
  // In three weeks, 20:30 in Paris (the exact day does not matter, only that it is upcoming).
  const date = new Date(Date.now() + 21 * 24 * 3600_000);
  date.setUTCHours(18, 30, 0, 0);
  const created = await api.post('/api/shows', {
    data: {
      name,
      type: 'Lecture de poche',
      year: String(date.getUTCFullYear()),
      pitch: 'Une lecture à réserver sur le site.',
      note: 'Une note.',
      published: true,
      performances: [{ date: date.toISOString(), address: '12 rue des Lilas, 69003 Lyon', venueName: 'Médiathèque Lucie-Aubrac', capacity: 5 }],
    },
  });
  expect(created.status(), `création du spectacle par l’API : ${await created.text()}`).toBe(201);
  const show = ((await created.json()) as { data: { id: number; slug: string } }).data;
  try {
    const since = Date.now();
    const email = `resa-${since}@example.org`;

    const performances = await openPerformances(page, show.slug);
    await expect(performances.getByText('5 places restantes')).toBeVisible();
    await performances.getByRole('button', { name: /^Réserver/ }).click();

    const form = page.getByRole('dialog', { name: 'Réserver vos places' });
    await expect(form).toContainText(name);
    await form.getByLabel('Prénom').fill('Claire');
    await form.getByRole('textbox', { name: 'Nom', exact: true }).fill('Vasseur');
    await form.getByLabel('E-mail').fill(email);
    await form.getByLabel('Nombre de places').selectOption('2');
    await expect(form.locator('input[name="website"]')).toHaveAttribute('tabindex', '-1');
    await expectNoSeriousA11yViolations(page, 'formulaire de réservation');
    await form.getByRole('button', { name: 'Réserver', exact: true }).click();
    await expect(form.getByRole('alert')).toContainText(`Un e-mail est en route vers ${email}`);
    // The list behind shows the visitor's own booking at once (read again past the browser's 5-second copy).
    await page.keyboard.press('Escape');
    await expect(performances.getByText('3 places restantes')).toBeVisible({ timeout: 3_000 });
    // More seats than are left: « Réserver » is disabled and fewer are suggested.
    await performances.getByRole('button', { name: /^Réserver/ }).click();
    await form.getByLabel('Nombre de places').selectOption('4');
    await expect(form.getByRole('button', { name: 'Réserver', exact: true })).toBeDisabled();
    await expect(form).toContainText('Il ne reste que 3 places');
    await page.keyboard.press('Escape');

    const token = await confirmationToken(email, since);
    await page.goto(`/reservation/confirmation?token=${token}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Confirmation de votre réservation' })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expect(page.getByText(name)).toBeVisible();
    await expect(page.getByText('2 places', { exact: true })).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'confirmation de réservation');
    await page.getByRole('button', { name: 'Confirmer ma réservation' }).click();
    await expect(page.getByRole('alert')).toContainText('Votre réservation est confirmée');

    // The same link again: already confirmed, said in French, nothing to press.
    await page.reload();
    await expect(page.getByRole('alert')).toContainText('Cette réservation est déjà confirmée');
    await expect(page.getByRole('button', { name: 'Confirmer ma réservation' })).toHaveCount(0);

    // The seats taken are gone from the count (the API's answer may be kept up to 5 s: read again until then).
    await expect(async () => {
      const again = await openPerformances(page, show.slug);
      await expect(again.getByText('3 places restantes')).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
  } finally {
    await api.delete(`/api/shows/${show.id}`);
    await api.dispose();
  }
});
