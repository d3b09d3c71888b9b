import { expect, test } from '../support/fixtures.ts';

test("a show page offers 'Ajouter à mon agenda' for each performance, a calendar file naming the show", async ({ page }) => {
  await page.goto('/show/boule-de-suif');
  await page.getByRole('button', { name: 'Voir les représentations' }).click();
  const dialog = page.getByRole('dialog', { name: 'Voir les représentations' });
  const links = dialog.getByRole('link', { name: /^Ajouter à mon agenda/ });
  await expect(links).toHaveCount(3);
  // The accessible name says which performance the link adds (its date).
  await expect(links.first()).toHaveAccessibleName(/^Ajouter à mon agenda\s*— \p{L}+ \d{1,2} \p{L}+ \d{4} - \d{1,2}h\d{2}$/u);
  const href = await links.first().getAttribute('href');
  expect(href).toMatch(/^\/agenda\.ics\?performance=\d+$/);

  const calendar = await page.request.get(href!);
  expect(calendar.status()).toBe(200);
  expect(calendar.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  expect(calendar.headers()['content-disposition']).toBe('inline; filename="agenda-la-bande-a-lire.ics"');
  const text = await calendar.text();
  expect(text).toContain('BEGIN:VCALENDAR');
  expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(1);
  expect(text).toContain('SUMMARY:Boule de suif');
  expect(text).toMatch(/DTSTART;TZID=Europe\/Paris:\d{8}T\d{6}/);
});

for (const path of ['/', '/shows']) {
  test(`${path} links the whole agenda`, async ({ page }) => {
    await page.goto(path);
    const link = page.getByRole('link', { name: /^Ajouter l'agenda à mon calendrier/ });
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute('href', '/agenda.ics');
    const calendar = await page.request.get('/agenda.ics');
    expect(calendar.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    expect(await calendar.text()).toContain('SUMMARY:Boule de suif');
  });
}
