import { expect, expectNoSeriousA11yViolations, test, waitForContent } from '../support/fixtures.ts';
import type { Locator, Page } from '@playwright/test';
import { expectNoHorizontalScroll, stubYoutube } from '../support/public-pages.ts';

const video = (page: Page) => page.locator('[role="dialog"] video');
const playerState = (page: Page) =>
  video(page).evaluate((element: HTMLVideoElement) => ({ paused: element.paused, time: element.currentTime, duration: element.duration, muted: element.muted, volume: element.volume }));

test.describe('gallery page', () => {
  test.beforeEach(async ({ page }) => {
    await stubYoutube(page);
    await page.goto('/bonus');
    await expect(page.getByRole('heading', { level: 1, name: 'Échos en images' })).toBeVisible();
    await waitForContent(page);
  });

  test('shows the published photos and videos as a grid of named tiles', async ({ page }) => {
    const tiles = page.getByRole('main').getByRole('list').first().getByRole('listitem');
    // The demo publishes 9 items (one more photo is a draft).
    await expect(tiles).toHaveCount(9);
    await expect(page.getByRole('button', { name: 'Agrandir la photo : Les saluts' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Lire la vidéo : Les Voix de la Bande' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Lire la vidéo : Lever de rideau' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Lecture en plein air/ })).toHaveCount(0);
    for (const image of await page.getByRole('main').locator('img').all()) {
      await expect(image).toHaveAttribute('width', /\d+/);
      await expect(image).toHaveAttribute('height', /\d+/);
    }
    await expectNoHorizontalScroll(page);
    await expectNoSeriousA11yViolations(page, '/bonus');
  });

  test('opens a photo in a lightbox, browses with the arrows and closes with Escape', async ({ page }) => {
    const tile = page.getByRole('button', { name: 'Agrandir la photo : Les saluts' });
    await tile.click();
    const dialog = page.getByRole('dialog', { name: 'Les saluts' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('img', { name: /Toute la bande sur le plateau/ })).toBeVisible();
    await expect(dialog.getByText('2 / 8')).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/bonus (visionneuse)');

    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('dialog', { name: 'Les Voix de la Bande' })).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('dialog', { name: 'Les saluts' })).toBeVisible();
    await page.getByRole('button', { name: 'Média précédent' }).click();
    await expect(page.getByRole('dialog', { name: 'Lecture à trois voix' })).toBeVisible();
    await page.getByRole('button', { name: 'Média suivant' }).click();
    await expect(page.getByRole('dialog', { name: 'Les saluts' })).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(tile).toBeFocused();
  });

  test('shows a YouTube video as its picture first, then the youtube-nocookie player', async ({ page }) => {
    await page.getByRole('button', { name: 'Lire la vidéo : Les Voix de la Bande' }).click();
    const dialog = page.getByRole('dialog', { name: 'Les Voix de la Bande' });
    await expect(dialog.locator('iframe')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Lire la vidéo YouTube : Les Voix de la Bande' }).click();
    const frame = dialog.locator('iframe');
    await expect(frame).toHaveAttribute('src', /^https:\/\/www\.youtube-nocookie\.com\/embed\/[\w-]{11}\?/);
    await expect(frame).toHaveAttribute('title', 'Vidéo YouTube : Les Voix de la Bande');
    // The focus stayed in the lightbox, so Escape still closes it.
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('plays a video file in the custom player', async ({ page }) => {
    const tile = page.getByRole('button', { name: 'Lire la vidéo : Lever de rideau' });
    await tile.click();
    const dialog = page.getByRole('dialog', { name: 'Lever de rideau' });
    const player = dialog.getByRole('group', { name: 'Lecteur vidéo : Lever de rideau' });
    await expect(player).toBeFocused();
    // The demo clip lasts a few seconds: loop it so that it cannot end in the middle of the checks.
    await video(page).evaluate((element: HTMLVideoElement) => (element.loop = true));
    // Opened by a click: it plays at once.
    await expect(dialog.getByRole('button', { name: 'Pause' })).toBeVisible();
    await expect.poll(async () => (await playerState(page)).paused).toBe(false);

    // Space pauses, and plays again.
    await page.keyboard.press('Space');
    await expect(dialog.getByRole('button', { name: 'Lecture' })).toBeVisible();
    expect((await playerState(page)).paused).toBe(true);
    await page.keyboard.press('Space');
    await expect(dialog.getByRole('button', { name: 'Pause' })).toBeVisible();
    expect((await playerState(page)).paused).toBe(false);
    await page.keyboard.press('Space');
    await expect(dialog.getByRole('button', { name: 'Lecture' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/bonus (lecteur vidéo)');

    // -10 s and +10 s, within the video.
    const { duration, time: pausedAt } = await playerState(page);
    await dialog.getByRole('button', { name: 'Avancer de 10 secondes' }).click();
    await expect.poll(async () => (await playerState(page)).time).toBeCloseTo(Math.min(pausedAt + 10, duration), 1);
    await dialog.getByRole('button', { name: 'Reculer de 10 secondes' }).click();
    await expect.poll(async () => (await playerState(page)).time).toBeCloseTo(Math.max(Math.min(pausedAt + 10, duration) - 10, 0), 1);

    // A click on the progress bar seeks there.
    const progress = dialog.getByRole('slider', { name: 'Progression' });
    const box = (await progress.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect.poll(async () => (await playerState(page)).time).toBeGreaterThan(duration * 0.4);
    expect((await playerState(page)).time).toBeLessThan(duration * 0.6);

    // Volume: a 0-1 range by 0.01; mute.
    const volume = dialog.getByRole('slider', { name: 'Volume' });
    await expect(volume).toHaveAttribute('min', '0');
    await expect(volume).toHaveAttribute('max', '1');
    await expect(volume).toHaveAttribute('step', '0.01');
    await volume.fill('0.4');
    expect((await playerState(page)).volume).toBeCloseTo(0.4, 2);
    // Space in the slider belongs to the slider: the video stays paused.
    await volume.focus();
    await page.keyboard.press('Space');
    await expect(dialog.getByRole('button', { name: 'Lecture' })).toBeVisible();
    const mute = dialog.getByRole('button', { name: 'Couper le son' });
    await mute.click();
    await expect(mute).toHaveAttribute('aria-pressed', 'true');
    expect((await playerState(page)).muted).toBe(true);
    await mute.click();
    expect((await playerState(page)).muted).toBe(false);

    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(tile).toBeFocused();
  });

  test('toggles fullscreen with F and with its button', async ({ page }) => {
    await page.getByRole('button', { name: 'Lire la vidéo : Lever de rideau' }).click();
    const dialog = page.getByRole('dialog', { name: 'Lever de rideau' });
    const fullscreen = dialog.getByRole('button', { name: 'Plein écran' });
    const isFullscreen = () => page.evaluate(() => document.fullscreenElement?.getAttribute('aria-label') ?? null);
    await expect(dialog.getByRole('group', { name: /Lecteur vidéo/ })).toBeFocused();
    await page.keyboard.press('f');
    await expect.poll(isFullscreen).toBe('Lecteur vidéo : Lever de rideau');
    await expect(fullscreen).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('f');
    await expect.poll(isFullscreen).toBeNull();
    await fullscreen.click();
    await expect.poll(isFullscreen).toBe('Lecteur vidéo : Lever de rideau');
    await fullscreen.click();
    await expect.poll(isFullscreen).toBeNull();
  });

  test('hides the player controls after 3 s without activity and shows them on a mouse move', async ({ page }) => {
    await page.getByRole('button', { name: 'Lire la vidéo : Lever de rideau' }).click();
    const player = page.getByRole('group', { name: 'Lecteur vidéo : Lever de rideau' });
    // The demo clip lasts a few seconds: loop it so that it is still playing when the delay ends.
    await video(page).evaluate((element: HTMLVideoElement) => (element.loop = true));
    await expect.poll(async () => (await playerState(page)).paused).toBe(false);
    await expect(player).toHaveAttribute('data-controls', 'visible');
    await expect(player).toHaveAttribute('data-controls', 'hidden', { timeout: 6_000 });
    await hover(page, player);
    await expect(player).toHaveAttribute('data-controls', 'visible');
    await expect(player).toHaveAttribute('data-controls', 'hidden', { timeout: 6_000 });
    await page.keyboard.press('Tab');
    await expect(player).toHaveAttribute('data-controls', 'visible');
  });
});

async function hover(page: Page, target: Locator) {
  const box = (await target.boundingBox())!;
  await page.mouse.move(box.x + box.width / 3, box.y + box.height / 3);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
}
