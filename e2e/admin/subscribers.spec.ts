import fs from 'node:fs';
import { expectNoSeriousA11yViolations } from '../support/fixtures.ts';
import { adminFixtures, baseTest, confirmDeletion, expect, openTab, row, SITE_URL, type AdminFixtures, type AdminWorkerFixtures } from './support/admin.ts';

const test = baseTest.extend<AdminFixtures, AdminWorkerFixtures>(adminFixtures);

test('subscribers tab: a pending sign-up is listed « en attente », the CSV downloads, deletion asks first', async ({ adminPage: page, request }) => {
  test.setTimeout(120_000);
  const email = `abonnee-${Date.now()}@example.org`;
  const signUp = await request.post(`${SITE_URL}/api/newsletter/subscribe`, { data: { email } });
  expect(signUp.ok()).toBe(true);

  await openTab(page, 'Gestion', 'Abonnés');
  await expect(page.getByRole('heading', { level: 1, name: 'Abonnés' })).toBeVisible();
  await expect(row(page, email)).toContainText('en attente');
  await expectNoSeriousA11yViolations(page, 'abonnés');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /Télécharger le CSV/ }).click()]);
  expect(download.suggestedFilename()).toBe('abonnes-newsletter.csv');
  const csv = fs.readFileSync((await download.path())!, 'utf8');
  expect(csv.startsWith('\uFEFFAdresse email;Inscription;Confirmation\r\n')).toBe(true);
  // Pending addresses are not exported.
  expect(csv).not.toContain(email);

  await row(page, email).getByRole('button', { name: `Supprimer ${email}` }).click();
  await confirmDeletion(page, email);
  await expect(page.getByText(email)).toHaveCount(0);
});
