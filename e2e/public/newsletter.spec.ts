import { expect, test } from '../support/fixtures.ts';

test('the footer newsletter dialog checks the address, thanks the visitor and closes by itself', async ({ page }) => {
  await page.goto('/shows');
  const opener = page.getByRole('button', { name: "S'inscrire à la newsletter" });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'La lettre de la Bande' });
  await expect(dialog).toBeVisible();
  const email = dialog.getByLabel('Votre adresse email');
  await expect(email).toBeFocused();

  await email.fill('pas-une-adresse');
  await dialog.getByRole('button', { name: "S'inscrire" }).click();
  await expect(dialog.getByText('Veuillez entrer une adresse email valide')).toBeVisible();
  await expect(email).toHaveAttribute('aria-invalid', 'true');

  await email.fill(`lectrice-${Date.now()}@example.org`);
  await dialog.getByRole('button', { name: "S'inscrire" }).click();
  await expect(dialog.getByRole('alert')).toContainText('Merci');
  // Closes by itself about 2 s later, handing the focus back to the footer button.
  await expect(dialog).toBeHidden({ timeout: 5_000 });
  await expect(opener).toBeFocused();
});

test('the newsletter dialog closes on Escape and locks the page scroll while open', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: "S'inscrire à la newsletter" }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
});
