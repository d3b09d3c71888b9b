/**
 * The backoffice's chunks an address shows first, as Vite's manifest names them (paths under
 * apps/web/src). The shell is client-rendered: without a hint, its browser learns of the backoffice's
 * module only once the entry has run, of the login page only once that module has run, and so on, one
 * round trip per level on a phone's network. With these listed, they are requested all at once
 * (web-build.ts: renderPage's loader, or renderShell's preloads). A name the build does not know is
 * left out there; admin-first-parts.test.ts checks each against the web app's sources.
 */
const ADMIN_APP = 'src/admin/admin-app.tsx';
const LOGIN = 'src/admin/auth/login-page.tsx';
const FORGOT_PASSWORD = 'src/admin/auth/forgot-password-page.tsx';
const DASHBOARD = 'src/admin/dashboard/dashboard-page.tsx';
const DOOR = 'src/admin/reservations/door/door-page.tsx';
/** The dashboard's first tab, shown unless the address names another (apps/web/src/admin/dashboard/tabs.ts). */
const FIRST_TAB = 'shows';

/** A tab's module: each tab `x` is `src/admin/x/x-tab.tsx` (apps/web/src/admin/dashboard/tab-components.ts). */
export const tabModule = (tab: string) => `src/admin/${tab}/${tab}-tab.tsx`;

export interface AdminFirstParts {
  /** Manifest keys of the chunks the address shows first. */
  parts: readonly string[];
  /** Whether its scripts wait for the first paint (a light page) or start at once (the dashboard, the door). */
  afterPaint: boolean;
}

export function adminFirstParts(url: string): AdminFirstParts {
  const [pathname = '', query = ''] = url.split('?');
  let path = pathname;
  while (path.endsWith('/')) path = path.slice(0, -1);
  if (path === '/admin/forgot-password') return { parts: [ADMIN_APP, FORGOT_PASSWORD], afterPaint: true };
  if (path === '/admin/dashboard') {
    const tab = new URLSearchParams(query).get('tab');
    // Only a plain name: it becomes a manifest key, never a path the server reads.
    return { parts: [ADMIN_APP, DASHBOARD, tabModule(tab && /^[a-z-]{1,40}$/.test(tab) ? tab : FIRST_TAB)], afterPaint: false };
  }
  if (/^\/admin\/dashboard\/reservations\/[^/]+\/entrees$/.test(path)) return { parts: [ADMIN_APP, DOOR], afterPaint: false };
  // /admin, /admin/login and any other /admin address (the app sends them to the login page).
  return { parts: [ADMIN_APP, LOGIN], afterPaint: true };
}
