import type { ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation, useMatch } from 'react-router';
import styles from './admin.module.css';
import { ThemeProvider } from './lib/theme.tsx';
import { sessionExpired, useSession } from './lib/session.ts';
import { adminTexts } from './admin-texts.ts';
import { DashboardPrefetch } from './dashboard/dashboard-prefetch.tsx';
import { lazyPart, LazyPartBoundary } from './ui/lazy-part.tsx';
import { CheckInQueue } from './offline/unsent-check-ins.tsx';
import { UpdatePrompt } from './offline/update-prompt.tsx';

// Each page is a chunk of its own. The dashboard (tables, drag and drop) loads after login, so the
// login page stays light; the login and password pages (forms validated with zod) are apart too, so the
// dashboard's first tab of a signed-in volunteer does not wait for them.
const LoginPage = lazyPart(() => import('./auth/login-page.tsx').then((module) => module.LoginPage));
const ForgotPasswordPage = lazyPart(() => import('./auth/forgot-password-page.tsx').then((module) => module.ForgotPasswordPage));
const DashboardPage = lazyPart(() => import('./dashboard/dashboard-page.tsx').then((module) => module.default));
// The door screen of a performance, full screen on a phone, with its own persisted query client.
const DoorPage = lazyPart(() => import('./reservations/door/door-page.tsx').then((module) => module.default));

const ADMIN_PATHS = { login: '/admin/login', forgotPassword: '/admin/forgot-password', dashboard: '/admin/dashboard' } as const;

interface FromState {
  from?: string;
  /** Said above the login form (the login page's LoginLocationState). */
  notice?: string;
}

/**
 * /admin/dashboard without a token → login, remembering where the user wanted to go (and, when the
 * server ended the session, saying so).
 */
function RequireAuth({ children }: { children: ReactNode }) {
  const { token } = useSession();
  const location = useLocation();
  if (!token) {
    const from = `${location.pathname}${location.search}${location.hash}`;
    const notice = sessionExpired() ? adminTexts.login.sessionExpired : undefined;
    return <Navigate to={ADMIN_PATHS.login} replace state={{ from, ...(notice ? { notice } : {}) } satisfies FromState} />;
  }
  return children;
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
                  <LazyPartBoundary parts={[LoginPage]}><LoginPage /></LazyPartBoundary>
                </GuestOnly>
              }
            />
            <Route path="forgot-password" element={<LazyPartBoundary parts={[ForgotPasswordPage]}><ForgotPasswordPage /></LazyPartBoundary>} />
            <Route
              path="dashboard"
              element={
                <RequireAuth>
                  <DashboardPrefetch />
                  <LazyPartBoundary parts={[DashboardPage]}>
                    <DashboardPage />
                  </LazyPartBoundary>
                </RequireAuth>
              }
            />
            <Route
              path="dashboard/reservations/:performanceId/entrees"
              element={
                <RequireAuth>
                  <LazyPartBoundary parts={[DoorPage]}>
                    <DoorPage />
                  </LazyPartBoundary>
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
