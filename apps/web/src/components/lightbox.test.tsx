import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Lightbox } from './lightbox.tsx';

function setup(count = 3, index = 1) {
  const root = document.createElement('div');
  root.id = 'root';
  document.body.append(root);
  const onIndexChange = vi.fn();
  const onClose = vi.fn();
  const view = render(
    <Lightbox count={count} index={index} onIndexChange={onIndexChange} onClose={onClose} title="Les saluts" description="Un soir de salle comble.">
      <img src="/uploads/saluts.jpg" alt="La troupe salue" width={1600} height={1200} />
    </Lightbox>,
  );
  return { root, onIndexChange, onClose, ...view };
}

describe('Lightbox', { timeout: 20_000 }, () => {
  it('is a modal dialog that locks the page behind it until it closes', () => {
    const { root, unmount } = setup();
    expect(screen.getByRole('dialog', { name: 'Les saluts' })).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByText('Un soir de salle comble.')).toBeInTheDocument();
    expect(document.body.style.overflow).toBe('hidden');
    expect(root).toHaveAttribute('inert');
    unmount();
    expect(document.body.style.overflow).toBe('');
    expect(root).not.toHaveAttribute('inert');
    root.remove();
  });

  it('keeps the keyboard inside: Tab cycles through its controls', async () => {
    const user = userEvent.setup();
    const { root } = setup();
    expect(screen.getByRole('button', { name: 'Fermer' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Média précédent' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Média suivant' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Fermer' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Média suivant' })).toHaveFocus();
    root.remove();
  });

  it('goes round with the arrow keys and buttons, and closes with Escape', async () => {
    const user = userEvent.setup();
    const { root, onIndexChange, onClose } = setup(3, 2);
    await user.keyboard('{ArrowRight}');
    expect(onIndexChange).toHaveBeenLastCalledWith(0);
    await user.keyboard('{ArrowLeft}');
    expect(onIndexChange).toHaveBeenLastCalledWith(1);
    await user.click(screen.getByRole('button', { name: 'Média précédent' }));
    expect(onIndexChange).toHaveBeenLastCalledWith(1);
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    root.remove();
  });

  it('has no arrows for a single item', () => {
    const { root } = setup(1, 0);
    expect(screen.queryByRole('button', { name: 'Média suivant' })).not.toBeInTheDocument();
    expect(screen.getByText('1 / 1')).toBeInTheDocument();
    root.remove();
  });
});
