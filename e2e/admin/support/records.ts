import type { Browser, Locator, Page } from '@playwright/test';
import { adminFixtures, asVisitor, baseTest, confirmDeletion, dialog, expect, row, SITE_URL, type AdminFixtures, type AdminWorkerFixtures } from './admin.ts';

/*
 * The steps every record tab's journey goes through (members, shows, venues, partners...): a dialog
 * opened by a "new" or a row's "edit" button, the required fields named in French, a save that closes
 * the dialog, publish and unpublish, a deletion answered in the confirmation, a public page without it.
 */

/**
 * `test` for the journeys of the record tabs: `adminPage` logged in to the admin, and the time that a
 * whole journey with visits of the public site takes on a shared machine.
 */
export const adminJourneyTest = baseTest.extend<AdminFixtures & { journeyTimeout: void }, AdminWorkerFixtures>({
  ...adminFixtures,
  journeyTimeout: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
    async ({}, use, testInfo) => {
      testInfo.setTimeout(180_000);
      await use();
    },
    { auto: true },
  ],
});

/** Clicks the tab's "new" button and gives its dialog (titled like the button unless told). */
export async function openCreateDialog(page: Page, button: string, title = button): Promise<Locator> {
  await page.getByRole('button', { name: button }).first().click();
  return dialog(page, title);
}

/** Clicks the "Modifier …" button of the record's row and gives the edit dialog. */
export async function openEditDialog(page: Page, name: string, title: string): Promise<Locator> {
  await row(page, name).getByRole('button', { name: `Modifier ${name}` }).click();
  return dialog(page, title);
}

/** Saves the form as it is: the required fields are checked in the page, in French, before anything is sent. */
export async function expectRequiredMessages(form: Locator, count: number) {
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(form.getByText('Ce champ est obligatoire')).toHaveCount(count);
}

/** Saves the form, which closes its dialog. */
export async function saveDialog(form: Locator) {
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(form).toBeHidden();
}

/** Publishes or unpublishes the record from its row, and sees its status change. */
export async function setPublished(page: Page, name: string, published: boolean) {
  await row(page, name).getByRole('button', { name: `${published ? 'Publier' : 'Dépublier'} ${name}` }).click();
  await expect(row(page, name)).toContainText(published ? 'Publié' : 'Brouillon');
}

/** Deletes the record from its row, answering the confirmation (which shows `confirmation`), and sees it gone. */
export async function deleteRecord(page: Page, name: string, confirmation: string | RegExp = name) {
  await row(page, name).getByRole('button', { name: `Supprimer ${name}` }).click();
  await confirmDeletion(page, confirmation);
  await expect(page.getByText(name)).toHaveCount(0);
}

/** A new visitor of the public page `path` sees it without `text` (unpublished or deleted). */
export async function expectNotOnPublicPage(browser: Browser, path: string, text: string) {
  await asVisitor(browser, SITE_URL, path, async (visitor) => {
    await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(visitor.getByText(text)).toHaveCount(0);
  });
}
