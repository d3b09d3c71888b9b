import type { Page } from '@playwright/test';
import { expect, portOf, row, SITE_URL } from './admin.ts';
import { waitForCode } from './outbox.ts';

/** What an invitation mail gives: its code, and its link (whose #invitation= key the code needs). */
export interface Invitation {
  code: string;
  link: string;
}

/** The invitation mailed to `email` since `since`: its code and the path of its link. */
export async function invitationMailed(email: string, since: number): Promise<Invitation> {
  // The mail to this address: journeys running side by side invite other people at the same moment.
  const address = email.replace(/[.+]/g, '\\$&');
  const code = await waitForCode(portOf(SITE_URL), since, new RegExp(`To: ${address}[\\s\\S]*?Votre code d'invitation : (\\d{6})`));
  const link = await waitForCode(portOf(SITE_URL), since, new RegExp(`To: ${address}[\\s\\S]*?(/admin/forgot-password#invitation=[\\w-]{43})`));
  return { code, link };
}

/**
 * On the « Comptes » tab, invites `email` with a role (an administrator unless said, as the journeys
 * written before the roles expect everything of the invited person); returns the invitation mailed.
 */
export async function inviteAccount(page: Page, email: string, role: 'Administrateur' | 'Éditeur' | 'Secrétariat' = 'Administrateur'): Promise<Invitation> {
  const since = Date.now();
  await page.getByLabel(/Email de la personne à inviter/).fill(email);
  await page.getByRole('combobox', { name: 'Rôle', exact: true }).selectOption({ label: role });
  await page.getByRole('button', { name: 'Inviter' }).click();
  await expect(page.getByText(`Invitation envoyée à ${email}.`)).toBeVisible();
  await expect(row(page, email)).toBeVisible();
  return invitationMailed(email, since);
}

/** Email, password and « Se connecter », on the login page the browser already shows. */
export async function submitLogin(page: Page, email: string, password: string) {
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Mot de passe' }).fill(password);
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click();
}

/**
 * The invited person, in a browser of their own: the mail's link opens « Mot de passe oublié » at its
 * code step, then the invitation code, a password of their choosing, and their first login, which
 * opens the dashboard.
 */
export async function acceptInvitation(page: Page, email: string, invitation: Invitation, password: string) {
  await page.goto(invitation.link);
  await page.getByRole('textbox', { name: 'Code reçu par email' }).fill(invitation.code);
  await page.getByRole('textbox', { name: 'Nouveau mot de passe' }).fill(password);
  await page.getByRole('textbox', { name: 'Confirmer le mot de passe' }).fill(password);
  await page.getByRole('button', { name: 'Réinitialiser le mot de passe' }).click();
  await expect(page.getByText('Mot de passe réinitialisé avec succès !')).toBeVisible();
  await submitLogin(page, email, password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

/** « Mon compte » (the account's password, two-factor login, passkeys), from the top bar's account button. */
export async function openMyAccount(page: Page) {
  await page.goto('/admin/dashboard');
  await page.getByRole('banner').getByRole('button', { name: /^Mon compte/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mon compte' })).toBeVisible();
}
