import { adminFixtures, baseTest, expect, openTab, SITE_URL, type AdminFixtures, type AdminWorkerFixtures } from './support/admin.ts';
import { acceptInvitation, inviteAccount } from './support/accounts.ts';

const test = baseTest.extend<AdminFixtures, AdminWorkerFixtures>(adminFixtures);

test('Rôles: a secretary invited by an administrator sees only her tabs, and the server refuses her the content', async ({ adminPage: page, browser }) => {
  test.setTimeout(180_000);
  const email = `secretariat-${Date.now().toString(36)}@example.org`;
  const password = 'mot-de-passe-secretariat';
  await openTab(page, 'Gestion', 'Comptes');
  const code = await inviteAccount(page, email, 'Secrétariat');
  await expect(page.getByRole('combobox', { name: `Rôle de ${email}` })).toHaveValue('secretary');

  const context = await browser.newContext({ baseURL: SITE_URL, locale: 'fr-FR' });
  try {
    const secretary = await context.newPage();
    await acceptInvitation(secretary, email, code, password);
    // Her dashboard opens on the reservations; « Gestion » holds her three tabs, and there is no « Contenu ».
    await expect(secretary.getByRole('heading', { level: 1, name: 'Réservations' })).toBeVisible();
    const nav = secretary.getByRole('navigation', { name: 'Sections de l’administration' });
    await expect(nav.getByRole('button', { name: /Contenu/ })).toHaveCount(0);
    await nav.getByRole('button', { name: /Gestion/ }).click();
    await expect(nav.getByRole('button', { name: /^(Réservations|Messages|Abonnés)/ })).toHaveCount(3);

    // A link to a content tab says she may not open it.
    await secretary.goto('/admin/dashboard?tab=shows');
    await expect(secretary.getByRole('alert').filter({ hasText: "Cet onglet n'est pas accessible avec votre rôle" })).toBeVisible();

    // The server, not the screen, refuses: her token cannot delete a show.
    const token = await secretary.evaluate(() => localStorage.getItem('admin_token'));
    const refused = await secretary.request.delete(`${SITE_URL}/api/shows/1`, { headers: { authorization: `Bearer ${token}` } });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).error).toContain('Votre rôle ne permet pas cette action');
  } finally {
    await context.close();
  }
});
