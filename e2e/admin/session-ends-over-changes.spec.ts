import type { APIRequestContext, Page } from '@playwright/test';
import { adminFixtures, baseTest, expect, openTab, SITE_URL, unique, type AdminFixtures, type AdminWorkerFixtures } from './support/admin.ts';
import { acceptInvitation, inviteAccount } from './support/accounts.ts';

const test = baseTest.extend<AdminFixtures, AdminWorkerFixtures>(adminFixtures);

/**
 * Issue 35: an editor changes a show's pitch; the server ends her session (another way each time);
 * « Enregistrer » brings « Reconnectez-vous » over the form, and once she signs in again the same
 * input is there and saved.
 */
type Ending = (editor: { email: string; password: string; id: number; token: string }, request: APIRequestContext, adminToken: string) => Promise<string>;

const ENDINGS: [string, Ending][] = [
  [
    // Expiry cannot be waited for here: the server forgets the session as it forgets an expired one.
    'ended on the server (as an expiry)',
    async (editor, request) => {
      const answer = await request.post('/api/auth/logout', { headers: { authorization: `Bearer ${editor.token}` } });
      expect(answer.ok()).toBe(true);
      return editor.password;
    },
  ],
  [
    'closed by a password change elsewhere',
    async (editor, request) => {
      const elsewhere = await request.post('/api/auth/login', { data: { email: editor.email, password: editor.password } });
      expect(elsewhere.status()).toBe(200);
      const newPassword = `${editor.password}-nouveau`;
      const changed = await request.put('/api/auth/me/password', {
        data: { currentPassword: editor.password, newPassword },
        headers: { authorization: `Bearer ${(await elsewhere.json()).token}` },
      });
      expect(changed.status()).toBe(200);
      return newPassword;
    },
  ],
  [
    'closed by a role change',
    async (editor, request, adminToken) => {
      const changed = await request.put(`/api/users/${editor.id}`, { data: { role: 'admin' }, headers: { authorization: `Bearer ${adminToken}` } });
      expect(changed.status()).toBe(200);
      return editor.password;
    },
  ],
];

/** A show of the test's own, created through the API. */
async function createShow(request: APIRequestContext, adminToken: string): Promise<{ id: number; name: string }> {
  const name = unique('Relecture');
  const created = await request.post('/api/shows', {
    data: { name, type: 'Grand format', year: '2026', pitch: 'Premier jet.', note: 'Note de mise en scène.', published: false, isFeatured: false, performances: [] },
    headers: { authorization: `Bearer ${adminToken}` },
  });
  expect(created.status()).toBe(201);
  return { id: (await created.json()).data.id as number, name };
}

async function editPitch(page: Page, showName: string, text: string) {
  await page.getByRole('button', { name: `Modifier ${showName}` }).click();
  const form = page.getByRole('dialog', { name: 'Modifier le spectacle' });
  const pitch = form.getByRole('textbox', { name: /^Pitch/ });
  await pitch.fill(text);
  return { form, pitch };
}

for (const [way, endSession] of ENDINGS) {
  test(`a show’s pitch survives a session ${way}`, async ({ adminPage: page, adminSession, browser }) => {
    test.setTimeout(120_000);
    const email = `redaction-${Date.now().toString(36)}@example.org`;
    const password = 'mot-de-passe-redaction';
    await openTab(page, 'Gestion', 'Comptes');
    const code = await inviteAccount(page, email, 'Éditeur');
    const show = await createShow(page.request, adminSession.token);

    // An address of its own (TEST-NET), for the server's per-address login limits.
    const address = `198.19.254.${Math.floor(Math.random() * 250) + 1}`;
    const context = await browser.newContext({ baseURL: SITE_URL, locale: 'fr-FR', extraHTTPHeaders: { 'x-forwarded-for': address }, viewport: way.includes('role') ? { width: 390, height: 844 } : { width: 1366, height: 800 } });
    try {
      const editor = await context.newPage();
      await acceptInvitation(editor, email, code, password);
      const token = (await editor.evaluate(() => localStorage.getItem('admin_token')))!;
      const user = JSON.parse((await editor.evaluate(() => localStorage.getItem('admin_user')))!) as { id: number };
      await editor.reload();
      await expect(editor.getByRole('heading', { level: 1, name: 'Spectacles' })).toBeVisible();
      const text = 'Emma rêve, et cette fois le pitch le dit mieux.';
      const { form, pitch } = await editPitch(editor, show.name, text);

      const newPassword = await endSession({ email, password, id: user.id, token }, context.request, adminSession.token);
      await form.getByRole('button', { name: 'Enregistrer' }).click();

      const signIn = editor.getByRole('dialog', { name: 'Reconnectez-vous' });
      await expect(signIn).toBeVisible();
      await expect(signIn.getByText(/Vos modifications sont gardées/)).toBeVisible();
      await expect(signIn.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
      await signIn.getByRole('textbox', { name: 'Mot de passe' }).fill(newPassword);
      await signIn.getByRole('button', { name: 'Se connecter', exact: true }).click();
      await expect(signIn).toBeHidden();

      await expect(pitch).toHaveValue(text);
      await expect(form.getByRole('button', { name: 'Enregistrer' })).toBeEnabled();
      await form.getByRole('button', { name: 'Enregistrer' }).click();
      await expect(form).toBeHidden();
      const saved = await context.request.get(`/api/shows/${show.id}`, { headers: { authorization: `Bearer ${adminSession.token}` } });
      expect((await saved.json()).data.pitch).toBe(text);
    } finally {
      await context.close();
    }
  });
}
