import { adminFixtures, baseTest, expect, openTab, type AdminFixtures, type AdminWorkerFixtures } from './support/admin.ts';

const test = baseTest.extend<AdminFixtures, AdminWorkerFixtures>(adminFixtures);

/** A French number of the range kept for fiction (01 99 00 xx xx), different at each run. */
const fictionPhone = () => `01 99 00 ${String(Math.floor(Math.random() * 90) + 10)} ${String(Math.floor(Math.random() * 90) + 10)}`;
const telOf = (phone: string) => `tel:+33${phone.replace(/\s/g, '').slice(1)}`;

test('staff change the phone number in « Textes du site »: the contact page and every footer show it', async ({ adminPage: page }) => {
  await openTab(page, 'Contenu', 'Textes du site');
  const field = page.getByRole('group', { name: 'Contact' }).getByLabel(/^Téléphone/);
  const before = await field.inputValue();
  const phone = fictionPhone();

  // A wrong number is refused in French, under its field.
  await field.fill('12 34');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Veuillez entrer un numéro de téléphone français', { exact: false })).toBeVisible();
  await expect(field).toBeFocused();

  await field.fill(phone);
  await expect(page.getByTestId('modified-contact.phone')).toBeVisible();
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText('Textes du site enregistrés')).toBeVisible();

  try {
    await page.goto('/contact');
    const contact = page.getByRole('complementary', { name: 'Joindre la Bande' });
    await expect(contact.getByRole('link', { name: phone })).toHaveAttribute('href', telOf(phone));
    await expect(page.getByRole('contentinfo').getByRole('link', { name: phone })).toHaveAttribute('href', telOf(phone));
    await page.goto('/shows');
    await expect(page.getByRole('contentinfo').getByRole('link', { name: phone })).toBeVisible();
  } finally {
    // Back to the number the other journeys know.
    await openTab(page, 'Contenu', 'Textes du site');
    await page.getByRole('group', { name: 'Contact' }).getByLabel(/^Téléphone/).fill(before);
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Textes du site enregistrés')).toBeVisible();
  }
});

test('the footer’s newsletter call is the staff’s text, and one 200-character word in the footer scrolls no page sideways at 390 px (issue 35)', async ({ adminPage: page, adminSession }) => {
  const headers = { authorization: `Bearer ${adminSession.token}` };
  const before = (await (await page.request.get('/api/site-content')).json()).data;
  const saved = await page.request.put('/api/site-content', {
    headers,
    data: { ...before, footerText: `Un mot très long : ${'x'.repeat(200)}`, pageTexts: { ...before.pageTexts, footerNewsTitle: 'La prochaine lecture arrive bientôt' } },
  });
  expect(saved.status()).toBe(200);
  try {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of ['/', '/contact', '/shows']) {
      await page.goto(path);
      await expect(page.getByRole('contentinfo').getByRole('heading', { name: 'La prochaine lecture arrive bientôt' })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} : pas de défilement horizontal`).toBeLessThanOrEqual(0);
    }
  } finally {
    await page.request.put('/api/site-content', { headers, data: before });
  }
});
