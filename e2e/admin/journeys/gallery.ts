import type { Browser, Page } from '@playwright/test';
import { asVisitor, confirmDeletion, dialog, expect, openTab, SAMPLE_PHOTO, unique } from '../support/admin.ts';

const item = (page: Page, title: string) => page.getByTestId('gallery-item').filter({ hasText: title });

/** Titles of the public gallery, in page order. */
async function publicOrder(page: Page): Promise<string[]> {
  // Each tile's button is named by its visible caption (label in name, WCAG 2.5.3), in the page's order.
  return page.locator('li[data-type] > button').allTextContents();
}

/** Gallery: add a YouTube link and a photo, publish, reorder with the keyboard, see /bonus, edit, delete. */
export async function galleryJourney(page: Page, browser: Browser, siteUrl: string) {
  const video = unique('Extrait essai');
  const photo = unique('Photo essai');
  await openTab(page, 'Contenu', 'Bonus de la bande');

  await page.getByRole('button', { name: 'Ajouter un média' }).first().click();
  let form = dialog(page, 'Nouveau média');
  await form.getByRole('radio', { name: 'Vidéo' }).check();
  await expect(form.getByText('MP4, WebM, OGG — 150 Mo maximum')).toBeVisible();
  await form.getByRole('radio', { name: 'YouTube' }).check();
  await form.getByLabel('Lien YouTube').fill('https://example.org/pas-youtube');
  await expect(form.getByText('URL YouTube invalide')).toBeVisible();
  await form.getByLabel('Lien YouTube').fill('https://youtu.be/dQw4w9WgXcQ');
  await expect(form.getByText('URL YouTube invalide')).toHaveCount(0);
  await expect(form.getByRole('img', { name: 'Miniature de la vidéo YouTube' })).toHaveAttribute('src', /dQw4w9WgXcQ/);
  await form.getByLabel('Titre').fill(video);
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(form).toBeHidden();
  await expect(item(page, video)).toContainText('YouTube');

  await page.getByRole('button', { name: 'Ajouter un média' }).first().click();
  form = dialog(page, 'Nouveau média');
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(form.getByText('Veuillez choisir un fichier')).toBeVisible(); // a file is required on creation
  await form.getByRole('group', { name: /Fichier image/ }).locator('input[type="file"]').setInputFiles(SAMPLE_PHOTO);
  await expect(form.getByText(/author-victor-hugo\.jpg/)).toBeVisible();
  await form.getByLabel('Titre').fill(photo);
  await form.getByLabel('Description').fill('Au salon du livre.');
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(form).toBeHidden();
  await expect(item(page, photo)).toContainText('Photo');

  // Publish / unpublish (new media are published).
  await item(page, photo).getByRole('button', { name: `Dépublier ${photo}` }).click();
  await expect(item(page, photo)).toContainText('Brouillon');
  await asVisitor(browser, siteUrl, '/bonus', async (visitor) => {
    await expect(visitor.getByRole('button', { name: new RegExp(video) })).toBeVisible();
    await expect(visitor.getByRole('button', { name: new RegExp(photo) })).toHaveCount(0);
  });
  await item(page, photo).getByRole('button', { name: `Publier ${photo}` }).click();
  await expect(item(page, photo)).toContainText('Publié');

  // Keyboard drag (25 px per key press): the photo, last, goes above the video.
  const handle = item(page, photo).getByRole('button', { name: `Déplacer ${photo}` });
  await handle.focus();
  await page.keyboard.press('Space');
  for (let step = 0; step < 4; step++) await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Space');
  await expect(page.getByTestId('gallery-item').last()).toContainText(video);
  await page.reload();
  await expect(page.getByTestId('gallery-item').last()).toContainText(video); // the server kept the order
  await asVisitor(browser, siteUrl, '/bonus', async (visitor) => {
    await expect(visitor.getByRole('button', { name: new RegExp(photo) })).toBeVisible();
    const order = await publicOrder(visitor);
    const photoAt = order.findIndex((label) => label.includes(photo));
    const videoAt = order.findIndex((label) => label.includes(video));
    expect(photoAt).toBeGreaterThanOrEqual(0);
    expect(photoAt).toBeLessThan(videoAt);
  });

  // Edit: a blank file keeps the current one.
  await item(page, photo).getByRole('button', { name: `Modifier ${photo}` }).click();
  const edit = dialog(page, 'Modifier le média');
  await expect(edit.getByRole('img', { name: 'Image actuelle' })).toBeVisible();
  await edit.getByLabel('Titre').fill(`${photo} (retouchée)`);
  await edit.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(edit).toBeHidden();
  await expect(item(page, `${photo} (retouchée)`)).toContainText('Photo');

  for (const title of [video, `${photo} (retouchée)`]) {
    await item(page, title).getByRole('button', { name: `Supprimer ${title}` }).click();
    await confirmDeletion(page, title);
    await expect(item(page, title)).toHaveCount(0);
  }
}
