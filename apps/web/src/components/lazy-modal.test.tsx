import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazyModal, type DialogProps } from './lazy-modal.tsx';

function FakeDialog({ open, onClose, title }: DialogProps & { title: string }) {
  return open ? (
    <div role="dialog" aria-label={title}>
      <button type="button" onClick={onClose}>
        Fermer
      </button>
    </div>
  ) : null;
}

function Harness({ Dialog }: { Dialog: ReturnType<typeof lazyModal<DialogProps & { title: string }>> }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Ouvrir
      </button>
      <p>{open ? 'ouvert' : 'fermé'}</p>
      <Dialog open={open} onClose={() => setOpen(false)} title="Dialogue" />
    </>
  );
}

describe('lazyModal', () => {
  it('fetches nothing while closed, then the code once, on first opening', async () => {
    const load = vi.fn(async () => FakeDialog);
    const Dialog = lazyModal(load);
    const user = userEvent.setup({ delay: null });
    render(<Harness Dialog={Dialog} />);
    expect(load).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Ouvrir' }));
    expect(await screen.findByRole('dialog', { name: 'Dialogue' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Fermer' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    // From the second opening on, the dialog is there at once.
    await user.click(screen.getByRole('button', { name: 'Ouvrir' }));
    expect(screen.getByRole('dialog', { name: 'Dialogue' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('preload() fetches ahead, once, so that the first opening shows the dialog at once', async () => {
    const load = vi.fn(async () => FakeDialog);
    const Dialog = lazyModal(load);
    Dialog.preload();
    Dialog.preload();
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await Promise.resolve();
    const user = userEvent.setup({ delay: null });
    render(<Harness Dialog={Dialog} />);
    await user.click(screen.getByRole('button', { name: 'Ouvrir' }));
    expect(screen.getByRole('dialog', { name: 'Dialogue' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('asks to be closed when its code cannot be fetched, and tries again on the next opening', async () => {
    const load = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockResolvedValue(FakeDialog);
    const Dialog = lazyModal(load);
    const user = userEvent.setup({ delay: null });
    render(<Harness Dialog={Dialog} />);

    await user.click(screen.getByRole('button', { name: 'Ouvrir' }));
    expect(await screen.findByText('fermé')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Ouvrir' }));
    expect(await screen.findByRole('dialog', { name: 'Dialogue' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
