import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import type { AudienceBeacon } from '@bande/shared/schemas/bilan';

/** The backoffice's session key (admin/lib/session.ts STORAGE_KEYS.token, spec section 3), not imported: public pages never load the backoffice. */
const ADMIN_TOKEN_KEY = 'admin_token';

/** Whether this browser holds a backoffice session: the staff's own visits are not counted. */
function staffSignedIn(): boolean {
  try {
    return window.localStorage.getItem(ADMIN_TOKEN_KEY) !== null;
  } catch {
    return false;
  }
}

/**
 * Tells the server of a page shown without a reload, or a booking dialog opened (issue 36): a
 * first-party request, no cookie, nothing kept in the browser. sendBeacon outlives the page and never
 * delays it; a browser without it is simply not counted.
 */
export function sendAudienceBeacon(beacon: AudienceBeacon): void {
  if (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function' || staffSignedIn()) return;
  try {
    navigator.sendBeacon('/api/audience/view', new Blob([JSON.stringify(beacon)], { type: 'application/json' }));
  } catch {
    // Counting is never worth an error in a visitor's page.
  }
}

/**
 * Counts the pages the hydrated site shows by client-side navigation. Not the first one: the server
 * counted it when it sent it. No referrer: the previous page was this site's.
 */
export function useAudiencePageViews(): void {
  const { pathname, search } = useLocation();
  const counted = useRef(`${pathname}${search}`);
  useEffect(() => {
    const address = `${pathname}${search}`;
    if (counted.current === address) return;
    counted.current = address;
    sendAudienceBeacon({ kind: 'view', path: pathname, search });
  }, [pathname, search]);
}
