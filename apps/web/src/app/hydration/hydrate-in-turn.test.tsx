import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { HydrateInTurn, hydrateInTurns, hydrationTurnsDone } from './hydrate-in-turn.tsx';

const page = () => (
  <>
    <HydrateInTurn as="header">L’en-tête</HydrateInTurn>
    <HydrateInTurn as="main" id="contenu">
      Le contenu
    </HydrateInTurn>
    <HydrateInTurn as="footer" className="pied">
      Le pied de page
    </HydrateInTurn>
  </>
);

describe('hydration in turns', () => {
  it('renders every region at once when no hydration is under way (server, pages rendered from scratch)', () => {
    render(page());
    expect(screen.getByRole('main')).toHaveTextContent('Le contenu');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'contenu');
    expect(screen.getByRole('contentinfo')).toHaveClass('pied');
  });

  it('holds each region until its turn, then says when all of them are done', async () => {
    hydrateInTurns();
    render(page());
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('main')).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();

    await hydrationTurnsDone();
    await waitFor(() => expect(screen.getByRole('contentinfo')).toHaveTextContent('Le pied de page'));
    expect(screen.getByRole('main')).toHaveTextContent('Le contenu');
    expect(screen.getByRole('banner')).toHaveTextContent('L’en-tête');
  });

  it('lets regions rendered after the turns (a later page) appear at once', async () => {
    hydrateInTurns();
    await hydrationTurnsDone();
    render(page());
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });
});
