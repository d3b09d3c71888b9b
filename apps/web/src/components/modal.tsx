import { useEffectEvent, useId, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
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

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

// Several dialogs may be open at once (a question over a form): the page stays locked until the last closes.
let openCount = 0;
let savedOverflow = '';
let savedPaddingRight = '';

function lockPage() {
  if (openCount++ > 0) return;
  const body = document.body;
  const scrollbar = window.innerWidth - document.documentElement.clientWidth;
  savedOverflow = body.style.overflow;
  savedPaddingRight = body.style.paddingRight;
  body.style.overflow = 'hidden';
  if (scrollbar > 0) body.style.paddingRight = `${scrollbar}px`;
  // The page behind is unreachable for screen readers and the keyboard while a dialog is open.
  document.getElementById('root')?.setAttribute('inert', '');
}

function unlockPage() {
  if (--openCount > 0) return;
  openCount = 0;
  document.body.style.overflow = savedOverflow;
  document.body.style.paddingRight = savedPaddingRight;
  document.getElementById('root')?.removeAttribute('inert');
}

function focusables(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => !element.closest('[inert]') && element.getAttribute('aria-hidden') !== 'true',
  );
}

/**
 * Accessible dialog: role=dialog + aria-modal, labelled by its title, focus kept inside (Tab and
 * Shift+Tab cycle), Escape and the 'Fermer' button close it, focus returns to what opened it, and the
 * page behind neither scrolls nor takes focus. Rendered only while open (so never on the server).
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
  const dialogRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const close = useEffectEvent(() => onClose());

  // A layout effect: the page is locked and the focus moved in the same commit as the dialog appears,
  // and given back in the one where it goes.
  useLayoutEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    lockPage();
    const dialog = dialogRef.current!;
    const target = initialFocusRef?.current ?? (bodyRef.current ? focusables(bodyRef.current)[0] : undefined) ?? dialog;
    target.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      // Only the top-most dialog answers the keyboard.
      const dialogs = document.querySelectorAll('[data-modal-dialog]');
      if (dialogs[dialogs.length - 1] !== dialog) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        close();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusables(dialog);
      if (items.length === 0) {
        event.preventDefault();
        dialog.focus();
        return;
      }
      const first = items[0]!;
      const last = items[items.length - 1]!;
      const active = document.activeElement;
      if (event.shiftKey && (active === first || !dialog.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      unlockPage();
      if (opener && opener.isConnected) opener.focus();
    };
    // The dialog sets itself up once per opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return createPortal(
    <div
      className={styles.backdrop}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={dialogRef}
        className={`${styles.dialog} ${styles[size ?? 'md']}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        data-modal-dialog=""
      >
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
    </div>,
    document.body,
  );
}
