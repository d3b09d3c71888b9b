import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';
import { AdminModal, ModalBody, ModalFooter } from './modal.tsx';
import { AdminButton } from './button.tsx';
import { adminTexts } from '../admin-texts.ts';

export interface ConfirmOptions {
  title?: string;
  message: ReactNode;
  confirmLabel?: string;
  /** The button that changes nothing (« Annuler » by default): named otherwise when « Annuler » is the action itself. */
  cancelLabel?: string;
}

type Confirm = (options: ConfirmOptions) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | null>(null);

/** Deletions ask for confirmation (spec section 5) in an in-page dialog rather than window.confirm. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<ConfirmOptions | null>(null);
  const resolver = useRef<((answer: boolean) => void) | null>(null);

  const confirm = useCallback<Confirm>((options) => {
    resolver.current?.(false);
    setPending(options);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const answer = (value: boolean) => {
    resolver.current?.(value);
    resolver.current = null;
    setPending(null);
  };

  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      {pending ? (
        <AdminModal title={pending.title ?? adminTexts.confirm.title} onClose={() => answer(false)} size="sm" role="alertdialog">
          <ModalBody>
            <p>{pending.message}</p>
          </ModalBody>
          <ModalFooter>
            <AdminButton onClick={() => answer(false)} data-autofocus>
              {pending.cancelLabel ?? adminTexts.confirm.cancel}
            </AdminButton>
            <AdminButton variant="danger" onClick={() => answer(true)}>
              {pending.confirmLabel ?? adminTexts.actions.delete}
            </AdminButton>
          </ModalFooter>
        </AdminModal>
      ) : null}
    </ConfirmContext.Provider>
  );
}

export function useConfirm(): Confirm {
  const confirm = useContext(ConfirmContext);
  if (!confirm) throw new Error('useConfirm must be used inside <ConfirmProvider>');
  return confirm;
}
