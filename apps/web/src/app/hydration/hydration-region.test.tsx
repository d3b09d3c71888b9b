import { lazy, type ComponentType } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { frameHydrated, HydrationRegion, resetHydrationRegions } from './hydration-region.tsx';
import { HYDRATED_EVENT } from '../ssr/ssr-state.ts';

let announcements = 0;
const count = () => announcements++;

beforeEach(() => {
  resetHydrationRegions();
  delete document.documentElement.dataset.hydrated;
  announcements = 0;
  window.addEventListener(HYDRATED_EVENT, count);
});
afterEach(() => window.removeEventListener(HYDRATED_EVENT, count));

describe('the page says when it is hydrated', () => {
  it('once the frame and every region are committed, and once only', () => {
    render(
      <>
        <HydrationRegion>
          <header>L’en-tête</header>
        </HydrationRegion>
        <HydrationRegion>
          <main>Le contenu</main>
        </HydrationRegion>
      </>,
    );
    expect(screen.getByRole('main')).toHaveTextContent('Le contenu');
    // The regions are in, the frame not yet.
    expect(document.documentElement.dataset.hydrated).toBeUndefined();
    frameHydrated();
    expect(document.documentElement.dataset.hydrated).toBe('true');
    frameHydrated();
    expect(announcements).toBe(1);
  });

  it('waits for a region whose content is still loading', async () => {
    let arrive!: () => void;
    const Page = lazy(
      () =>
        new Promise<{ default: ComponentType }>((resolve) => {
          arrive = () => resolve({ default: () => <p>La page</p> });
        }),
    );
    render(
      <HydrationRegion fallback={<p role="status">Chargement...</p>}>
        <Page />
      </HydrationRegion>,
    );
    frameHydrated();
    expect(screen.getByRole('status')).toHaveTextContent('Chargement...');
    expect(document.documentElement.dataset.hydrated).toBeUndefined();

    await act(async () => arrive());
    expect(await screen.findByText('La page')).toBeInTheDocument();
    expect(document.documentElement.dataset.hydrated).toBe('true');
    expect(announcements).toBe(1);
  });

  it('announces at once a page without regions (the backoffice)', () => {
    render(<p>Connexion</p>);
    frameHydrated();
    expect(document.documentElement.dataset.hydrated).toBe('true');
  });
});
