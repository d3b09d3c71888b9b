import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminModal, ModalBody, ModalFooter } from './modal.tsx';

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Ouvrir
      </button>
      {open ? (
        <AdminModal title="Fenêtre" onClose={() => setOpen(false)}>
          <ModalBody>
            <label>
              Nom <input />
            </label>
          </ModalBody>
          <ModalFooter>
            <button type="button">Valider</button>
          </ModalFooter>
        </AdminModal>
      ) : null}
    </>
  );
}

describe('admin modal', () => {
  it('focuses its first field, keeps Tab inside, locks the page scroll, closes on Escape and gives focus back', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Ouvrir' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Fenêtre' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByLabelText('Nom')).toHaveFocus();
    expect(document.body.style.overflow).toBe('hidden');

    await user.tab();
    expect(screen.getByRole('button', { name: 'Valider' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Fermer' })).toHaveFocus(); // wrapped to the first control
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Valider' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.body.style.overflow).toBe('');
    expect(opener).toHaveFocus();
  });

  it('stays open while busy: Escape, the backdrop and its close button do nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const onClose = vi.fn();
    render(
      <AdminModal title="Enregistrement" onClose={onClose} busy>
        <ModalBody>
          <p>En cours</p>
        </ModalBody>
      </AdminModal>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Enregistrement' });
    await user.keyboard('{Escape}');
    fireEvent.mouseDown(dialog);
    fireEvent.mouseUp(dialog);
    expect(screen.getByRole('button', { name: 'Fermer' })).toBeDisabled();
    expect(onClose).not.toHaveBeenCalled();
  });
});
