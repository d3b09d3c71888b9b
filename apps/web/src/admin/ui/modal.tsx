import { createContext, useContext, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { NativeDialog } from '../../components/native-dialog.tsx';
import styles from './modal.module.css';
import { IconButton } from './button.tsx';
import { CloseIcon } from './icons.tsx';
import { AdminButton } from './button.tsx';
import { adminTexts } from '../admin-texts.ts';

interface Props {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** `workspace`: nearly the whole screen on a computer, for a tool beside its preview (a letter). */
  size?: 'sm' | 'md' | 'lg' | 'workspace';
  /** alertdialog for confirmations. */
  role?: 'dialog' | 'alertdialog';
  /** While a save or an upload runs, Escape and the backdrop do not close the dialog. */
  busy?: boolean;
}

/** What a form inside a dialog tells it (useModalCloseGuard), and how it asks the dialog to close. */
interface CloseGuard {
  changed: { current: boolean };
  requestClose: () => void;
}

const CloseGuardContext = createContext<CloseGuard | null>(null);

/**
 * The generic admin modal (spec section 2): the site's native dialog (components/native-dialog.tsx) in
 * the admin's look. Escape, the backdrop and the close button close it unless busy; the focus goes to
 * the element marked data-autofocus, else the first field of the body. When a form inside holds
 * changes (useModalCloseGuard, which RecordForm uses), every way out asks « Abandonner les
 * modifications ? » first; « Continuer la saisie » leaves the form as it was.
 */
export function AdminModal({ title, onClose, children, size = 'md', role = 'dialog', busy = false }: Props) {
  const titleId = useId();
  const changed = useRef(false);
  const [asking, setAsking] = useState(false);
  const requestClose = () => {
    if (busy) return;
    if (changed.current) setAsking(true);
    else onClose();
  };
  // The guard stays the same object for the form's effects; the close it calls is the last render's.
  const latestClose = useRef(requestClose);
  useLayoutEffect(() => {
    latestClose.current = requestClose;
  });
  const [guard] = useState<CloseGuard>(() => ({ changed, requestClose: () => latestClose.current() }));

  return (
    <>
      <NativeDialog
        onClose={requestClose}
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
        <div className={[styles.dialog, size === 'md' ? '' : styles[size]].join(' ')}>
          <div className={styles.head}>
            <h2 id={titleId}>{title}</h2>
            <IconButton label={adminTexts.actions.close} onClick={requestClose} disabled={busy}>
              <CloseIcon />
            </IconButton>
          </div>
          <CloseGuardContext.Provider value={guard}>
            <div className={styles.content}>{children}</div>
          </CloseGuardContext.Provider>
        </div>
      </NativeDialog>
      {/* Beside the dialog, not in it: its Escape and clicks never reach the form's dialog. */}
      {asking ? (
        <DiscardQuestion
          onAnswer={(discard) => {
            setAsking(false);
            if (discard) onClose();
          }}
        />
      ) : null}
    </>
  );
}

/**
 * For a form inside an AdminModal: while `changed`, closing the dialog asks first. Returns the dialog's
 * close (for a « Annuler » button), or null outside a dialog.
 */
export function useModalCloseGuard(changed: boolean): (() => void) | null {
  const guard = useContext(CloseGuardContext);
  useLayoutEffect(() => {
    if (!guard) return;
    guard.changed.current = changed;
    return () => {
      guard.changed.current = false;
    };
  }, [guard, changed]);
  return guard ? () => guard.requestClose() : null;
}

/**
 * « Abandonner les modifications ? »: asked before a form with changes closes or its page is left.
 * « Continuer la saisie » (focused first, and what Escape or a click beside it mean) keeps the form as it is.
 */
export function DiscardQuestion({ onAnswer }: { onAnswer: (discard: boolean) => void }) {
  return (
    <AdminModal title={adminTexts.discard.title} onClose={() => onAnswer(false)} size="sm" role="alertdialog">
      <ModalBody>
        <p>{adminTexts.discard.message}</p>
      </ModalBody>
      <ModalFooter>
        <AdminButton onClick={() => onAnswer(false)} data-autofocus>
          {adminTexts.discard.no}
        </AdminButton>
        <AdminButton variant="danger" onClick={() => onAnswer(true)}>
          {adminTexts.discard.yes}
        </AdminButton>
      </ModalFooter>
    </AdminModal>
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
