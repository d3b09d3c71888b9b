import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Modal } from './modal.tsx';

function Harness({ onClose = () => {} }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <div>
      <button type="button" onClick={() => setOpen(true)}>
        Ouvrir
      </button>
      <Modal
        open={open}
        onClose={() => {
          onClose();
          setOpen(false);
        }}
        title="Titre du dialogue"
        description="Une description"
      >
        <input aria-label="Premier champ" />
        <button type="button">Valider</button>
      </Modal>
    </div>
  );
}

describe('Modal', () => {
  it('is a labelled modal dialog that takes the focus and locks the page scroll', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Ouvrir' }));

    const dialog = screen.getByRole('dialog', { name: 'Titre du dialogue' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('Une description');
    expect(screen.getByLabelText('Premier champ')).toHaveFocus();
    expect(document.body.style.overflow).toBe('hidden');
  });

  it('keeps Tab and Shift+Tab inside the dialog', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Ouvrir' }));

    const first = screen.getByRole('button', { name: 'Fermer' });
    const field = screen.getByLabelText('Premier champ');
    const last = screen.getByRole('button', { name: 'Valider' });
    expect(field).toHaveFocus();
    await user.tab();
    expect(last).toHaveFocus();
    await user.tab();
    expect(first).toHaveFocus();
    await user.tab({ shift: true });
    expect(last).toHaveFocus();
    await user.tab();
    await user.tab();
    expect(field).toHaveFocus();
  });

  it('closes on Escape, unlocks the page and gives the focus back to the opener', async () => {
    const user = userEvent.setup({ delay: null });
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    const opener = screen.getByRole('button', { name: 'Ouvrir' });
    await user.click(opener);
    await user.keyboard('{Escape}');

    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.body.style.overflow).toBe('');
    expect(opener).toHaveFocus();
  });

  it("closes with its 'Fermer' button", async () => {
    const user = userEvent.setup({ delay: null });
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Ouvrir' }));
    await user.click(screen.getByRole('button', { name: 'Fermer' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('renders nothing while closed', () => {
    render(<Modal open={false} onClose={() => {}} title="Caché" />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
