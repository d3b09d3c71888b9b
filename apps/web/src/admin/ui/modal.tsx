import { useId, type ReactNode } from 'react';
import { NativeDialog } from '../../components/native-dialog.tsx';
import styles from './modal.module.css';
import { IconButton } from './button.tsx';
import { CloseIcon } from './icons.tsx';
import { adminTexts } from '../admin-texts.ts';

interface Props {
  title: string;
  onClose: () => void;
  children: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** alertdialog for confirmations. */
  role?: 'dialog' | 'alertdialog';
  /** While a save or an upload runs, Escape and the backdrop do not close the dialog. */
  busy?: boolean;
}

/**
 * The generic admin modal (spec section 2): the site's native dialog (components/native-dialog.tsx) in
 * the admin's look. Escape, the backdrop and the close button close it unless busy; the focus goes to
 * the element marked data-autofocus, else the first field of the body.
 */
export function AdminModal({ title, onClose, children, size = 'md', role = 'dialog', busy = false }: Props) {
  const titleId = useId();
  const closeUnlessBusy = () => {
    if (!busy) onClose();
  };

  return (
    <NativeDialog
      onClose={closeUnlessBusy}
      closeOnBackdrop
      initialFocus={(dialog) =>
        dialog.querySelector<HTMLElement>('[data-autofocus]') ??
        dialog.querySelector<HTMLElement>('[data-modal-body] :is(input, select, textarea):not([disabled])') ??
        dialog
      }
      role={role}
      aria-labelledby={titleId}
      className={styles.overlay}
    >
      <div className={[styles.dialog, size === 'sm' ? styles.sm : size === 'lg' ? styles.lg : ''].join(' ')}>
        <div className={styles.head}>
          <h2 id={titleId}>{title}</h2>
          <IconButton label={adminTexts.actions.close} onClick={onClose} disabled={busy}>
            <CloseIcon />
          </IconButton>
        </div>
        <div className={styles.content}>{children}</div>
      </div>
    </NativeDialog>
  );
}

export function ModalBody({ children }: { children: ReactNode }) {
  return (
    <div className={styles.body} data-modal-body>
      {children}
    </div>
  );
}

export function ModalFooter({ children, start }: { children: ReactNode; start?: ReactNode }) {
  return (
    <div className={styles.footer}>
      {start ? <div className={styles.footerStart}>{start}</div> : null}
      {children}
    </div>
  );
}

export const modalStyles = styles;
