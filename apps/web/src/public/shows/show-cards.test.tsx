import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { ShowSummary } from '@bande/shared/schemas/shows';
import { CATALOGUE_PHOTO_SIZES, FEATURED_ALONE_PHOTO_SIZES, FeaturedShowCard, ShowCard } from './show-cards.tsx';

const longPitch =
  "Dans la chaleur d'un été parisien, Alain doit choisir entre Camille, sa jeune épouse, et Saha, la chatte qui partage sa vie depuis l'enfance. Colette signe un huis clos cruel et sensuel.";

const show = (pitch: string): ShowSummary => ({
  id: 1,
  slug: 'la-chatte',
  name: 'La Chatte',
  type: 'Grand format',
  pitch,
  year: '2025',
  photo: '/uploads/la-chatte.jpg',
  isFeatured: true,
  published: true,
  performances: [],
});

const inRouter = (element: React.ReactElement) => render(<MemoryRouter>{element}</MemoryRouter>);

describe('show cards', () => {
  it('cut a long pitch at the last space before 150 characters, with an ellipsis', () => {
    inRouter(
      <ul>
        <FeaturedShowCard show={show(longPitch)} now={new Date('2026-01-01T00:00:00Z')} />
      </ul>,
    );
    const expected = `${longPitch.slice(0, longPitch.lastIndexOf(' ', 150))}...`;
    expect(expected.length).toBeLessThanOrEqual(153);
    expect(screen.getByText(expected)).toBeInTheDocument();
    expect(screen.queryByText(longPitch)).not.toBeInTheDocument();
  });

  it('show a short pitch whole, with the type, the name linking to the show, and its photo', () => {
    inRouter(
      <ul>
        <FeaturedShowCard show={show('Un huis clos cruel et sensuel.')} now={new Date('2026-01-01T00:00:00Z')} />
      </ul>,
    );
    expect(screen.getByText('Un huis clos cruel et sensuel.')).toBeInTheDocument();
    expect(screen.getByText('Grand format')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'La Chatte' })).toHaveAttribute('href', '/show/la-chatte');
    const img = document.querySelector('img')!;
    expect(img).toHaveAttribute('src', '/uploads/la-chatte.jpg');
    expect(img).toHaveAttribute('width');
    expect(img).toHaveAttribute('height');
  });

  it('give the photo the variants of the response, sized as the grid lays it out', () => {
    const images = { '/uploads/la-chatte.jpg': { width: 1600, height: 1067, variants: [{ url: '/uploads/la-chatte.w480.webp', width: 480, type: 'image/webp' as const }] } };
    inRouter(
      <ul>
        <ShowCard show={show(longPitch)} images={images} priority />
        <FeaturedShowCard show={{ ...show(longPitch), id: 2 }} now={new Date('2026-01-01T00:00:00Z')} images={images} alone />
      </ul>,
    );
    const [catalogue, featured] = [...document.querySelectorAll('source')];
    expect(catalogue).toHaveAttribute('srcset', '/uploads/la-chatte.w480.webp 480w');
    expect(catalogue).toHaveAttribute('sizes', CATALOGUE_PHOTO_SIZES);
    expect(featured).toHaveAttribute('sizes', FEATURED_ALONE_PHOTO_SIZES);
    const [first, second] = [...document.querySelectorAll('img')];
    expect(first).toHaveAttribute('fetchpriority', 'high');
    expect(first).toHaveAttribute('width', '1600');
    expect(second).toHaveAttribute('loading', 'lazy');
  });

  it('catalogue card links to /show/{slug} and truncates too', () => {
    inRouter(
      <ul>
        <ShowCard show={show(longPitch)} />
      </ul>,
    );
    expect(screen.getByRole('link', { name: 'La Chatte' })).toHaveAttribute('href', '/show/la-chatte');
    expect(screen.getByText(/\.\.\.$/)).toBeInTheDocument();
  });
});
