import { useEffect, useSyncExternalStore } from 'react';
import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { adminTexts } from '../admin-texts.ts';
import { doorClient } from '../reservations/door/door-client.ts';
import { AdminModal, ModalBody, ModalFooter } from '../ui/modal.tsx';
import { AdminButton } from '../ui/button.tsx';
import styles from './offline.module.css';

const t = adminTexts.unsentCheckIns;

/*
 * The door's queue (door-client.ts: the door's own query client, kept in localStorage) is flushed from
 * every backoffice page, not only from the door screen: a volunteer who taps offline and then opens the
 * reservations tab, the login page or any other one sends them as soon as the network is back. The
 * queue's entries are whatever the door client's mutations are (check-ins, and what the door adds
 * later): they are counted and resumed as they are, never rebuilt here.
 */

// TanStack's network state starts « online » and follows the online/offline events only: a page
// reloaded without network would try (and fail) to send, and the door would say « Envoi… » instead of
// « Hors ligne ». The browser's own state is read once, when the backoffice's code first runs.
if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);

/** Every door mutation not yet acknowledged by the server (paused offline, or being sent). */
export const unsentCount = (client: QueryClient = doorClient()) => client.isMutating();

export function useUnsentCount(client: QueryClient = doorClient()): number {
  return useSyncExternalStore(
    (listener) => client.getMutationCache().subscribe(listener),
    () => client.isMutating(),
    () => 0,
  );
}

export function useOnline(): boolean {
  return useSyncExternalStore(
    (listener) => onlineManager.subscribe(listener),
    () => onlineManager.isOnline(),
    () => true,
  );
}

/** How often, while check-ins wait, the browser's network state is read again (see CheckInQueue). */
export const NETWORK_RECHECK_MS = 15_000;

/** Sends what waits, now if online (paused ones stay paused offline and leave on the `online` event). */
export const sendUnsent = (client: QueryClient = doorClient()) => client.resumePausedMutations();

/**
 * Mounted once by the backoffice: the door's client listens to the network (TanStack resumes paused
 * mutations on `online`), what an earlier page left is sent at start, and how many wait is shown
 * (except on the door screen, which says it itself: `quiet`).
 */
export function CheckInQueue({ client = doorClient(), quiet = false }: { client?: QueryClient; quiet?: boolean }) {
  const count = useUnsentCount(client);
  useEffect(() => {
    client.mount();
    void sendUnsent(client);
    return () => client.unmount();
  }, [client]);
  // The `online` event is not always sent when the network comes back (Firefox driven by WebDriver
  // BiDi never sent it; phones leaving a captive portal may not): while check-ins wait, the browser's
  // own state is read again now and then, and a network back resumes the sending as the event would.
  const waiting = count > 0;
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => {
      if (navigator.onLine !== onlineManager.isOnline()) onlineManager.setOnline(navigator.onLine);
    }, NETWORK_RECHECK_MS);
    return () => clearInterval(timer);
  }, [waiting]);
  if (quiet || count === 0) return null;
  return (
    <p role="status" className={styles.pill}>
      {t.waiting(count)}
    </p>
  );
}

export type UnsentAnswer = 'send' | 'drop' | 'stay';

/**
 * Asked by « Déconnexion » while check-ins wait: the volunteer learns they exist and chooses. « Les
 * envoyer d’abord » (« L’envoyer » for one; focused first) sends them and logs out once the server has them all; « Se
 * déconnecter sans les envoyer » drops them (the next account must not send them under its name);
 * Escape or a click beside it stays logged in.
 */
export function UnsentCheckInsQuestion({ count, onAnswer }: { count: number; onAnswer: (answer: UnsentAnswer) => void }) {
  const online = useOnline();
  return (
    <AdminModal title={t.questionTitle} onClose={() => onAnswer('stay')} size="sm" role="alertdialog">
      <ModalBody>
        <p>{t.question(count)}</p>
        <p>{online ? t.sendFirstOnline(count) : t.sendFirstOffline(count)}</p>
      </ModalBody>
      <ModalFooter>
        <AdminButton variant="primary" onClick={() => onAnswer('send')} data-autofocus>
          {t.sendFirst(count)}
        </AdminButton>
        <AdminButton variant="danger" onClick={() => onAnswer('drop')}>
          {t.drop(count)}
        </AdminButton>
      </ModalFooter>
    </AdminModal>
  );
}
