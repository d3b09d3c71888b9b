import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures.ts';
import { expectNoHorizontalScroll } from '../support/public-pages.ts';

const PHONE_REQUIRED = 'Le téléphone est requis pour ce type de demande';

test.describe('contact page', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/contact');
    await expect(page.getByRole('heading', { level: 1, name: 'Nous contacter' })).toBeVisible();
  });

  test('shows the French messages inline when the form is sent empty', async ({ page }) => {
    await expect(page.getByRole('form', { name: 'Écrivez-nous' })).toHaveAttribute('novalidate', '');
    await expect(page.getByLabel('Message')).toHaveAttribute('rows', '6');
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    await expect(page.getByText('Veuillez entrer une adresse email valide')).toBeVisible();
    await expect(page.getByText('Veuillez choisir un type de demande')).toBeVisible();
    await expect(page.getByText('Ce champ est obligatoire')).toBeVisible();
    await expect(page.getByLabel('Email')).toBeFocused();
    await expectNoSeriousA11yViolations(page, '/contact (erreurs affichées)');
  });

  test('asks for the phone only for a tailor-made show or a cultural intervention', async ({ page }) => {
    await page.getByLabel('Email').fill('lectrice@example.org');
    await page.getByLabel('Message').fill('Bonjour, nous aimerions vous accueillir.');
    const type = page.getByLabel('Type de demande');

    for (const required of ['Spectacle sur mesure', 'Intervention culturelle']) {
      await type.selectOption(required);
      await expect(page.getByRole('textbox', { name: 'Téléphone', exact: true })).toHaveAttribute('aria-required', 'true');
      await page.getByRole('button', { name: 'Envoyer le message' }).click();
      await expect(page.getByText(PHONE_REQUIRED)).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Téléphone', exact: true })).toBeFocused();
    }
    for (const optional of ["Demande d'information", 'Autre']) {
      await type.selectOption(optional);
      await expect(page.getByText(PHONE_REQUIRED)).toBeHidden();
      await expect(page.getByRole('textbox', { name: 'Téléphone (facultatif)' })).not.toHaveAttribute('aria-required');
    }
  });

  test('sends a real message and confirms it', async ({ page }) => {
    await page.getByLabel('Email').fill('organisatrice@example.org');
    await page.getByLabel('Type de demande').selectOption('Intervention culturelle');
    await page.getByRole('textbox', { name: 'Téléphone', exact: true }).fill('06 12 34 56 78');
    await page.getByLabel('Message').fill('Bonjour, pourriez-vous intervenir dans notre médiathèque au printemps ?');
    const answer = page.waitForResponse((response) => response.url().endsWith('/api/contact/send'));
    await page.getByRole('button', { name: 'Envoyer le message' }).click();
    expect((await answer).status()).toBe(200);
    await expect(page.getByRole('alert')).toHaveText('Merci ! Votre message a bien été envoyé. Nous vous répondrons rapidement.');
    await expect(page.getByRole('button', { name: 'Écrire un autre message' })).toBeVisible();
  });

  test('shows the info panel beside the form on a wide screen and under it on a phone', async ({ page }) => {
    const panel = page.getByRole('complementary', { name: 'Joindre la Bande' });
    await expect(panel.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
    await expect(panel.getByRole('link', { name: /\d\d \d\d/ })).toHaveAttribute('href', /^tel:\+33/);
    await expect(panel.getByText('Spectacle sur mesure')).toBeVisible();
    const form = page.getByRole('form', { name: 'Écrivez-nous' });
    const [formBox, panelBox] = [await form.boundingBox(), await panel.boundingBox()];
    expect(panelBox!.x).toBeGreaterThan(formBox!.x + formBox!.width - 1);

    await page.setViewportSize({ width: 360, height: 800 });
    const [phoneForm, phonePanel] = [await form.boundingBox(), await panel.boundingBox()];
    expect(phonePanel!.y).toBeGreaterThan(phoneForm!.y + phoneForm!.height - 1);
    await expectNoHorizontalScroll(page);
    await expectNoSeriousA11yViolations(page, '/contact (360 px)');
  });
});
