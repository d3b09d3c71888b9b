import { useEffectEvent, useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import styles from './modal.module.css';
import { IconButton } from './button.tsx';
import { CloseIcon } from './icons.tsx';
import { adminTexts } from '../admin-texts.ts';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])';

/** Open dialogs, innermost last: Escape and the focus trap belong to the innermost one only. */
const stack: symbol[] = [];
let savedOverflow = '';
let savedPaddingRight = '';

function lockScroll() {
  if (stack.length === 1) {
    const body = document.body;
    const scrollbar = window.innerWidth - document.documentElement.clientWidth;
    savedOverflow = body.style.overflow;
    savedPaddingRight = body.style.paddingRight;
    body.style.overflow = 'hidden';
    // Keep the page from shifting sideways when its scrollbar disappears.
    if (scrollbar > 0) body.style.paddingRight = `${scrollbar}px`;
  }
}

function unlockScroll() {
  if (stack.length === 0) {
    document.body.style.overflow = savedOverflow;
    document.body.style.paddingRight = savedPaddingRight;
  }
}

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

/** The generic admin modal (spec section 2): closes on Escape, locks page scroll, keeps focus inside. */
export function AdminModal({ title, onClose, children, size = 'md', role = 'dialog', busy = false }: Props) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  // Escape reads the current props, from the listener registered once per opening.
  const closeUnlessBusy = useEffectEvent(() => {
    if (!busy) onClose();
  });

  // A layout effect: the page is locked and the focus moved in the same commit as the dialog appears,
  // and given back in the one where it goes.
  useLayoutEffect(() => {
    const me = Symbol('modal');
    stack.push(me);
    lockScroll();
    const previouslyFocused = document.activeElement as HTMLElement | null;
    const dialog = dialogRef.current!;
    const initial =
      dialog.querySelector<HTMLElement>('[data-autofocus]') ??
      dialog.querySelector<HTMLElement>('[data-modal-body] :is(input, select, textarea):not([disabled])') ??
      dialog;
    initial.focus();

    const isTop = () => stack[stack.length - 1] === me;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isTop()) return;
      if (event.key === 'Escape') {
        // A field that used Escape for itself (an open suggestion list) has already handled it.
        if (event.defaultPrevented) return;
        closeUnlessBusy();
        return;
      }
      if (event.key !== 'Tab') return;
      const focusables = Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
        (element) => element.tabIndex >= 0 && !element.closest('[hidden], [aria-hidden="true"]'),
      );
      if (focusables.length === 0) {
        event.preventDefault();
        dialog.focus();
        return;
      }
      const first = focusables[0]!;
      const last = focusables[focusables.length - 1]!;
      if (event.shiftKey && (document.activeElement === first || document.activeElement === dialog)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    // Focus that escapes (a click on the page behind, a screen-reader jump) is brought back.
    const onFocusIn = (event: FocusEvent) => {
      if (isTop() && event.target instanceof Node && !dialog.contains(event.target)) dialog.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
      stack.splice(stack.indexOf(me), 1);
      unlockScroll();
      if (previouslyFocused && document.contains(previouslyFocused)) previouslyFocused.focus();
    };
  }, []);

  // A click that starts and ends on the backdrop closes; a text selection dragged out of a field does not.
  const pressedOnBackdrop = useRef(false);

  return (
    <div
      className={styles.overlay}
      onMouseDown={(event) => {
        pressedOnBackdrop.current = event.target === event.currentTarget;
      }}
      onMouseUp={(event) => {
        if (pressedOnBackdrop.current && event.target === event.currentTarget && !busy) onClose();
        pressedOnBackdrop.current = false;
      }}
    >
      <div
        ref={dialogRef}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={[styles.dialog, size === 'sm' ? styles.sm : size === 'lg' ? styles.lg : ''].join(' ')}
      >
        <div className={styles.head}>
          <h2 id={titleId}>{title}</h2>
          <IconButton label={adminTexts.actions.close} onClick={onClose} disabled={busy}>
            <CloseIcon />
          </IconButton>
        </div>
        <div className={styles.content}>{children}</div>
      </div>
    </div>
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
