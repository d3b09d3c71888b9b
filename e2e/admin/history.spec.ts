import { expectNoSeriousA11yViolations } from '../support/fixtures.ts';
import { adminFixtures, asVisitor, baseTest, confirmDeletion, dialog, expect, openTab, row, SITE_URL, unique, type AdminFixtures, type AdminWorkerFixtures } from './support/admin.ts';

const test = baseTest.extend<AdminFixtures, AdminWorkerFixtures>(adminFixtures);

test('history: see what an edit changed, restore the earlier version, bring a deleted show back as a draft', async ({ adminPage: page, browser }) => {
  test.setTimeout(180_000); // a whole journey on a shared machine
  const name = unique('Lecture à remonter le temps');
  await openTab(page, 'Gestion', 'Spectacles');

  await page.getByRole('button', { name: 'Nouveau spectacle' }).first().click();
  const form = dialog(page, 'Nouveau spectacle');
  await form.getByLabel('Nom du spectacle').fill(name);
  await form.getByLabel('Pitch').fill('Le pitch de la première version.');
  await form.getByLabel('Note de mise en scène').fill('Une voix, une chaise.');
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(form).toBeHidden();

  await row(page, name).getByRole('button', { name: `Modifier ${name}` }).click();
  let edit = dialog(page, 'Modifier le spectacle');
  await edit.getByLabel('Pitch').fill('Un pitch réécrit, moins bon.');
  await edit.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(edit).toBeHidden();

  // The history lists both versions, newest first, and what the edit changed.
  await row(page, name).getByRole('button', { name: `Modifier ${name}` }).click();
  edit = dialog(page, 'Modifier le spectacle');
  await edit.getByText('Historique', { exact: true }).click();
  const versions = edit.getByRole('list', { name: 'Historique' }).getByRole('listitem');
  await expect(versions).toHaveCount(2);
  await expect(versions.nth(0)).toContainText('Modification');
  await expect(versions.nth(0)).toContainText('admin@example.org');
  await expect(versions.nth(0)).toContainText('Version actuelle');
  await expect(versions.nth(1)).toContainText('Création');
  await versions.nth(0).getByText('Voir les changements').click();
  await expect(versions.nth(0).getByRole('definition')).toContainText('Le pitch de la première version.');
  await expect(versions.nth(0).getByRole('definition')).toContainText('Un pitch réécrit, moins bon.');
  await expect(versions.nth(0).getByRole('term')).toHaveText(['Accroche']);
  await expectNoSeriousA11yViolations(page, 'historique d’un spectacle');

  // Restore the first version, after confirming; the form shows it when opened again.
  await versions.nth(1).getByRole('button', { name: /^Restaurer la version du/ }).click();
  const confirmation = page.getByRole('alertdialog');
  await expect(confirmation).toContainText('va remplacer le contenu actuel');
  await confirmation.getByRole('button', { name: 'Restaurer' }).click();
  await expect(page.getByText('Version restaurée.')).toBeVisible();
  await expect(edit).toBeHidden();
  await row(page, name).getByRole('button', { name: `Modifier ${name}` }).click();
  edit = dialog(page, 'Modifier le spectacle');
  await expect(edit.getByLabel('Pitch')).toHaveValue('Le pitch de la première version.');
  await edit.getByText('Historique', { exact: true }).click();
  await expect(edit.getByRole('list', { name: 'Historique' }).getByRole('listitem').first()).toContainText('Restauration');
  await edit.getByRole('button', { name: 'Annuler' }).click();

  // Published, then deleted: it comes back from « Spectacles supprimés » as a draft, off the public site.
  await row(page, name).getByRole('button', { name: `Publier ${name}` }).click();
  await expect(row(page, name)).toContainText('Publié');
  await row(page, name).getByRole('button', { name: `Supprimer ${name}` }).click();
  await confirmDeletion(page, name);
  await expect(page.getByRole('table').getByText(name)).toHaveCount(0);
  await page.getByText('Spectacles supprimés', { exact: true }).click();
  const deleted = page.getByRole('list', { name: 'Spectacles supprimés' });
  await expect(deleted).toContainText(name);
  await deleted.getByRole('button', { name: `Restaurer « ${name} »` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Restaurer' }).click();
  await expect(page.getByText(`« ${name} » est restauré, en brouillon.`)).toBeVisible();
  await expect(page.getByRole('table').locator('tr').filter({ hasText: name })).toContainText('Brouillon');
  await expect(deleted.getByText(name)).toHaveCount(0);
  await asVisitor(browser, SITE_URL, '/shows', async (visitor) => {
    await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(visitor.getByText(name)).toHaveCount(0);
  });

  await row(page, name).getByRole('button', { name: `Supprimer ${name}` }).click();
  await confirmDeletion(page, name);
});
