import { Fragment, useState, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation, useMatch } from 'react-router';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AdminUser, LoginResponse } from '@bande/shared';
import styles from './admin.module.css';
import { ThemeProvider } from './lib/theme.tsx';
import { clearSession, currentToken, saveSession, sessionExpired, useInterruptedUser, useSession } from './lib/session.ts';
import { ADMIN_KEY } from './lib/admin-api.ts';
import { NativeDialog } from '../components/native-dialog.tsx';
import { AUTH_LAYER_TITLE_ID } from './auth/auth-layout.tsx';
import { dropDrafts } from './lib/drafts.ts';
import { unsavedDrafts } from './ui/unsaved-work.ts';
import { HistoryGuard } from './ui/history-guard.tsx';
import { adminTexts } from './admin-texts.ts';
import { DashboardPrefetch, prefetchDashboard } from './dashboard/dashboard-prefetch.tsx';
import { lazyPart } from './ui/lazy-part.tsx';
import { AdminLoadingFrame } from '../components/admin-frame.tsx';
import { CheckInQueue } from './offline/unsent-check-ins.tsx';
import { UpdatePrompt } from './offline/update-prompt.tsx';

// Each page is a chunk of its own. The dashboard (tables, drag and drop) loads after login, so the
// login page stays light; the login and password pages (forms validated with zod) are apart too, so the
// dashboard's first tab of a signed-in volunteer does not wait for them.
// Until a page's code has come, the frame the server sent first stays (no blank, no second « Chargement »).
const firstFrame = <AdminLoadingFrame />;
const LoginPage = lazyPart(() => import('./auth/login-page.tsx').then((module) => module.LoginPage), firstFrame);
// The same form in the dialog over a page whose session ended: there, a plain « Chargement… » while it comes.
const LoginInLayer = lazyPart(() => import('./auth/login-page.tsx').then((module) => module.LoginPage));
const ForgotPasswordPage = lazyPart(() => import('./auth/forgot-password-page.tsx').then((module) => module.ForgotPasswordPage), firstFrame);
const DashboardPage = lazyPart(() => import('./dashboard/dashboard-page.tsx').then((module) => module.default), firstFrame);
// The door screen of a performance, full screen on a phone, with its own persisted query client.
const DoorPage = lazyPart(() => import('./reservations/door/door-page.tsx').then((module) => module.default), firstFrame);

const ADMIN_PATHS = { login: '/admin/login', forgotPassword: '/admin/forgot-password', dashboard: '/admin/dashboard' } as const;
const DOOR_PATH = /^\/admin\/dashboard\/reservations\/[^/]+\/entrees$/;

/**
 * Downloads the code of what the address will show, as the routes below decide (a signed-in volunteer
 * goes from the login page to the dashboard, a visitor without a session from the dashboard to the login
 * page), and asks for the dashboard's first data: entry-client.tsx renders the backoffice once the code
 * is here, so no page shows a fallback first. The tab is the one the dashboard will open (the address's,
 * the history's when the page was reloaded, else the one stored).
 */
export async function preloadFirstParts({ pathname, search }: Pick<Location, 'pathname' | 'search'>, queryClient: QueryClient): Promise<void> {
  let path = pathname;
  while (path.endsWith('/')) path = path.slice(0, -1);
  if (path === ADMIN_PATHS.forgotPassword) return ForgotPasswordPage.preload();
  if (!currentToken()) return LoginPage.preload();
  if (DOOR_PATH.test(path)) return DoorPage.preload();
  const stateTab = (window.history.state as { usr?: { tab?: unknown } } | null)?.usr?.tab;
  await Promise.all([DashboardPage.preload(), prefetchDashboard(queryClient, stateTab, path === ADMIN_PATHS.dashboard ? search : '')]);
}

interface FromState {
  from?: string;
  /** Said above the login form (the login page's LoginLocationState). */
  notice?: string;
}

/**
 * /admin/dashboard without a token → login, remembering where the user wanted to go (and, when the
 * server ended the session, saying so). When the server ended it while a form held changes, the page
 * stays, under the login form (SignInAgain); signed in again, the same account finds its forms as it
 * left them, « Enregistrer » ready; another account gets a fresh dashboard (`generation`).
 */
