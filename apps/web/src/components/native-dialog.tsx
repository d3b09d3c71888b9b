import { useEffectEvent, useLayoutEffect, useRef, type AriaRole, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styles from './native-dialog.module.css';

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

/** The controls Tab goes through, in order (the ones hidden or made inert are skipped). */
export function focusablesIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => element.tabIndex >= 0 && !element.closest('[inert], [hidden], [aria-hidden="true"]'),
  );
}

// Several dialogs may be open at once (a question over a form): the page stays locked until the last closes.
let openCount = 0;
let savedOverflow = '';
let savedPaddingRight = '';

function lockPage(markRootInert: boolean) {
  if (markRootInert) document.getElementById('root')?.setAttribute('inert', '');
  if (openCount++ > 0) return;
  const body = document.body;
  // The page keeps its width when its scrollbar disappears.
  const scrollbar = window.innerWidth - document.documentElement.clientWidth;
  savedOverflow = body.style.overflow;
  savedPaddingRight = body.style.paddingRight;
  body.style.overflow = 'hidden';
  if (scrollbar > 0) body.style.paddingRight = `${scrollbar}px`;
}

function unlockPage(markedRootInert: boolean) {
  if (--openCount > 0) return;
  openCount = 0;
  document.body.style.overflow = savedOverflow;
  document.body.style.paddingRight = savedPaddingRight;
  if (markedRootInert) document.getElementById('root')?.removeAttribute('inert');
}

export interface NativeDialogProps {
  /** Called by Escape, the browser's own close request (Android back) and, with closeOnBackdrop, a click beside the content. */
  onClose: () => void;
  /** false: Escape is left to the content (the video player answers it itself). */
  closeOnEscape?: boolean;
  /** A press and release both on the backdrop (the dialog's own padding) close it; a text selection dragged out does not. */
  closeOnBackdrop?: boolean;
  /** The element to focus on opening; default: the first control. */
  initialFocus?: (dialog: HTMLDialogElement) => HTMLElement | null | undefined;
  /** Keys not handled by the dialog (Escape, Tab), e.g. the lightbox's arrows. */
  onKeyDown?: (event: KeyboardEvent<HTMLDialogElement>) => void;
  /** Rendered at the end of <body> (the public site: outside #root, which is then marked inert). */
  portal?: boolean;
  /** 'alertdialog' for a question; default 'dialog'. */
  role?: AriaRole;
  'aria-label'?: string;
  'aria-labelledby'?: string;
  'aria-describedby'?: string;
  className?: string;
  children: ReactNode;
}

/**
 * The one modal dialog of the site and the admin, on the native <dialog> opened with showModal(): the
 * browser puts it in the top layer and makes the page behind inert. Around that it adds what the
 * platform leaves out or does differently between browsers: the focus put on the first field (not the
 * close button) and given back to the opener, Tab kept inside the dialog (rather than going to the
 * browser's address bar), Escape closing through the parent's state (and not when a field used it
 * first, or when the parent says no), and the page scroll locked. The <dialog> element is the full-
 * screen overlay and the look's panel is its child, so a click on the dialog itself is a backdrop click.
 * Rendered only while open, so never on the server.
 */
export function NativeDialog({
  onClose,
  closeOnEscape = true,
  closeOnBackdrop = false,
  initialFocus,
  onKeyDown,
  portal = false,
  role = 'dialog',
  className,
  children,
  ...aria
}: NativeDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const requestClose = useEffectEvent(() => onClose());

  // A layout effect: the page is locked and the focus moved in the same commit as the dialog appears,
  // and given back in the one where it goes. It must also see the opener before the content's own
  // effects move the focus (the video player focuses itself).
  useLayoutEffect(() => {
    const dialog = dialogRef.current!;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // The top layer already makes the page inert in browsers; the attribute also says so where there is
    // no top layer (jsdom, older WebViews). Only a dialog outside #root can do that.
    const markRootInert = !document.getElementById('root')?.contains(dialog);
    lockPage(markRootInert);
    if (!dialog.open) dialog.showModal();
    (initialFocus?.(dialog) ?? focusablesIn(dialog)[0] ?? dialog).focus();

    // Escape and Android's back gesture send a 'cancel': the parent decides, through onClose.
    const onCancel = (event: Event) => {
      event.preventDefault();
      requestClose();
    };
    // A browser may still close it by itself (repeated cancels): the parent's state follows.
    const onNativeClose = () => requestClose();
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('close', onNativeClose);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('close', onNativeClose);
      if (dialog.open) dialog.close();
      unlockPage(markRootInert);
      if (opener?.isConnected) opener.focus();
    };
    // The dialog sets itself up once per opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function handleKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key === 'Escape') {
      // A field that used Escape for itself (an open suggestion list) has already handled it.
      if (event.defaultPrevented) return;
      // The keydown is handled here, so the browser sends no 'cancel' of its own; a dialog inside
      // another (in the React tree) keeps it from the outer one.
      if (closeOnEscape) {
        event.preventDefault();
        event.stopPropagation();
        onClose();
      }
      return;
    }
    if (event.key === 'Tab') {
      event.stopPropagation();
      keepTabInside(event);
      return;
    }
    onKeyDown?.(event);
  }

  const pressedOnBackdrop = useRef(false);
  const backdropProps = closeOnBackdrop
    ? {
        onMouseDown: (event: MouseEvent<HTMLDialogElement>) => {
          pressedOnBackdrop.current = event.target === event.currentTarget;
        },
        onMouseUp: (event: MouseEvent<HTMLDialogElement>) => {
          if (pressedOnBackdrop.current && event.target === event.currentTarget) onClose();
          pressedOnBackdrop.current = false;
        },
      }
    : {};

  const dialog = (
    <dialog
      ref={dialogRef}
      // Explicit for what does not know a modal <dialog> (older tools, and selectors such as [role="dialog"]).
      role={role}
      aria-modal="true"
      tabIndex={-1}
      className={[styles.dialog, className].filter(Boolean).join(' ')}
      onKeyDown={handleKeyDown}
      {...backdropProps}
      {...aria}
    >
      {children}
    </dialog>
  );
  return portal ? createPortal(dialog, document.body) : dialog;
}

function keepTabInside(event: KeyboardEvent<HTMLDialogElement>) {
  const dialog = event.currentTarget;
  const items = focusablesIn(dialog);
  const first = items[0];
  const last = items[items.length - 1];
  const active = document.activeElement;
  if (!first || !last) {
    event.preventDefault();
    dialog.focus();
  } else if (event.shiftKey && (active === first || active === dialog || !dialog.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
    event.preventDefault();
    first.focus();
  }
}
