import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { PublicationStatus } from './publication-status.tsx';

describe('the status cell', () => {
  it('says when a draft will be published, in Paris time', () => {
    render(<PublicationStatus item={{ published: false, publishAt: '2026-03-03T19:30:00.000Z', unpublishAt: null }} />);
    expect(screen.getByText('Brouillon')).toBeInTheDocument();
    expect(screen.getByText('Programmé le mardi 3 mars 2026 - 20h30')).toBeInTheDocument();
    expect(screen.queryByText(/Retrait programmé/)).not.toBeInTheDocument();
  });

  it('says when a published item will be withdrawn', () => {
    render(<PublicationStatus item={{ published: true, publishAt: null, unpublishAt: '2026-07-14T21:45:00.000Z' }} />);
    expect(screen.getByText('Publié')).toBeInTheDocument();
    expect(screen.getByText('Retrait programmé le mardi 14 juillet 2026 - 23h45')).toBeInTheDocument();
  });

  it('shows the status alone when nothing is planned', () => {
    const { container } = render(<PublicationStatus item={{ published: true, publishAt: null, unpublishAt: null }} />);
    expect(container).toHaveTextContent(/^Publié$/);
  });
});
