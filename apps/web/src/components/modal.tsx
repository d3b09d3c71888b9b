import { useId, useRef, type ReactNode, type RefObject } from 'react';
import { NativeDialog, focusablesIn } from './native-dialog.tsx';
import styles from './modal.module.css';

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  /** Dialog title (labels the dialog). */
  title: ReactNode;
  /** Optional short text under the title (describes the dialog). */
  description?: ReactNode;
  children?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** Element to focus when the dialog opens; default: the first focusable element of the body. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Label of the close button (default 'Fermer'). */
  closeLabel?: string;
}

/**
 * The public site's dialog (the native one of native-dialog.tsx in the site's look): labelled by its
 * title, focus on the first field of its body, Escape, the 'Fermer' button and a click beside it close
 * it. Rendered only while open (so never on the server).
 */
export function Modal({ open, onClose, title, description, children, size = 'md', initialFocusRef, closeLabel = 'Fermer' }: ModalProps) {
  if (!open) return null;
  return (
    <ModalDialog onClose={onClose} title={title} description={description} size={size} initialFocusRef={initialFocusRef} closeLabel={closeLabel}>
      {children}
    </ModalDialog>
  );
}

function ModalDialog({ onClose, title, description, children, size, initialFocusRef, closeLabel }: Omit<ModalProps, 'open'>) {
  const titleId = useId();
  const descriptionId = useId();
  const bodyRef = useRef<HTMLDivElement>(null);

  return (
    <NativeDialog
      portal
      closeOnBackdrop
      onClose={onClose}
      initialFocus={() => initialFocusRef?.current ?? (bodyRef.current ? focusablesIn(bodyRef.current)[0] : undefined)}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      className={styles.backdrop}
    >
      <div className={`${styles.dialog} ${styles[size ?? 'md']}`}>
        <div className={styles.header}>
          <div className={styles.heading}>
            <h2 id={titleId} className={styles.title}>
              {title}
            </h2>
            {description ? (
              <p id={descriptionId} className={styles.description}>
                {description}
              </p>
            ) : null}
          </div>
          <button type="button" className={styles.close} onClick={onClose}>
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
            <span className={styles.closeLabel}>{closeLabel}</span>
          </button>
        </div>
        <div ref={bodyRef} className={styles.body}>
          {children}
        </div>
      </div>
    </NativeDialog>
  );
}
