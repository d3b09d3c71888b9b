import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { jsonResponse, renderWithProviders } from '../../test/render.tsx';
import type { OriginCategory, OriginEvent } from '@bande/shared/schemas/origins';
import OriginesPage from './origines-page.tsx';

const event = (id: number, date: string, title: string, categoryId = 1): OriginEvent => ({
  id,
  date,
  title,
  description: `Récit de « ${title} ».`,
  published: true,
  categoryId,
});

const CATEGORIES: OriginCategory[] = [
  {
    id: 2,
    title: 'Les premières scènes',
    description: 'Quand la Bande est montée sur les planches.',
    position: 2,
    published: true,
    events: [event(4, '2016-03-01', 'Première au théâtre municipal', 2)],
  },
  {
    id: 1,
    title: 'La naissance',
    description: null,
    position: 1,
    published: true,
    events: [event(1, '2014', 'Une lecture entre amis'), event(2, '2014-06', 'Les statuts déposés'), event(3, '2015-09-12', 'Le premier public')],
  },
];

let fetchMock: ReturnType<typeof vi.fn>;

const renderPage = () => renderWithProviders(<OriginesPage />);

beforeEach(() => {
  fetchMock = vi.fn(async () => jsonResponse({ data: CATEGORIES }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('origins page', { timeout: 20_000 }, () => {
  it('shows the categories in their order, each with its timeline', async () => {
    renderPage();
    const headings = await screen.findAllByRole('heading', { level: 2 });
    expect(headings.map((heading) => heading.textContent)).toEqual(['La naissance', 'Les premières scènes']);
    const birth = screen.getByRole('region', { name: 'La naissance' });
    expect(within(birth).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Une lecture entre amis',
      'Les statuts déposés',
      'Le premier public',
    ]);
    expect(within(birth).getByText('Récit de « Le premier public ».')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Chapitres' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/origins/categories', expect.anything());
    expect(document.title).toBe('Origines — La Bande à Lire');
  });

  it('writes dates as a year, a month and year, or a day month and year in French', async () => {
    renderPage();
    await screen.findByText('Une lecture entre amis');
    const times = Array.from(document.querySelectorAll('time')).map((time) => [time.getAttribute('datetime'), time.textContent]);
    expect(times).toEqual([
      ['2014', '2014'],
      ['2014-06', 'juin 2014'],
      ['2015-09-12', '12 septembre 2015'],
      ['2016-03-01', '1er mars 2016'],
    ]);
  });

  it('says so when there is no published category', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ data: [] }));
    renderPage();
    expect(await screen.findByText("Notre histoire s'écrit encore.")).toBeInTheDocument();
  });

  it('shows the load error in the spec form', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ error: 'Erreur interne du serveur' }, 503));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Erreur : API GET 503 on /api/origins/categories');
  });
});
