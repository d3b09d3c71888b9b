import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { TIMINGS } from '@bande/shared/constants';
import styles from './toast.module.css';
import { AlertIcon, CheckIcon, InfoIcon } from './icons.tsx';

export type ToastType = 'success' | 'error' | 'info';

interface Toast {
  id: number;
  message: string;
  type: ToastType;
  leaving: boolean;
}

interface ToastApi {
  show: (message: string, type?: ToastType, durationMs?: number) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

/** Toasts of spec section 8/9: success, error or info; shown 3 s, then a 300 ms fade. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  const later = useCallback((fn: () => void, ms: number) => {
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      fn();
    }, ms);
    timers.current.add(timer);
  }, []);

  const show = useCallback<ToastApi['show']>(
    (message, type = 'info', durationMs = TIMINGS.toastMs) => {
      const id = nextId.current++;
      setToasts((list) => [...list, { id, message, type, leaving: false }]);
      later(() => {
        setToasts((list) => list.map((toast) => (toast.id === id ? { ...toast, leaving: true } : toast)));
        later(() => setToasts((list) => list.filter((toast) => toast.id !== id)), TIMINGS.toastFadeMs);
      }, durationMs);
    },
    [later],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  const api = useMemo(() => ({ show }), [show]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className={styles.region}>
        {toasts.map((toast) => {
          const Icon = toast.type === 'success' ? CheckIcon : toast.type === 'error' ? AlertIcon : InfoIcon;
          return (
            <div
              key={toast.id}
              role={toast.type === 'error' ? 'alert' : 'status'}
              className={[styles.toast, styles[toast.type], toast.leaving ? styles.leaving : ''].join(' ')}
              // Fading out: the accessibility checks of the tests leave it aside (its contrast falls with it).
              data-leaving={toast.leaving || undefined}
            >
              <Icon />
              <span>{toast.message}</span>
            </div>
          );
        })}
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}
