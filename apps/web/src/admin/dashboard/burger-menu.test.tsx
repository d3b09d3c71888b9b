import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EMPTY_LEGAL_SETTINGS } from '@bande/shared';
import { loggedInForEachTest, renderWithProviders, stubFetch } from '../test-utils.tsx';
import DashboardPage from './dashboard-page.tsx';

loggedInForEachTest();

describe('the burger menu (phone width)', () => {
  it('closes on Escape and gives the focus back to its button, as the desktop dropdowns do', async () => {
    stubFetch({ 'GET /api/shows': { body: { data: [] } }, 'GET /api/messages/summary': { body: { new: 0 } }, 'GET /api/legal': { body: EMPTY_LEGAL_SETTINGS } });
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<DashboardPage />, { route: '/admin/dashboard' });
    const burger = screen.getByRole('button', { name: 'Menu' });
    await user.click(burger);
    expect(burger).toHaveAttribute('aria-expanded', 'true');
    screen.getByRole('navigation', { name: 'Sections de l’administration (mobile)' }).querySelector('button')!.focus();

    await user.keyboard('{Escape}');
    expect(burger).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Sections de l’administration (mobile)' })).toBeNull();
    expect(burger).toHaveFocus();
  });
});
