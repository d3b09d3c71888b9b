import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { texts } from '@bande/shared/texts';

// The backoffice is a separate chunk: a public page never downloads its code.
const AdminApp = lazy(() => import('../admin/admin-app.tsx'));

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
      <Route path="*" element={<main><h1>La Bande à Lire</h1><p>Le site arrive bientôt.</p></main>} />
    </Routes>
  );
}
