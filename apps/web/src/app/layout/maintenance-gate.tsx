import { useEffect, useState, type ReactNode } from 'react';
import { texts } from '@bande/shared/texts';
import { useSiteInfo } from '../site.queries.ts';
import { Modal } from '../../components/modal.tsx';
import { Button } from '../../components/button.tsx';
import { Valance } from '../../components/layout.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { Wordmark } from './wordmark.tsx';
import styles from './maintenance-gate.module.css';

export const MAINTENANCE_ACCESS_KEY = 'maintenance-access';

function readAccess(): boolean {
  try {
    return window.localStorage.getItem(MAINTENANCE_ACCESS_KEY) !== null;
  } catch {
    return false;
  }
}

/**
 * When the server is in maintenance mode, visitors without the local 'maintenance-access' flag see
 * 'Site en maintenance'. Pressing M asks whether to enter anyway (Oui stores the flag). The page is
 * held back until the server has answered, so that nothing of the site flashes before the gate.
 */
export function MaintenanceGate({ children }: { children: ReactNode }) {
  const site = useSiteInfo();
  const [hasAccess, setHasAccess] = useState<boolean | null>(null);
  useEffect(() => setHasAccess(readAccess()), []);

  if (site.isPending || hasAccess === null) return null;
  if (!site.data?.maintenanceMode || hasAccess) return <>{children}</>;
  return (
    <MaintenanceScreen
      onEnter={() => {
        try {
          window.localStorage.setItem(MAINTENANCE_ACCESS_KEY, 'true');
        } catch {
          // Private mode without storage: let the visitor in for this visit only.
        }
        setHasAccess(true);
      }}
    />
  );
}

function MaintenanceScreen({ onEnter }: { onEnter: () => void }) {
  const [asking, setAsking] = useState(false);
  useDocumentTitle(texts.maintenance.title);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      if (event.key === 'm' || event.key === 'M') setAsking(true);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <main className={styles.screen}>
      <Valance />
      <div className={styles.inner}>
        <Wordmark />
        <h1 className={styles.title}>{texts.maintenance.title}</h1>
        <p className={styles.text}>
          Le rideau est baissé le temps de quelques réglages en coulisses. Le spectacle reprend très vite&nbsp;: revenez dans un
          instant.
        </p>
      </div>
      <div className={styles.floor} aria-hidden="true" />
      <Modal open={asking} onClose={() => setAsking(false)} size="sm" title="Entrer en mode maintenance ?">
        <p className={styles.question}>Vous accéderez au site tel qu&apos;il est, pendant les travaux.</p>
        <div className={styles.actions}>
          <Button onClick={onEnter}>{texts.maintenance.yes}</Button>
          <Button variant="secondary" onClick={() => setAsking(false)}>
            {texts.maintenance.no}
          </Button>
        </div>
      </Modal>
    </main>
  );
}
