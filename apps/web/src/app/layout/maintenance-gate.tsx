import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { texts } from '@bande/shared/texts';
import { useSiteInfo } from '../../lib/site-info.ts';
import { lazyModal } from '../../components/lazy-modal.tsx';
import { Valance } from '../../components/layout.tsx';
import { usePageHead } from '../head/index.ts';
import { Wordmark } from './wordmark.tsx';
import { readMaintenanceAccess, rememberMaintenanceAccess, useServerMaintenanceAccess } from './maintenance-access.tsx';
import styles from './maintenance-gate.module.css';

export { MAINTENANCE_ACCESS_KEY } from './maintenance-access.tsx';

// Only a visitor who knows to press M ever sees the question: its dialog code is fetched then.
const MaintenanceQuestion = lazyModal(() => import('./maintenance-question.tsx').then((module) => module.MaintenanceQuestion));

/**
 * When the server is in maintenance mode, visitors without the 'maintenance-access' flag see
 * 'Site en maintenance'. Pressing M asks whether to enter anyway (Oui stores the flag, and the cookie
 * by which the server renders the site itself for this visitor: maintenance-access.tsx).
 */
export function MaintenanceGate({ children }: { children: ReactNode }) {
  const site = useSiteInfo();
  // What the server rendered with (its cookie), so that hydration matches; a page rendered in the
  // browser alone reads the flag below.
  const serverAccess = useServerMaintenanceAccess();
  const [hasAccess, setHasAccess] = useState<boolean | null>(serverAccess ?? null);
  const maintenanceMode = site.data?.maintenanceMode === true;
  // Read only in maintenance mode: the browser's first look at localStorage opens the site's storage
  // synchronously (2 ms here, 16 ms in one profiled page load, during hydration), for a flag nobody
  // needs otherwise. A flag set before the cookie existed also sets the cookie, for the next page.
  useEffect(() => {
    if (!maintenanceMode || serverAccess) return;
    const access = readMaintenanceAccess();
    if (access) rememberMaintenanceAccess();
    setHasAccess(access);
  }, [maintenanceMode, serverAccess]);

  // Before the settings arrive (a page not rendered by the server) nothing shows, so that the site does
  // not flash before the gate.
  if (site.isPending) return null;
  if (!site.data?.maintenanceMode || hasAccess) return <>{children}</>;
  return (
    <MaintenanceScreen
      onEnter={() => {
        rememberMaintenanceAccess();
        setHasAccess(true);
      }}
    />
  );
}

function MaintenanceScreen({ onEnter }: { onEnter: () => void }) {
  const [asking, setAsking] = useState(false);
  const closeQuestion = useCallback(() => setAsking(false), []);
  usePageHead({
    title: texts.maintenance.title,
    description:
      'Le site de La Bande à Lire est en maintenance, le temps de quelques réglages en coulisses. Le spectacle reprend très vite : revenez dans un instant.',
    noindex: true,
  });

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
      <MaintenanceQuestion open={asking} onClose={closeQuestion} onEnter={onEnter} />
    </main>
  );
}
