import type { Browser, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../support/fixtures.ts';
import { asVisitor, expect, openTab, unique } from '../support/admin.ts';

const TAB = 'Informations légales';
/** The demo's publisher and host (apps/api/src/db/seed/demo-story.ts). */
const DEMO = { host: 'OVH SAS', publisher: 'La Bande à Lire' };

async function save(page: Page) {
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Informations légales enregistrées' }).last()).toBeVisible();
}

/**
 * Legal details: the demo's publisher and host on the public page, a change in the backoffice seen by a new
 * visitor, the French message of an emptied required field; the demo values are put back at the end (and
 * first, when an earlier attempt that failed half-way left its own).
 */
export async function legalJourney(page: Page, browser: Browser, siteUrl: string) {
  await openTab(page, 'Contenu', TAB);
  const hostName = page.getByRole('textbox', { name: "Nom de l'hébergeur" });
  const publisherName = page.getByRole('textbox', { name: "Nom de l'association" });
  // A retry starts from the demo's values: an attempt that failed half-way may have left its own.
  await expect(hostName).not.toHaveValue('');
  if ((await hostName.inputValue()) !== DEMO.host || (await publisherName.inputValue()) !== DEMO.publisher) {
    await hostName.fill(DEMO.host);
    await publisherName.fill(DEMO.publisher);
    await save(page);
  }

  await asVisitor(browser, siteUrl, '/mentions-legales', async (visitor) => {
    await expect(visitor.getByRole('region', { name: /Éditeur du site/ })).toContainText(DEMO.publisher);
    await expect(visitor.getByRole('region', { name: /Éditeur du site/ })).toContainText('Directrice de la publication');
    const host = visitor.getByRole('region', { name: /Hébergement/ });
    await expect(host).toContainText(DEMO.host);
    await expect(host).toContainText('2 rue Kellermann, 59100 Roubaix');
    await expect(visitor.getByRole('main')).not.toContainText('À compléter');
  });

  // The demo's details are complete: the dashboard has nothing to warn about.
  await expect(page.getByText('Mentions légales incomplètes')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'informations légales');
  const original = { host: await hostName.inputValue(), publisher: await publisherName.inputValue() };
  expect(original).toEqual(DEMO);

  const newHost = unique('Hébergeur de test');
  await hostName.fill(newHost);
  await save(page);
  await asVisitor(browser, siteUrl, '/mentions-legales', async (visitor) => {
    await expect(visitor.getByRole('region', { name: /Hébergement/ })).toContainText(newHost);
    await expect(visitor.getByRole('main')).not.toContainText(DEMO.host);
  });

  // An emptied required field: the French message under it, the focus on it, nothing saved.
  await publisherName.fill('');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(publisherName).toHaveAccessibleDescription('Ce champ est obligatoire');
  await expect(publisherName).toHaveAttribute('aria-invalid', 'true');
  await expect(publisherName).toBeFocused();
  await expectNoSeriousA11yViolations(page, 'informations légales, erreur');

  // Reloading shows what the server kept, then the demo's values go back.
  await openTab(page, 'Contenu', TAB);
  await expect(publisherName).toHaveValue(original.publisher);
  await expect(hostName).toHaveValue(newHost);
  await hostName.fill(original.host);
  await save(page);
  await asVisitor(browser, siteUrl, '/mentions-legales', async (visitor) => {
    await expect(visitor.getByRole('region', { name: /Hébergement/ })).toContainText(original.host);
  });
}
