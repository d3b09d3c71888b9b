import { Navigate, Route, Routes } from 'react-router';

/** Everything under /admin/* (login, forgot-password, dashboard); any other /admin path goes to login. */
export default function AdminApp() {
  return (
    <Routes>
      <Route path="login" element={<main><h1>Connexion administrateur</h1></main>} />
      <Route path="*" element={<Navigate to="/admin/login" replace />} />
    </Routes>
  );
}
