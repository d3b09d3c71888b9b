import type { Browser, Page } from '@playwright/test';
import { asVisitor, confirmDeletion, dialog, expect, openTab, unique } from '../support/admin.ts';

const category = (page: Page, title: string) => page.getByTestId('origin-category').filter({ hasText: title });

async function newCategory(page: Page, title: string, description: string) {
  await page.getByRole('button', { name: 'Nouvelle catégorie' }).first().click();
  const form = dialog(page, 'Nouvelle catégorie');
  await form.getByLabel('Titre').fill(title);
  await form.getByLabel('Description').fill(description);
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(form).toBeHidden();
  await expect(category(page, title)).toBeVisible();
}

/** Origins: categories and events with date rules, publish, reorder with the keyboard, see /origines, delete. */
export async function originsJourney(page: Page, browser: Browser, siteUrl: string) {
  const first = unique('Chapitre A');
  const second = unique('Chapitre B');
  const event = unique('Première répétition');
  await openTab(page, 'Contenu', 'Origines');

  await page.getByRole('button', { name: 'Nouvelle catégorie' }).first().click();
  const empty = dialog(page, 'Nouvelle catégorie');
  await empty.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(empty.getByText('Ce champ est obligatoire')).toBeVisible();
  await empty.getByRole('button', { name: 'Annuler' }).click();
  await newCategory(page, first, 'Le début de l’essai.');
  await newCategory(page, second, 'La suite de l’essai.');

  // Event dates: the spec's messages, shown as an alert, block the save.
  await page.getByRole('button', { name: 'Nouvel événement' }).click();
  const form = dialog(page, 'Nouvel événement');
  await form.getByLabel('Titre').fill(event);
  await form.getByLabel('Description').fill('Dans la cuisine de Claire.');
  await form.getByLabel('Catégorie').selectOption({ label: first });
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(form.getByRole('alert')).toHaveText("L'année est requise");
  await form.getByRole('textbox', { name: 'Année' }).fill('999');
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(form.getByRole('alert')).toHaveText("L'année doit être un nombre valide entre 1000 et 3000");
  await form.getByRole('textbox', { name: 'Année' }).fill('2023');
  // A day without its month is refused, not saved as the year alone.
  await form.getByRole('textbox', { name: 'Jour' }).fill('28');
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(form.getByRole('alert')).toHaveText('Indiquez le mois du jour saisi (ou laissez le jour vide)');
  await form.getByRole('textbox', { name: 'Mois' }).fill('2');
  await form.getByRole('textbox', { name: 'Jour' }).fill('30');
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(form.getByRole('alert')).toHaveText("Cette date n'existe pas");
  await form.getByRole('textbox', { name: 'Jour' }).fill('28');
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(form).toBeHidden();

  await category(page, first).getByRole('button', { name: `Afficher les événements de ${first}` }).click();
  const events = page.getByRole('list', { name: `Événements de ${first}` });
  await expect(events).toContainText('28 février 2023');
  await expect(events).toContainText(event);
  await events.getByRole('button', { name: `Dépublier ${event}` }).click();
  await expect(events.getByRole('listitem').filter({ hasText: event })).toContainText('Brouillon');
  await events.getByRole('button', { name: `Publier ${event}` }).click();
  await expect(events.getByRole('listitem').filter({ hasText: event })).toContainText('Publié');

  await category(page, second).getByRole('button', { name: `Dépublier ${second}` }).click();
  await expect(category(page, second)).toContainText('Brouillon');
  await asVisitor(browser, siteUrl, '/origines', async (visitor) => {
    await expect(visitor.getByRole('heading', { name: first })).toBeVisible();
    await expect(visitor.getByRole('heading', { name: event })).toBeVisible();
    await expect(visitor.getByRole('heading', { name: second })).toHaveCount(0);
  });
  await category(page, second).getByRole('button', { name: `Publier ${second}` }).click();
  await expect(category(page, second)).toContainText('Publié');

  // Keyboard drag (25 px per key press): the second category goes above the first.
  await category(page, first).getByRole('button', { name: `Masquer les événements de ${first}` }).click();
  const handle = category(page, second).getByRole('button', { name: `Déplacer ${second}` });
  await handle.focus();
  await page.keyboard.press('Space');
  for (let step = 0; step < 4; step++) await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Space');
  await expect(page.getByTestId('origin-category').last()).toContainText(first);
  await page.reload();
  await expect(page.getByTestId('origin-category').last()).toContainText(first);
  await asVisitor(browser, siteUrl, '/origines', async (visitor) => {
    const secondBox = await visitor.getByRole('heading', { name: second }).first().boundingBox();
    const firstBox = await visitor.getByRole('heading', { name: first }).first().boundingBox();
    expect(secondBox!.y).toBeLessThan(firstBox!.y);
  });

  await category(page, first).getByRole('button', { name: `Supprimer ${first}` }).click();
  await confirmDeletion(page, `« ${first} » et ses 1 événement(s)`);
  await category(page, second).getByRole('button', { name: `Supprimer ${second}` }).click();
  await confirmDeletion(page, second);
  await expect(page.getByTestId('origin-category').filter({ hasText: first })).toHaveCount(0);
  await expect(page.getByTestId('origin-category').filter({ hasText: second })).toHaveCount(0);
}
