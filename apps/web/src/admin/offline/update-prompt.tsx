import { useEffect, useSyncExternalStore } from 'react';
import { adminTexts } from '../admin-texts.ts';
import { AdminButton } from '../ui/button.tsx';
import { registerServiceWorker, subscribeToUpdate, waitingUpdate } from './service-worker.ts';
import { useOnline, useUnsentCount } from './unsent-check-ins.tsx';
import styles from './offline.module.css';

/**
 * « Mettre à jour », offered when a new version is ready, the phone online and no check-in waiting: a
 * version deployed mid-evening never reloads an open door screen by itself.
 */
export function UpdatePrompt() {
  useEffect(registerServiceWorker, []);
  const apply = useSyncExternalStore(subscribeToUpdate, waitingUpdate, () => null);
  const online = useOnline();
  const unsent = useUnsentCount();
  if (!apply || !online || unsent > 0) return null;
  return (
    <div role="status" className={styles.update}>
      <p>{adminTexts.update.available}</p>
      <AdminButton small variant="primary" onClick={apply}>
        {adminTexts.update.apply}
      </AdminButton>
    </div>
  );
}