function RequireAuth({ children }: { children: ReactNode }) {
  const { token } = useSession();
  const interrupted = useInterruptedUser();
  const location = useLocation();
  const [generation, setGeneration] = useState(0);
  if (!token && !interrupted) {
    const from = `${location.pathname}${location.search}${location.hash}`;
    const notice = sessionExpired() ? adminTexts.login.sessionExpired : undefined;
    return <Navigate to={ADMIN_PATHS.login} replace state={{ from, ...(notice ? { notice } : {}) } satisfies FromState} />;
  }
  // One shape with or without the layer: the page under it is the same element tree, kept as it is.
  return (
    <Fragment key={generation}>
      {children}
      <HistoryGuard />
      {interrupted && !token ? <SignInAgain user={interrupted} onOtherAccount={() => setGeneration((value) => value + 1)} /> : null}
    </Fragment>
  );
}

/**
 * The login form in a dialog over the page (the login page's own: password, second factor, passkey,
 * lock). Escape does not close it: the page behind needs a session to save. « Abandonner les
 * modifications » leads to the plain login page (the changes stay kept for this account, drafts.ts).
 */
function SignInAgain({ user, onOtherAccount }: { user: AdminUser; onOtherAccount: () => void }) {
  const queryClient = useQueryClient();
  function onEntered(session: LoginResponse) {
    if (session.user.id === user.id) {
      saveSession(session.token, session.user);
      // The forms are on screen with their changes: a later visit has nothing to take back.
      dropDrafts(user.id, Object.keys(unsavedDrafts()));
      // Every list again with the new session (its role may have changed).
      void queryClient.invalidateQueries({ queryKey: [ADMIN_KEY] });
    } else {
      // Another account: nothing of the previous one's page stays on screen.
      queryClient.removeQueries({ queryKey: [ADMIN_KEY] });
      onOtherAccount();
      saveSession(session.token, session.user);
    }
  }
  return (
    <NativeDialog
      onClose={() => undefined}
      closeOnEscape={false}
      // The email is filled in: the password is what is asked.
      initialFocus={(dialog) => dialog.querySelector<HTMLElement>('input[type="password"]')}
      aria-labelledby={AUTH_LAYER_TITLE_ID}
      className={styles.signInLayer}
    >
      <LoginInLayer again={{ email: user.email, onEntered, onGiveUp: () => clearSession({ expired: true }) }} />
    </NativeDialog>
  );
}

/** With a token, the login page is pointless: straight to the dashboard. */
function GuestOnly({ children }: { children: ReactNode }) {
  const { token } = useSession();
  return token ? <Navigate to={ADMIN_PATHS.dashboard} replace /> : children;
}

/**
 * On every backoffice page: the door's unsent check-ins leave from here as soon as the network allows
 * (the door screen says how many itself), and a new version is offered once it is ready.
 */
function OfflineParts() {
  const onDoor = useMatch('/admin/dashboard/reservations/:performanceId/entrees') !== null;
  return (
    <>
      <CheckInQueue quiet={onDoor} />
      <UpdatePrompt />
    </>
  );
}

/** Everything under /admin/* (login, forgot-password, dashboard); any other /admin path goes to login. */
export default function AdminApp() {
  return (
    <ThemeProvider>
      {(theme) => (
        <div className={styles.root} data-theme={theme}>
          <OfflineParts />
          <Routes>
            <Route
              path="login"
              element={
                <GuestOnly>
                  <LoginPage />
                </GuestOnly>
              }
            />
            <Route path="forgot-password" element={<ForgotPasswordPage />} />
            <Route
              path="dashboard"
              element={
                <RequireAuth>
                  <DashboardPrefetch />
                  <DashboardPage />
                </RequireAuth>
              }
            />
            <Route
              path="dashboard/reservations/:performanceId/entrees"
              element={
                <RequireAuth>
                  <DoorPage />
                </RequireAuth>
              }
            />
            <Route path="*" element={<Navigate to={ADMIN_PATHS.login} replace />} />
          </Routes>
        </div>
      )}
    </ThemeProvider>
  );
}
