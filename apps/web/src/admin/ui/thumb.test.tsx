import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { loggedInForEachTest, renderAdminTab, stubFetch } from '../test-utils.tsx';
import { ShowsTab } from '../shows/shows-tab.tsx';
import { PartnersTab } from '../partners/partners-tab.tsx';
import { GalleryTab } from '../gallery/gallery-tab.tsx';

vi.setConfig({ testTimeout: 20_000 });
loggedInForEachTest({ asTestAdmin: true });

const schedule = { publishAt: null, unpublishAt: null };
const uploaded = '/uploads/2026/11/affiche.jpg';
const linked = 'https://images.example.org/affiche.jpg';
// As the API answers beside a list: the upload's size and its variants (none for a link to another site).
const images = {
  [uploaded]: {
    width: 1200,
    height: 800,
    variants: [
      { url: '/uploads/2026/11/affiche.w960.webp', width: 960, type: 'image/webp' },
      { url: '/uploads/2026/11/affiche.w480.webp', width: 480, type: 'image/webp' },
    ],
  },
};
const show = (id: number, name: string, photo: string) => ({ id, name, slug: `s-${id}`, type: 'Lecture', year: '2026', published: true, isFeatured: false, photo, ...schedule });

/** What the browser may fetch for the row's picture: the <source>'s candidates, or the <img> alone. */
function picture(img: HTMLElement) {
  const source = img.parentElement?.tagName === 'PICTURE' ? img.parentElement.querySelector('source') : null;
  return { src: img.getAttribute('src'), webp: source?.getAttribute('srcset') ?? null, sizes: source?.getAttribute('sizes') ?? null };
}

describe('the lists’ thumbnails (issue 37: 50–70 KB originals for a 40-pixel square on a phone)', () => {
  it('the shows: an upload from its WebP variants, the smallest the width needs; a linked picture as it is', async () => {
    stubFetch({ 'GET /api/shows': { body: { data: [show(1, 'Avec variantes', uploaded), show(2, 'Sans variantes', linked)], images } } });
    const { container } = renderAdminTab(<ShowsTab />);
    await screen.findByText('Avec variantes');
    const [withVariants, without] = [...container.querySelectorAll('img')];
    expect(picture(withVariants!)).toEqual({ src: uploaded, webp: '/uploads/2026/11/affiche.w480.webp 480w, /uploads/2026/11/affiche.w960.webp 960w', sizes: '2.5rem' });
    expect(picture(without!)).toEqual({ src: linked, webp: null, sizes: null });
  });

  it('the partners’ logos alike', async () => {
    const partner = { id: 1, title: 'La Librairie', description: '', logo: uploaded, link: null, published: true, createdAt: '2026-03-03T19:30:00.000Z', updatedAt: '2026-03-03T19:30:00.000Z', ...schedule };
    stubFetch({ 'GET /api/partners': { body: { data: [partner], images } } });
    renderAdminTab(<PartnersTab />);
    expect(picture(await screen.findByAltText('Logo La Librairie')).webp).toMatch(/affiche\.w480\.webp 480w/);
  });

  it('the gallery’s previews alike', async () => {
    const item = { id: 1, type: 'photo', url: uploaded, thumbnail: null, title: 'Répétition', description: null, published: true, position: 0, youtubeId: null, ...schedule };
    stubFetch({ 'GET /api/gallery': { body: { data: [item], images } } });
    const { container } = renderAdminTab(<GalleryTab />);
    await screen.findAllByText('Répétition');
    const img = container.querySelector(`img[src="${uploaded}"]`) as HTMLElement;
    expect(picture(img)).toMatchObject({ webp: expect.stringMatching(/affiche\.w480\.webp 480w/), sizes: '5.5rem' });
  });
});
