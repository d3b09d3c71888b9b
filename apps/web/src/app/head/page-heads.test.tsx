import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import { fablesShow } from '../../test/show-fixtures.ts';
import { HeadProvider } from './head-context.tsx';
import { createHeadCollector, type PageHead } from './page-head.ts';
import HomePage from '../../public/home/home-page.tsx';
import TeamPage from '../../public/team/team-page.tsx';
import ShowsPage from '../../public/shows/shows-page.tsx';
import ShowDetailPage from '../../public/show-detail/show-detail-page.tsx';
import ContactPage from '../../public/contact/contact-page.tsx';
import BonusPage from '../../public/bonus/bonus-page.tsx';
import OriginesPage from '../../public/origines/origines-page.tsx';
import PartenairesPage from '../../public/partenaires/partenaires-page.tsx';
import SitemapPage from '../../public/sitemap/sitemap-page.tsx';
import LegalPage from '../../public/legal/legal-page.tsx';
import NotFoundPage from '../../public/not-found/not-found-page.tsx';
import PreviewCardPage from '../../public/preview-card/preview-card-page.tsx';
import { featuredShowsQuery, publishedShowsQuery, showBySlugQuery } from '../../public/shows/shows.queries.ts';
import { publishedMembersQuery } from '../../public/team/members.queries.ts';
import { publishedGalleryQuery } from '../../public/bonus/gallery.queries.ts';
import { publishedOriginsQuery } from '../../public/origines/origins.queries.ts';
import { publishedPartnersQuery } from '../../public/partenaires/partners.queries.ts';

const SITE = 'https://labande.fr';

/** What the server render collects for a page, its queries answered (or not) beforehand. */
function serverHead(Page: ComponentType, { route = '/', path = '*', data = [] as [readonly unknown[], unknown][] } = {}): PageHead {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  for (const [key, value] of data) client.setQueryData(key, value);
  const collector = createHeadCollector();
  renderToString(
    <QueryClientProvider client={client}>
      <HeadProvider siteUrl={SITE} collector={collector}>
        <MemoryRouter initialEntries={[route]}>
          <Routes>
            <Route path={path} element={<Page />} />
          </Routes>
        </MemoryRouter>
      </HeadProvider>
    </QueryClientProvider>,
  );
  expect(collector.head).toBeDefined();
  return collector.head!;
}

const expectGoodDescription = (head: PageHead) => {
  expect(head.description.length).toBeGreaterThanOrEqual(70);
  expect(head.description.length).toBeLessThanOrEqual(160);
  expect(head.description).not.toMatch(/\s\s|\n/);
};

const SHOW = fablesShow({
  pitch: `Le loup, le renard et la cigale prennent la parole.\n\n${'Une lecture à quatre voix, drôle et cruelle, où chaque fable devient une scène. '.repeat(3)}`,
  isFeatured: true,
  performances: [
    { id: 1, date: '2999-07-14T18:30:00.000Z', address: '8 rue du Théâtre, 37000 Tours', venueName: 'Salle Ockeghem', bookingLink: null, capacity: null },
    { id: 2, date: '2001-07-14T18:30:00.000Z', address: '8 rue du Théâtre, 37000 Tours', venueName: 'Salle Ockeghem', bookingLink: null, capacity: null },
  ],
});

beforeEach(() => {
  // A server render never fetches: the data is in the cache beforehand or the page shows its loading state.
  vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new Error('pas de réseau pendant le rendu'))));
});
afterEach(() => vi.unstubAllGlobals());

