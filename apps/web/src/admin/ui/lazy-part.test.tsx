import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminTexts } from '../admin-texts.ts';
import { lazyPart } from './lazy-part.tsx';

function Loaded({ name }: { name: string }) {
  return <p>Onglet {name}</p>;
}

describe('lazyPart', () => {
  it('shows « Chargement… » while the code comes, then the part', async () => {
    const Part = lazyPart(async () => Loaded);
    render(<Part name="Spectacles" />);
    expect(screen.getByRole('status')).toHaveTextContent('Chargement');
    expect(await screen.findByText('Onglet Spectacles')).toBeInTheDocument();
  });

  it('says in French when the download fails, and « Réessayer » downloads it again', async () => {
    // The connection drops during the first download, and is back for the second.
    const load = vi.fn<() => Promise<typeof Loaded>>().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockResolvedValue(Loaded);
    const Part = lazyPart(load);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<Part name="Réservations" />);
    expect(await screen.findByRole('alert')).toHaveTextContent(adminTexts.lazyPartFailed);

    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: adminTexts.actions.retry }));
    expect(await screen.findByText('Onglet Réservations')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('preload starts the download before the first render, and a failed preload is asked again by the render', async () => {
    const load = vi.fn<() => Promise<typeof Loaded>>().mockRejectedValueOnce(new TypeError('hors ligne')).mockResolvedValue(Loaded);
    const Part = lazyPart(load);
    Part.preload();
    expect(load).toHaveBeenCalledTimes(1);
    await Promise.resolve();
    render(<Part name="Lieux" />);
    expect(await screen.findByText('Onglet Lieux')).toBeInTheDocument();
  });

  // React.lazy suspends on its first render even when the code has come, and React 19 then holds the
  // content back 300 ms after the fallback showed: a preloaded page showed « Chargement… », then waited.
  it('renders at once, with no « Chargement… », when its code was preloaded', async () => {
    const Part = lazyPart(async () => Loaded);
    await Part.preload();
    render(<Part name="Membres" />);
    expect(screen.getByText('Onglet Membres')).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
  });
});
