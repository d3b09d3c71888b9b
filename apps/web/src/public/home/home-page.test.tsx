import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { texts } from '@bande/shared/texts';
import { jsonResponse, renderWithProviders } from '../../test/render.tsx';
import { DEFAULT_SITE_CONTENT } from '@bande/shared/site-content-defaults';
import HomePage from './home-page.tsx';

const card = (isEnabled: boolean) => ({
  isEnabled,
  sectionTitle: 'Devenez abonné',
  sectionDescription: 'Des tarifs réduits toute la saison.',
  buttonText: 'Demander ma carte',
  modalTitle: 'Demande de carte',
  modalDescription: 'Vos coordonnées',
  modalButtonText: 'Envoyer',
});

function api({ shows = [] as unknown[], cardEnabled = false, showsStatus = 200 }) {
  return vi.fn(async (path: string) => {
    if (path.startsWith('/api/shows')) return showsStatus === 200 ? jsonResponse({ data: shows }) : jsonResponse({ error: 'Erreur interne du serveur' }, showsStatus);
    if (path === '/api/card-config') return jsonResponse({ data: card(cardEnabled) });
    return jsonResponse({ error: 'inconnu' }, 404);
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('home page', () => {
  it('asks for the featured published shows and says so kindly when there is none', async () => {
    const fetchMock = api({});
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<HomePage />);
    expect(await screen.findByText(/Le rideau est baissé/)).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([path]) => path)).toContain('/api/shows?published=true&isFeatured=true');
    expect(screen.getByRole('heading', { level: 2, name: "À l'affiche" })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: new RegExp(`^${texts.agenda.addAll}`) })).toHaveAttribute('href', '/agenda.ics');
    for (const format of ['Grand format', 'Pépite', 'Lecture de poche', 'Brigade de mots']) {
      expect(screen.getByRole('heading', { level: 3, name: format })).toBeInTheDocument();
    }
  });

  it('shows the card call to action only when the card config is enabled', async () => {
    vi.stubGlobal('fetch', api({ cardEnabled: true }));
    const { unmount } = renderWithProviders(<HomePage />);
    expect(await screen.findByRole('heading', { name: 'Devenez abonné' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Demander ma carte' })).toBeInTheDocument();
    unmount();

    vi.stubGlobal('fetch', api({ cardEnabled: false }));
    renderWithProviders(<HomePage />);
    await screen.findByText(/Le rideau est baissé/);
    expect(screen.queryByRole('heading', { name: 'Devenez abonné' })).not.toBeInTheDocument();
  });

  it("reports a load failure as 'Erreur : API GET {status} on {path}'", async () => {
    vi.stubGlobal('fetch', api({ showsStatus: 500 }));
    renderWithProviders(<HomePage />);
    expect(await screen.findByRole('alert')).toHaveTextContent(texts.errors.dataLoad('API GET 500 on /api/shows?published=true&isFeatured=true'));
  });

  it('shows the lead, the formats and « Hors cadre » as staff write them, and names the association in the title and JSON-LD', async () => {
    vi.stubGlobal('fetch', api({}));
    const siteContent = {
      ...DEFAULT_SITE_CONTENT,
      associationName: 'Les Voix du Cher',
      homeLead: 'Nous lisons pour vous !',
      formats: [{ name: 'Lecture express', duration: '10 min', description: 'Vite lu.' }],
      horsCadre: [{ kicker: '', title: 'Un podcast', description: 'En ligne.', facts: [], linkLabel: '' }],
    };
    renderWithProviders(<HomePage />, { siteContent });
    await screen.findByText(/Le rideau est baissé/);
    expect(screen.getByText('Nous lisons pour vous\u00a0!', { normalizer: (text) => text })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Une façon de lever le rideau' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Lecture express' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 3, name: 'Grand format' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Un podcast' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /inscrire à un atelier/ })).not.toBeInTheDocument();
    expect(document.title).toBe('Les Voix du Cher — lectures théâtrales');
    const jsonLd = JSON.parse(document.head.querySelector('script[type="application/ld+json"]')!.textContent!) as Record<string, unknown>;
    expect(jsonLd).toMatchObject({ name: 'Les Voix du Cher', telephone: '+33199001234', email: 'contact@labandealire.fr' });
  });
});