describe('the head of each public page (server render)', () => {
  it.each([
    ['the contact page', ContactPage, 'Nous contacter'],
    ['the legal notice', LegalPage, 'Mentions légales'],
    ['the site map', SitemapPage, 'Plan du site'],
    ['the team (loading)', TeamPage, 'La Bande'],
    ['the shows (loading)', ShowsPage, 'Spectacles'],
    ['the gallery (loading)', BonusPage, 'Échos en images'],
    ['the origins (loading)', OriginesPage, 'Origines'],
    ['the partners (loading)', PartenairesPage, 'Partenaires'],
  ])('%s: its heading as title, a description of search-result length', (_, Page, title) => {
    const head = serverHead(Page);
    expect(head.title).toBe(title);
    expect(head.full).toBeFalsy();
    expect(head.noindex).toBeFalsy();
    expectGoodDescription(head);
  });

  it('the home page: the full site title and the association as structured data', () => {
    const head = serverHead(HomePage);
    expect(head).toMatchObject({ title: 'La Bande à Lire — lectures théâtrales', full: true, path: '/' });
    expectGoodDescription(head);
    expect(head.jsonLd).toEqual([expect.objectContaining({ '@type': 'TheaterGroup', name: 'La Bande à Lire', url: `${SITE}/` })]);
  });

  it('the site map has one canonical address for its two paths', () => {
    expect(serverHead(SitemapPage, { route: '/sitemap' }).path).toBe('/plan-du-site');
  });

  it.each([
    ['the not-found page', NotFoundPage, 'Page introuvable'],
    ['the card preview', PreviewCardPage, 'Aperçu de la carte'],
  ])('%s is kept out of search engines', (_, Page, title) => {
    const head = serverHead(Page);
    expect(head).toMatchObject({ title, noindex: true });
    expectGoodDescription(head);
  });

  it('the pages of lists name what they list', () => {
    const team = serverHead(TeamPage, {
      data: [[publishedMembersQuery().queryKey, { data: [{ id: 1, fullName: 'Claire Vasseur', role: 'Lectrice', note: null, photo: null }, { id: 2, fullName: 'Paul Morin', role: 'Musicien', note: null, photo: null }], images: {} }]],
    });
    expect(team.description).toContain('Claire Vasseur, Paul Morin');
    expectGoodDescription(team);

    const shows = serverHead(ShowsPage, {
      data: [[publishedShowsQuery().queryKey, { data: [{ ...SHOW, photo: null, name: 'Sans photo' }, SHOW], images: {} }]],
    });
    expect(shows.description).toContain('Sans photo, Les Fables');
    expect(shows.image).toEqual({ url: '/uploads/fables.jpg', alt: 'Les Fables, photo du spectacle' });
    expectGoodDescription(shows);

    const origins = serverHead(OriginesPage, {
      data: [[publishedOriginsQuery().queryKey, [{ id: 1, title: 'Les débuts', description: null, position: 1, published: true, events: [] }]]],
    });
    expect(origins.description).toContain('Les débuts');
    expectGoodDescription(origins);

    const partners = serverHead(PartenairesPage, {
      data: [[publishedPartnersQuery().queryKey, { data: [{ id: 1, title: 'Médiathèque de Tours', description: 'd', logo: null, link: null, published: true, createdAt: '', updatedAt: '' }], images: {} }]],
    });
    expect(partners.description).toContain('Médiathèque de Tours');
    expectGoodDescription(partners);

    const gallery = serverHead(BonusPage, {
      data: [
        [
          publishedGalleryQuery().queryKey,
          {
            data: [
              { id: 1, type: 'youtube', url: 'https://youtu.be/abcdefghijk', thumbnail: null, title: 'Extrait', description: null, published: true, position: 0, youtubeId: 'abcdefghijk' },
              { id: 2, type: 'photo', url: '/uploads/saluts.jpg', thumbnail: null, title: 'Les saluts', description: null, published: true, position: 1, youtubeId: null },
            ],
            images: {},
          },
        ],
      ],
    });
    expect(gallery.image).toEqual({ url: '/uploads/saluts.jpg', alt: 'Les saluts' });
  });

  it('a show page: its name, its pitch cut short, its photo, and one TheaterEvent per upcoming date', () => {
    const head = serverHead(ShowDetailPage, {
      route: '/show/les-fables',
      path: '/show/:slug',
      data: [
        [showBySlugQuery('les-fables').queryKey, { data: SHOW, images: {} }],
        [featuredShowsQuery().queryKey, { data: [], images: {} }],
      ],
    });
    expect(head).toMatchObject({
      title: 'Les Fables',
      path: '/show/les-fables',
      type: 'article',
      image: { url: '/uploads/fables.jpg', alt: 'Les Fables, photo du spectacle' },
    });
    expect(head.description.startsWith('Le loup, le renard et la cigale prennent la parole. Une lecture')).toBe(true);
    expect(head.description.endsWith('...')).toBe(true);
    expectGoodDescription(head);
    expect(head.jsonLd).toHaveLength(1);
    expect(head.jsonLd![0]).toMatchObject({ '@type': 'TheaterEvent', startDate: '2999-07-14T20:30:00+02:00', url: `${SITE}/show/les-fables` });
  });

  it('a show page still loading: a generic head', () => {
    const head = serverHead(ShowDetailPage, { route: '/show/les-fables', path: '/show/:slug' });
    expect(head.title).toBe('Spectacle');
    expect(head.jsonLd).toBeUndefined();
    expectGoodDescription(head);
  });
});
