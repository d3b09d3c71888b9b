import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { jsonResponse, renderWithProviders } from '../../test/render.tsx';
import type { Partner } from '@bande/shared/schemas/partners';
import PartenairesPage from './partenaires-page.tsx';

const partner = (id: number, overrides: Partial<Partner> = {}): Partner => ({
  id,
  title: `Partenaire ${id}`,
  description: `Description ${id}`,
  logo: null,
  link: null,
  published: true,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  ...overrides,
});

const PARTNERS = [
  partner(1, { title: 'Médiathèque Jules-Verne', logo: '/uploads/logo-mediatheque.png', link: 'https://mediatheque.example.org' }),
  partner(2, { title: 'Librairie Le Passage', description: 'Une librairie indépendante qui accueille nos Pépites.' }),
];

let fetchMock: ReturnType<typeof vi.fn>;

const renderPage = () => renderWithProviders(<PartenairesPage />);

beforeEach(() => {
  fetchMock = vi.fn(async () => jsonResponse({ data: PARTNERS }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('partners page', { timeout: 20_000 }, () => {
  it('shows a card per published partner with its logo, title and description', async () => {
    renderPage();
    const cards = await screen.findAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const first = cards[0]!;
    expect(within(first).getByRole('heading', { level: 2, name: 'Médiathèque Jules-Verne' })).toBeInTheDocument();
    const logo = within(first).getByRole('img', { name: 'Médiathèque Jules-Verne, logo' });
    expect(logo).toHaveAttribute('src', '/uploads/logo-mediatheque.png');
    expect(logo).toHaveAttribute('width');
    expect(logo).toHaveAttribute('height');
    expect(within(cards[1]!).getByText('Une librairie indépendante qui accueille nos Pépites.')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/partners?published=true', expect.anything());
    expect(document.title).toBe('Partenaires — La Bande à Lire');
  });

  it("links to the partner's site in a new tab, named after the partner", async () => {
    renderPage();
    const link = await screen.findByRole('link', { name: /Visiter le site de Médiathèque Jules-Verne/ });
    expect(link).toHaveAttribute('href', 'https://mediatheque.example.org');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).toHaveTextContent(/^Visiter le site/);
    // No link, no button.
    expect(screen.getAllByRole('link', { name: /Visiter le site/ })).toHaveLength(1);
  });

  it('says so when no partner is published', async () => {
    fetchMock.mockResolvedValue(jsonResponse({ data: [] }));
    renderPage();
    expect(await screen.findByText('Nos partenaires seront bientôt présentés ici.')).toBeInTheDocument();
  });

  it('shows the load error in the spec form', async () => {
    fetchMock.mockResolvedValue(jsonResponse({}, 500));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Erreur : API GET 500 on /api/partners?published=true');
  });
});
