import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { texts } from '@bande/shared/texts';
import { SiteLayout } from './layout/site-layout.tsx';
import { MaintenanceGate } from './layout/maintenance-gate.tsx';
import HomePage from '../public/home/home-page.tsx';
import TeamPage from '../public/team/team-page.tsx';
import ShowsPage from '../public/shows/shows-page.tsx';
import ShowDetailPage from '../public/show-detail/show-detail-page.tsx';
import NotFoundPage from '../public/not-found/not-found-page.tsx';
import PreviewCardPage from '../public/preview-card/preview-card-page.tsx';
import { Loading } from '../components/feedback.tsx';

// The backoffice is a separate chunk: a public page never downloads its code.
const AdminApp = lazy(() => import('../admin/admin-app.tsx'));

// Secondary pages are chunks of their own (the gallery's player and lightbox stay off the home page).
const ContactPage = lazy(() => import('../public/contact/contact-page.tsx'));
const BonusPage = lazy(() => import('../public/bonus/bonus-page.tsx'));
const OriginesPage = lazy(() => import('../public/origines/origines-page.tsx'));
const PartenairesPage = lazy(() => import('../public/partenaires/partenaires-page.tsx'));
const SitemapPage = lazy(() => import('../public/sitemap/sitemap-page.tsx'));
const LegalPage = lazy(() => import('../public/legal/legal-page.tsx'));

const page = (Page: ComponentType) => (
  <Suspense fallback={<Loading block />}>
    <Page />
  </Suspense>
);

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
          <Suspense fallback={<p role="status">{texts.loading}</p>}>
            <AdminApp />
          </Suspense>
        }
      />
      {/* Shown inside the admin's card-config tab: no site chrome, and no gate in front of the admin's own tool. */}
      <Route path="/preview-card" element={<PreviewCardPage />} />
      <Route element={<PublicShell />}>
        <Route index element={<HomePage />} />
        <Route path="team" element={<TeamPage />} />
        <Route path="shows" element={<ShowsPage />} />
        <Route path="show/:slug" element={<ShowDetailPage />} />
        <Route path="contact" element={page(ContactPage)} />
        <Route path="bonus" element={page(BonusPage)} />
        <Route path="origines" element={page(OriginesPage)} />
        <Route path="partenaires" element={page(PartenairesPage)} />
        <Route path="sitemap" element={page(SitemapPage)} />
        <Route path="plan-du-site" element={page(SitemapPage)} />
        <Route path="mentions-legales" element={page(LegalPage)} />
        <Route path="not-found" element={<NotFoundPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

