import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NativeDialog } from './native-dialog.tsx';

function Harness({ onClose = () => {}, portal = false }: { onClose?: () => void; portal?: boolean }) {
  const [open, setOpen] = useState(true);
  const close = () => {
    onClose();
    setOpen(false);
  };
  return open ? (
    <NativeDialog onClose={close} closeOnBackdrop portal={portal} aria-label="Fenêtre">
      <div data-testid="panel">
        <input
          aria-label="Recherche"
          onKeyDown={(event) => {
            // Like a suggestion list: Escape closes the list, not the dialog.
            if (event.key === 'Escape') event.preventDefault();
          }}
        />
        <button type="button">Valider</button>
      </div>
    </NativeDialog>
  ) : null;
}

describe('NativeDialog', () => {
  it('opens a native <dialog> with showModal and focuses its first control', () => {
    render(<Harness />);
    const dialog = screen.getByRole('dialog', { name: 'Fenêtre' });
    expect(dialog.tagName).toBe('DIALOG');
    expect(dialog).toHaveAttribute('open');
    expect(screen.getByLabelText('Recherche')).toHaveFocus();
  });

  it('closes on a press and release on the backdrop, not on the content nor on a drag out of it', () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    const dialog = screen.getByRole('dialog');
    const panel = screen.getByTestId('panel');

    fireEvent.mouseDown(panel);
    fireEvent.mouseUp(dialog);
    fireEvent.mouseDown(panel);
    fireEvent.mouseUp(panel);
    expect(onClose).not.toHaveBeenCalled();

    fireEvent.mouseDown(dialog);
    fireEvent.mouseUp(dialog);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('leaves Escape to a field that used it, and closes on the next one', async () => {
    const user = userEvent.setup({ delay: null });
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Valider' }));
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("follows the browser's own close requests: a 'cancel' (Android back) and a 'close'", () => {
    const onClose = vi.fn();
    const { unmount } = render(<NativeDialog onClose={onClose} aria-label="Fenêtre">contenu</NativeDialog>);
    const dialog = screen.getByRole('dialog') as HTMLDialogElement;
    const cancel = new Event('cancel', { cancelable: true });
    dialog.dispatchEvent(cancel);
    expect(cancel.defaultPrevented).toBe(true); // the parent's state decides, not the browser
    expect(onClose).toHaveBeenCalledTimes(1);
    dialog.close();
    expect(onClose).toHaveBeenCalledTimes(2);
    unmount();
    expect(onClose).toHaveBeenCalledTimes(2); // its own closing on unmount is not a request
  });

  it('marks #root inert while a dialog rendered outside it is open, until the last one closes', () => {
    const root = document.createElement('div');
    root.id = 'root';
    document.body.append(root);
    const first = render(<Harness portal />);
    const second = render(<NativeDialog onClose={() => {}} portal aria-label="Question">?</NativeDialog>);
    expect(root).toHaveAttribute('inert');
    expect(document.body.style.overflow).toBe('hidden');
    second.unmount();
    expect(root).toHaveAttribute('inert');
    first.unmount();
    expect(root).not.toHaveAttribute('inert');
    expect(document.body.style.overflow).toBe('');
    root.remove();
  });
});
