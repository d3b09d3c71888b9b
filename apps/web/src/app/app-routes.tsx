import { Suspense, useEffect } from 'react';
import { HydrationRegion } from './hydration/hydration-region.tsx';
import { Route, Routes } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { SiteLayout } from './layout/site-layout.tsx';
import { MaintenanceGate } from './layout/maintenance-gate.tsx';
import { Loading } from '../components/feedback.tsx';
import { AdminLoadingFrame } from '../components/admin-frame.tsx';
import { loadWebFontsOnce } from '../styles/web-fonts.ts';
import { readyLazy } from '../lib/ready-lazy.tsx';
import { NOT_FOUND_ROUTE, PAGE_ROUTES, PREVIEW_CARD_ROUTE, type PageRoute } from './page-routes.ts';

// The backoffice is a separate chunk: a public page never downloads its code.
const adminApp = readyLazy(() => import('../admin/admin-app.tsx').then((module) => module.default));
const AdminApp = adminApp.Component;

/**
 * Downloads what the backoffice address opened shows first (the backoffice's module, then its page, the
 * dashboard's tab and data): entry-client.tsx renders once the code is here, so that nothing shows a fallback
 * and then waits (ready-lazy.tsx). Never rejects: a part that could not come says so when it renders.
 */
export async function preloadAdminAddress(location: Location, queryClient: QueryClient): Promise<void> {
  await adminApp.preload();
  const module = await import('../admin/admin-app.tsx').catch(() => null);
  await module?.preloadFirstParts(location, queryClient);
}

/** Every page is a chunk of its own, and a region that hydrates on its own once its chunk is there. */
function pageElement({ page: Page }: PageRoute) {
  return (
    <HydrationRegion fallback={<Loading block />}>
      <DisplayFont />
      <Page />
    </HydrationRegion>
  );
}

/**
 * Asks for the display font when a public page shows: a no-op on a page the browser opened (entry-client
 * asked before hydrating), the download when the visitor comes from the backoffice, which skips it.
 */
function DisplayFont() {
  useEffect(loadWebFontsOnce, []);
  return null;
}

/** Public pages sit behind the maintenance gate and inside the site layout; /admin/* never does. */
function PublicShell() {
  return (
    <MaintenanceGate>
      <SiteLayout />
    </MaintenanceGate>
  );
}

export function AppRoutes() {
  return (
    <Routes>
      <Route
        path="/admin/*"
        element={
          <Suspense fallback={<AdminLoadingFrame />}>
            <AdminApp />
          </Suspense>
        }
      />
      <Route path={PREVIEW_CARD_ROUTE.path} element={pageElement(PREVIEW_CARD_ROUTE)} />
      <Route element={<PublicShell />}>
        {PAGE_ROUTES.map((route) => (
          <Route key={route.path} path={route.path} element={pageElement(route)} />
        ))}
        <Route path="*" element={pageElement(NOT_FOUND_ROUTE)} />
      </Route>
    </Routes>
  );
}
