import { useEffect, useState } from 'react';
import { abandonUnsavedWork, hasUnsavedWork, watchUnsavedWork } from './unsaved-work.ts';
import { DiscardQuestion } from './modal.tsx';

/** Marks the history entry this guard adds on top of the page's own. */
const GUARD = 'bandeUnsavedGuard';

const onGuardEntry = () => (window.history.state as Record<string, unknown> | null)?.[GUARD] === true;

/**
 * The browser's Back and Forward ask « Abandonner les modifications ? » too, like every other way out
 * of a changed form. The backoffice runs under a plain <BrowserRouter> (app-routes.tsx: one router for
 * the server-rendered public pages and the admin), whose navigation cannot be blocked (useBlocker
 * needs a data router). So while a form holds changes, one entry with the same address is pushed on
 * top of the history: Back leaves that entry for the page's own (same address, nothing changes on
 * screen) and the question is asked. « Continuer la saisie » puts the entry back; « Abandonner les modifications » goes back for real, with the
 * changes given up (the browser's own question is not asked a second time). Pushing an entry also
 * drops the forward ones, so Forward cannot leave a changed form either. Once the changes are saved or
 * given up, the entry is taken off again.
 */
export function HistoryGuard() {
  const [asking, setAsking] = useState(false);
  useEffect(() => {
    const arm = () => {
      if (hasUnsavedWork() && !onGuardEntry()) window.history.pushState({ ...(window.history.state as object | null), [GUARD]: true }, '', window.location.href);
      // No more changes (saved, closed): the entry goes, so that the next Back leaves the page at once.
      else if (!hasUnsavedWork() && onGuardEntry()) window.history.back();
    };
    const onPopState = () => {
      if (hasUnsavedWork() && !onGuardEntry()) setAsking(true);
    };
    arm();
    const unwatch = watchUnsavedWork(arm);
    window.addEventListener('popstate', onPopState);
    return () => {
      unwatch();
      window.removeEventListener('popstate', onPopState);
    };
  }, []);
  if (!asking) return null;
  return (
    <DiscardQuestion
      onAnswer={(discard) => {
        setAsking(false);
        if (!discard) {
          window.history.pushState({ ...(window.history.state as object | null), [GUARD]: true }, '', window.location.href);
          return;
        }
        abandonUnsavedWork();
        window.history.back();
      }}
    />
  );
}
