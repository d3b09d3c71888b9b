import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { jsonResponse, renderWithProviders } from '../../test/render.tsx';
import userEvent from '@testing-library/user-event';
import type { GalleryItem } from '@bande/shared/schemas/gallery';
import BonusPage from './bonus-page.tsx';

const item = (overrides: Partial<GalleryItem> & Pick<GalleryItem, 'id' | 'type'>): GalleryItem => ({
  url: `/uploads/item-${overrides.id}.jpg`,
  thumbnail: null,
  title: `Titre ${overrides.id}`,
  description: null,
  published: true,
  position: overrides.id,
  youtubeId: null,
  ...overrides,
});

const ITEMS: GalleryItem[] = [
  item({ id: 1, type: 'photo', title: 'Les saluts', description: 'La troupe salue au théâtre municipal.' }),
  item({ id: 2, type: 'video', url: '/uploads/lever.mp4', thumbnail: '/uploads/lever.jpg', title: 'Lever de rideau' }),
  item({ id: 3, type: 'youtube', url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', youtubeId: 'dQw4w9WgXcQ', thumbnail: null, title: 'Extrait filmé' }),
  item({ id: 4, type: 'photo', title: null }),
];

let fetchMock: ReturnType<typeof vi.fn>;

const renderPage = () => renderWithProviders(<BonusPage />);

beforeEach(() => {
  fetchMock = vi.fn(async () => jsonResponse({ data: ITEMS }));
  vi.stubGlobal('fetch', fetchMock);
  // jsdom has no media engine: play() and pause() flip `paused` and fire the events a browser fires.
  const setPaused = (video: HTMLMediaElement, paused: boolean) => {
    Object.defineProperty(video, 'paused', { configurable: true, get: () => paused });
    video.dispatchEvent(new Event(paused ? 'pause' : 'play'));
  };
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    setPaused(this, false);
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    setPaused(this, true);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('gallery page', { timeout: 20_000 }, () => {
  it('shows the empty message of the spec when nothing is published', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ data: [] }));
    renderPage();
    expect(await screen.findByText('La galerie est vide pour le moment. Revenez bientôt !')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/gallery?published=true', expect.anything());
    expect(document.title).toBe('Échos en images — La Bande à Lire');
  });

  it('shows the load error in the spec form', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ error: 'Erreur interne du serveur' }, 500));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Erreur : API GET 500 on /api/gallery?published=true');
  });

  it('lists every item as a button saying what it opens', async () => {
    renderPage();
    expect(await screen.findByRole('button', { name: 'Agrandir la photo : Les saluts' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Lire la vidéo : Lever de rideau' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Lire la vidéo : Extrait filmé' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Agrandir la photo : Photo' })).toBeInTheDocument();
    const youtubeThumb = screen.getByRole('button', { name: 'Lire la vidéo : Extrait filmé' }).querySelector('img')!;
    expect(youtubeThumb).toHaveAttribute('src', 'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg');
    for (const image of document.querySelectorAll('main img, ul img')) {
      expect(image).toHaveAttribute('width');
      expect(image).toHaveAttribute('height');
    }
  });

  it('opens a photo in a lightbox that browses photos and YouTube items, and closes with Escape', async () => {
    const user = userEvent.setup();
    renderPage();
    const tile = await screen.findByRole('button', { name: 'Agrandir la photo : Les saluts' });
    await user.click(tile);
    const dialog = screen.getByRole('dialog', { name: 'Les saluts' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByRole('img', { name: 'La troupe salue au théâtre municipal.' })).toHaveAttribute('src', '/uploads/item-1.jpg');
    expect(within(dialog).getByText('1 / 3')).toBeInTheDocument();

    // The video file is not part of the lightbox: next comes the YouTube item.
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('dialog', { name: 'Extrait filmé' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Média suivant' }));
    expect(screen.getByRole('dialog', { name: 'Photo' })).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('dialog', { name: 'Les saluts' })).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('dialog', { name: 'Photo' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(tile).toHaveFocus();
  });

  it('gives the tiles and the lightbox the variants the API lists, the first tile first', async () => {
    const webp = (id: number, width: number) => ({ url: `/uploads/item-${id}.w${width}.webp`, width, type: 'image/webp' });
    const images = {
      '/uploads/item-1.jpg': { width: 1200, height: 800, variants: [webp(1, 480), webp(1, 960)] },
      '/uploads/item-4.jpg': { width: 600, height: 400, variants: [webp(4, 480)] },
    };
    fetchMock.mockResolvedValue(jsonResponse({ data: ITEMS, images }));
    const user = userEvent.setup();
    renderPage();
    const first = (await screen.findByRole('button', { name: 'Agrandir la photo : Les saluts' })).querySelector('img')!;
    expect(first.parentElement?.querySelector('source')).toHaveAttribute('srcset', '/uploads/item-1.w480.webp 480w, /uploads/item-1.w960.webp 960w');
    expect(first).toHaveAttribute('fetchpriority', 'high');
    const last = screen.getByRole('button', { name: 'Agrandir la photo : Photo' }).querySelector('img')!;
    expect(last.parentElement?.querySelector('source')).toHaveAttribute('srcset', '/uploads/item-4.w480.webp 480w');
    expect(last).toHaveAttribute('loading', 'lazy');
    // No variants recorded for the video poster: a plain img.
    expect(screen.getByRole('button', { name: 'Lire la vidéo : Lever de rideau' }).querySelector('picture')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Agrandir la photo : Les saluts' }));
    const photo = within(screen.getByRole('dialog', { name: 'Les saluts' })).getByRole('img', { name: 'La troupe salue au théâtre municipal.' });
    expect(photo).toHaveAttribute('width', '1200');
    expect(photo.parentElement?.querySelector('source')).toHaveAttribute('sizes', '100vw');
  });

  it('shows the YouTube picture first, then the youtube-nocookie player', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Lire la vidéo : Extrait filmé' }));
    const dialog = screen.getByRole('dialog', { name: 'Extrait filmé' });
    expect(dialog.querySelector('iframe')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Lire la vidéo YouTube : Extrait filmé' }));
    const frame = within(dialog).getByTitle('Vidéo YouTube : Extrait filmé');
    expect(frame.getAttribute('src')).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ\?/);
    await user.click(within(dialog).getByRole('button', { name: 'Fermer' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows a YouTube item with its own poster as a video to play, asking nothing of YouTube before play', async () => {
    const poster = '/uploads/demo/youtube-les-voix.jpg';
    const webp = (width: number) => ({ url: `/uploads/demo/youtube-les-voix.w${width}.webp`, width, type: 'image/webp' });
    const voices = item({ id: 5, type: 'youtube', url: 'https://www.youtube.com/watch?v=q3VbLe8nTgA', youtubeId: 'q3VbLe8nTgA', thumbnail: poster, title: 'Les Voix de la Bande' });
    const images = { [poster]: { width: 1200, height: 800, variants: [webp(480), webp(960)] } };
    fetchMock.mockResolvedValue(jsonResponse({ data: [ITEMS[0], voices], images }));
    const requested = () =>
      [...document.querySelectorAll('img, source, iframe')].flatMap((element) => [element.getAttribute('src'), element.getAttribute('srcset')]).filter(Boolean).join(' ');
    const user = userEvent.setup();
    renderPage();

    const tile = await screen.findByRole('button', { name: 'Lire la vidéo : Les Voix de la Bande' });
    expect(tile.querySelector('img')).toHaveAttribute('src', poster);
    expect(tile.querySelector('source')).toHaveAttribute('srcset', '/uploads/demo/youtube-les-voix.w480.webp 480w, /uploads/demo/youtube-les-voix.w960.webp 960w');
    // The play affordance (the triangle over the picture) and the kind of media stay.
    expect(tile.querySelector('svg path')).toHaveAttribute('d', 'M8 5.5v13l11-6.5z');
    expect(tile.closest('li')).toHaveTextContent('YouTube');
    // Every picture comes from the site itself: no address of another host (YouTube's frames).
    expect(requested()).not.toMatch(/\/\//);

    await user.click(tile);
    const dialog = screen.getByRole('dialog', { name: 'Les Voix de la Bande' });
    const picture = dialog.querySelector('img')!;
    expect(picture).toHaveAttribute('src', poster);
    expect(picture).toHaveAttribute('width', '1200');
    expect(picture.parentElement?.querySelector('source')).toHaveAttribute('srcset', expect.stringContaining('youtube-les-voix.w960.webp 960w'));
    expect(requested()).not.toMatch(/\/\//);

    await user.click(within(dialog).getByRole('button', { name: 'Lire la vidéo YouTube : Les Voix de la Bande' }));
    expect(within(dialog).getByTitle('Vidéo YouTube : Les Voix de la Bande')).toHaveAttribute('src', expect.stringMatching(/^https:\/\/www\.youtube-nocookie\.com\/embed\/q3VbLe8nTgA\?/));
  });

  it('opens a video file in the custom player, which Escape closes', async () => {
    const user = userEvent.setup();
    renderPage();
    const tile = await screen.findByRole('button', { name: 'Lire la vidéo : Lever de rideau' });
    await user.click(tile);
    const dialog = screen.getByRole('dialog', { name: 'Lever de rideau' });
    const player = within(dialog).getByRole('group', { name: 'Lecteur vidéo : Lever de rideau' });
    expect(player.querySelector('video')).toHaveAttribute('src', '/uploads/lever.mp4');
    expect(player.querySelector('video')).toHaveAttribute('poster', '/uploads/lever.jpg');
    // Opened by a click: it plays at once and has the focus, so Space pauses.
    expect(within(dialog).getByRole('button', { name: 'Pause' })).toBeInTheDocument();
    expect(player).toHaveFocus();
    await user.keyboard(' ');
    expect(within(dialog).getByRole('button', { name: 'Lecture' })).toBeInTheDocument();
    // The arrows seek in the player instead of leaving it.
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('dialog', { name: 'Lever de rideau' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(tile).toHaveFocus();
  });
});
