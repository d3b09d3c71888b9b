import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { texts } from '@bande/shared';
import styles from './admin.module.css';
import { ThemeProvider } from './lib/theme.tsx';
import { sessionExpired, useSession } from './lib/session.ts';
import { adminTexts } from './admin-texts.ts';
import { LoginPage } from './auth/login-page.tsx';
import { ForgotPasswordPage } from './auth/forgot-password-page.tsx';

// The dashboard (tables, forms, drag and drop) loads after login: the login page stays light.
const DashboardPage = lazy(() => import('./dashboard/dashboard-page.tsx'));
// The door screen of a performance, full screen on a phone, with its own persisted query client.
const DoorPage = lazy(() => import('./reservations/door/door-page.tsx'));

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

const loading = (
  <p role="status" className={styles.loading}>
    {texts.loading}
  </p>
);

/** Everything under /admin/* (login, forgot-password, dashboard); any other /admin path goes to login. */
export default function AdminApp() {
  return (
    <ThemeProvider>
      {(theme) => (
        <div className={styles.root} data-theme={theme}>
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
                  <Suspense fallback={loading}>
                    <DashboardPage />
                  </Suspense>
                </RequireAuth>
              }
            />
            <Route
              path="dashboard/reservations/:performanceId/entrees"
              element={
                <RequireAuth>
                  <Suspense fallback={loading}>
                    <DoorPage />
                  </Suspense>
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
