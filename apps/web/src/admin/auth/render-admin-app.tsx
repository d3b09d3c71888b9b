import { screen } from '@testing-library/react';
import AdminApp from '../admin-app.tsx';
import { renderWithProviders } from '../test-utils.tsx';

/**
 * The whole backoffice at `route`, once its page has come. The login and password pages are chunks of
 * their own (admin-app.tsx: the dashboard's first load does not wait for their forms' zod), so a test
 * waits for the page's heading as a visitor waits for it.
 */
export async function renderAdminApp(route = '/admin/login') {
  const rendered = renderWithProviders(<AdminApp />, { route });
  await screen.findByRole('heading', { level: 1 });
  return rendered;
}
