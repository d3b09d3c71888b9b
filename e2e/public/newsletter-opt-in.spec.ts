import { expect, expectNoSeriousA11yViolations, test } from '../support/fixtures.ts';
import { waitForCode } from '../admin/support/outbox.ts';
import { PORT } from '../support/urls.ts';

// A link that has served (or never existed) is answered 404 by the API, which the browser logs.
test.use({ allowedConsoleErrors: [/status of 404/] });

/** The token of a link of the mail sent to `email` (its To header comes before the body's links). */
const linkOf = (email: string, page: 'confirmation' | 'desinscription', since: number) =>
  waitForCode(PORT, since, new RegExp(`To: ${email.replace(/[.]/g, '\\.')}[\\s\\S]*?/newsletter/${page}\\?token=([\\w-]+)`));

test('double opt-in: subscribe on the site, open the mailed link, see the confirmation, then unsubscribe', async ({ page }) => {
  // Four pages, two mails awaited and two accessibility checks: over the 30 s default on a loaded
  // machine (CI once stopped it there, mid-way, twice in a row).
  test.setTimeout(90_000);
  const since = Date.now();
  const email = `optin-${since}@example.org`;
  await page.goto('/');
  await page.getByRole('button', { name: "S'inscrire à la newsletter" }).click();
  const dialog = page.getByRole('dialog', { name: 'La lettre de la Bande' });
  await dialog.getByLabel('Votre adresse email').fill(email);
  // The honeypot is out of reach: hidden from people and assistive technologies.
  await expect(dialog.locator('input[name="website"]')).toHaveAttribute('tabindex', '-1');
  await expectNoSeriousA11yViolations(page, 'newsletter, avec le champ piège');
  await dialog.getByRole('button', { name: "S'inscrire" }).click();
  await expect(dialog.getByRole('alert')).toContainText('Merci');

  const confirmToken = await linkOf(email, 'confirmation', since);
  const unsubscribeToken = await linkOf(email, 'desinscription', since);

  await page.goto(`/newsletter/confirmation?token=${confirmToken}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirmation de votre inscription' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('Votre inscription à la newsletter est confirmée. Merci !');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expectNoSeriousA11yViolations(page, 'confirmation newsletter');

  await page.goto(`/newsletter/desinscription?token=${unsubscribeToken}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Désinscription de la newsletter' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('Vous êtes désinscrit(e) de la newsletter. Votre adresse a été effacée.');

  // The same link again: the address is gone, said in French.
  await page.reload();
  await expect(page.getByRole('alert')).toContainText("Ce lien de désinscription n'est pas valide ou a déjà servi");
});

test('a confirmation link with an unknown token says so in French', async ({ page }) => {
  await page.goto('/newsletter/confirmation?token=inconnu');
  await expect(page.getByRole('alert')).toContainText("Ce lien de confirmation n'est pas valide ou a expiré");
});
