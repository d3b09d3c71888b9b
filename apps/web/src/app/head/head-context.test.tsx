import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import type { ReactNode } from 'react';
import { HeadProvider, usePageHead, usePreloadImage } from './head-context.tsx';
import { createHeadCollector, type PageHead } from './page-head.ts';
import { renderHeadTags } from './render-head-tags.ts';

afterEach(() => {
  document.head.innerHTML = '';
});

function Page({ head, children }: { head: PageHead; children?: ReactNode }) {
  usePageHead(head);
  return <>{children}</>;
}

function Preload({ href }: { href: string }) {
  usePreloadImage({ href, imageSizes: '100vw' });
  return null;
}

const managed = () => Array.from(document.head.querySelectorAll('[data-page-head]'));
const metaContent = (selector: string) => document.head.querySelector(selector)?.getAttribute('content');

describe('on the server (a collector in the provider)', () => {
  it('keeps the head of the deepest page and renders nothing into the document', () => {
    const collector = createHeadCollector();
    const html = renderToString(
      <HeadProvider siteUrl="https://labande.fr" collector={collector}>
        <Page head={{ title: 'Mise en page', description: 'Extérieur' }}>
          <Page head={{ title: 'Spectacles', description: 'La page elle-même' }}>
            <p>Contenu</p>
          </Page>
        </Page>
      </HeadProvider>,
    );
    expect(html).toBe('<p>Contenu</p>');
    expect(collector.head).toEqual({ title: 'Spectacles', description: 'La page elle-même' });
    expect(document.head.innerHTML).toBe('');
  });

  it('collects image preloads once per address', () => {
    const collector = createHeadCollector();
    renderToString(
      <HeadProvider siteUrl="https://labande.fr" collector={collector}>
        <Preload href="/uploads/a.jpg" />
        <Preload href="/uploads/b.jpg" />
        <Preload href="/uploads/a.jpg" />
      </HeadProvider>,
    );
    expect(collector.preloads).toEqual([
      { href: '/uploads/a.jpg', imageSizes: '100vw' },
      { href: '/uploads/b.jpg', imageSizes: '100vw' },
    ]);
    expect(collector.head).toBeUndefined();
  });

  it('needs no collector in the browser: preloads are a server matter', () => {
    render(
      <HeadProvider siteUrl="https://labande.fr">
        <Preload href="/uploads/a.jpg" />
      </HeadProvider>,
    );
    expect(document.head.querySelector('link[rel="preload"]')).toBeNull();
  });
});

describe('in the browser', () => {
  it('works without a provider: sets the title and the tags, with the page origin as site url', () => {
    render(<Page head={{ title: 'Spectacles', description: 'Le répertoire de la Bande.', image: { url: '/uploads/a.jpg', alt: 'Affiche' } }} />);
    expect(document.title).toBe('Spectacles — La Bande à Lire');
    expect(metaContent('meta[name="description"]')).toBe('Le répertoire de la Bande.');
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(`${window.location.origin}${window.location.pathname}`);
    expect(metaContent('meta[property="og:image"]')).toBe(`${window.location.origin}/uploads/a.jpg`);
  });

  it("replaces the server's tags instead of adding a second set, and leaves other tags alone", () => {
    document.head.innerHTML = `<meta charset="utf-8"><meta name="viewport" content="width=device-width">${renderHeadTags(
      { title: 'Accueil', full: true, description: 'Ancienne description', jsonLd: [{ '@type': 'TheaterGroup' }] },
      { siteUrl: 'https://labande.fr', pathname: '/', preloads: [{ href: '/uploads/hero.jpg' }] },
    )}`;
    render(
      <HeadProvider siteUrl="https://labande.fr">
        <Page head={{ title: 'La Bande', description: 'La troupe au complet.', path: '/team' }} />
      </HeadProvider>,
    );
    expect(document.title).toBe('La Bande — La Bande à Lire');
    expect(document.head.querySelectorAll('title')).toHaveLength(1);
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(metaContent('meta[name="description"]')).toBe('La troupe au complet.');
    expect(document.head.querySelectorAll('link[rel="canonical"]')).toHaveLength(1);
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe('https://labande.fr/team');
    expect(document.head.querySelector('script[type="application/ld+json"]')).toBeNull();
    expect(document.head.querySelector('meta[name="viewport"]')).not.toBeNull();
    expect(document.head.querySelector('meta[charset]')).not.toBeNull();
    expect(document.head.querySelector('link[rel="preload"]')).not.toBeNull();
  });

  it('keeps the server tags untouched when the page asks for the same head (hydration)', () => {
    const head: PageHead = { title: 'Spectacles', description: 'Le répertoire.', path: '/shows', jsonLd: [{ '@type': 'ItemList' }] };
    document.head.innerHTML = renderHeadTags(head, { siteUrl: 'https://labande.fr', pathname: '/shows', preloads: [] });
    const before = managed();
    render(
      <HeadProvider siteUrl="https://labande.fr">
        <Page head={head} />
      </HeadProvider>,
    );
    const after = managed();
    expect(after).toHaveLength(before.length);
    after.forEach((node, index) => expect(node).toBe(before[index]));
  });

  it('takes over a static title and description left by the html shell', () => {
    document.head.innerHTML = '<title>La Bande à Lire — lectures théâtrales</title><meta name="description" content="Statique">';
    render(<Page head={{ title: 'Origines', description: "L'histoire de la troupe." }} />);
    expect(document.head.querySelectorAll('title')).toHaveLength(1);
    expect(document.title).toBe('Origines — La Bande à Lire');
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
  });

  it('updates the head on navigation, without duplicating it', async () => {
    const user = userEvent.setup();
    render(
      <HeadProvider siteUrl="https://labande.fr">
        <MemoryRouter initialEntries={['/']}>
          <Routes>
            <Route
              path="/"
              element={
                <Page head={{ title: 'Accueil complet', full: true, description: 'Accueil', path: '/', jsonLd: [{ '@type': 'TheaterGroup' }] }}>
                  <Link to="/show/fables">Fables</Link>
                </Page>
              }
            />
            <Route
              path="/show/fables"
              element={
                <Page
                  head={{
                    title: 'Fables',
                    description: 'Les fables en voix.',
                    path: '/show/fables',
                    type: 'article',
                    noindex: true,
                    jsonLd: [{ '@type': 'TheaterEvent', n: 1 }, { '@type': 'TheaterEvent', n: 2 }],
                  }}
                >
                  <h1>Fables</h1>
                </Page>
              }
            />
          </Routes>
        </MemoryRouter>
      </HeadProvider>,
    );
    expect(document.title).toBe('Accueil complet');
    expect(document.head.querySelectorAll('script[type="application/ld+json"]')).toHaveLength(1);

    await user.click(screen.getByRole('link', { name: 'Fables' }));
    expect(await screen.findByRole('heading', { name: 'Fables' })).toBeInTheDocument();
    expect(document.title).toBe('Fables — La Bande à Lire');
    expect(document.head.querySelectorAll('title')).toHaveLength(1);
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe('https://labande.fr/show/fables');
    expect(metaContent('meta[property="og:type"]')).toBe('article');
    expect(metaContent('meta[name="robots"]')).toBe('noindex');
    const scripts = Array.from(document.head.querySelectorAll('script[type="application/ld+json"]'));
    expect(scripts.map((script) => JSON.parse(script.textContent ?? ''))).toEqual([
      { '@type': 'TheaterEvent', n: 1 },
      { '@type': 'TheaterEvent', n: 2 },
    ]);
  });
});
