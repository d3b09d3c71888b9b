import { createContext, useContext, type ReactNode } from 'react';

/**
 * Whether this visitor entered the site in maintenance mode (pressed M, answered Oui). Kept in
 * localStorage (the spec's 'maintenance-access' flag) and in a cookie of the same name, which the
 * server reads: it then renders the page itself rather than the gate, so that the visitor does not
 * see 'Site en maintenance' flash on every full page load. The server's answer is handed to the
 * browser with the page (ssr-state), so hydration starts from the same value.
 */
export const MAINTENANCE_ACCESS_KEY = 'maintenance-access';

/** A year: the visitor who answered Oui is not asked again on this browser. */
const COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

const MaintenanceAccessContext = createContext<boolean | undefined>(undefined);

export function MaintenanceAccessProvider({ value, children }: { value: boolean | undefined; children: ReactNode }) {
  return <MaintenanceAccessContext.Provider value={value}>{children}</MaintenanceAccessContext.Provider>;
}

/** What the server knew when it rendered the page (undefined for a page rendered in the browser alone). */
export const useServerMaintenanceAccess = () => useContext(MaintenanceAccessContext);

export function hasMaintenanceCookie(cookieHeader: string | undefined): boolean {
  return (cookieHeader ?? '').split(';').some((part) => part.trim() === `${MAINTENANCE_ACCESS_KEY}=true`);
}

/** The flag in this browser: localStorage (the spec's) or the cookie. */
export function readMaintenanceAccess(): boolean {
  try {
    if (window.localStorage.getItem(MAINTENANCE_ACCESS_KEY) !== null) return true;
  } catch {
    // Private mode without storage: the cookie may still say it.
  }
  return hasMaintenanceCookie(document.cookie);
}

/** Oui: the local flag, and the cookie the server reads. */
export function rememberMaintenanceAccess(): void {
  try {
    window.localStorage.setItem(MAINTENANCE_ACCESS_KEY, 'true');
  } catch {
    // Private mode without storage: the cookie alone.
  }
  document.cookie = `${MAINTENANCE_ACCESS_KEY}=true; Path=/; Max-Age=${COOKIE_MAX_AGE_SECONDS}; SameSite=Lax`;
}
