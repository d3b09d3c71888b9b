import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { showPreviewTexts } from '@bande/shared/schemas/show-preview';
import { jsonResponse, renderWithProviders } from '../../test/render.tsx';
import ShowPreviewPage from './show-preview-page.tsx';
import { draftShow } from '../../test/show-fixtures.ts';

afterEach(() => vi.unstubAllGlobals());

const TOKEN = `12.1773000000.${'a'.repeat(43)}`;

const draft = draftShow({ name: 'Les Misérables en brouillon', pitch: 'Jean Valjean, un pain volé et toute une vie pour le rendre.', note: 'Une note encore en chantier.' });

describe('draft preview page', () => {
  it('shows the draft under the banner « Aperçu — non publié », read from the preview route of its token', async () => {
    const fetch = vi.fn(async () => jsonResponse({ data: draft, images: {} }));
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<ShowPreviewPage />, { route: `/apercu/${TOKEN}`, path: '/apercu/:token' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Les Misérables en brouillon' })).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(/^Aperçu — non publié$/);
    expect(showPreviewTexts.banner).toBe('Aperçu — non publié');
    expect(screen.getByText('Une note encore en chantier.')).toBeInTheDocument();
    expect(fetch).toHaveBeenCalledWith(`/api/shows/preview/${TOKEN}`, expect.anything());
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('shows the site’s not-found page in place, without the banner, when the link is refused', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ error: 'Lien d’aperçu invalide ou expiré' }, 404)));
    renderWithProviders(<ShowPreviewPage />, { route: `/apercu/${TOKEN}`, path: '/apercu/:token' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Cette scène est vide' })).toBeInTheDocument();
    expect(screen.queryByText(showPreviewTexts.banner)).not.toBeInTheDocument();
  });
});
