import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { Route } from 'react-router';
import { jsonResponse, renderWithProviders } from '../../test/render.tsx';
import ShowDetailPage from './show-detail-page.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('show detail page', () => {
  it('goes to /not-found when the show cannot be loaded', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ error: 'Ressource introuvable' }, 404)));
    renderWithProviders(<ShowDetailPage />, {
      route: '/show/inconnu',
      path: '/show/:slug',
      routes: <Route path="/not-found" element={<h1>Introuvable</h1>} />,
    });
    expect(await screen.findByRole('heading', { name: 'Introuvable' })).toBeInTheDocument();
  });
});
