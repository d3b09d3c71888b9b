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
