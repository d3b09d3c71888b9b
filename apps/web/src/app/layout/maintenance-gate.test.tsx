import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { texts } from '@bande/shared/texts';
import { jsonResponse, renderWithProviders } from '../../test/render.tsx';
import { MAINTENANCE_ACCESS_KEY, MaintenanceGate } from './maintenance-gate.tsx';

const site = (maintenanceMode: boolean) => jsonResponse({ siteName: 'La Bande à Lire', siteUrl: 'http://localhost', maintenanceMode, addressSearchUrl: 'https://example.org' });
const page = <MaintenanceGate>
  <h1>Page publique</h1>
</MaintenanceGate>;

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('maintenance gate', () => {
  it('lets visitors in when the site is not in maintenance, without opening the local storage', async () => {
    const getItem = vi.spyOn(Storage.prototype, 'getItem');
    vi.stubGlobal('fetch', vi.fn(async () => site(false)));
    renderWithProviders(page);
    expect(await screen.findByRole('heading', { name: 'Page publique' })).toBeInTheDocument();
    // Opening the storage costs the browser a synchronous read: only maintenance mode needs the flag.
    expect(getItem).not.toHaveBeenCalled();
    getItem.mockRestore();
  });

  it("shows 'Site en maintenance'; M asks, Non closes the question, Oui stores the flag and opens the site", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => site(true)));
    const user = userEvent.setup({ delay: null });
    renderWithProviders(page);
    expect(await screen.findByRole('heading', { name: texts.maintenance.title })).toBeInTheDocument();
    expect(screen.queryByText('Page publique')).not.toBeInTheDocument();

    await user.keyboard('m');
    // The question's code is fetched on first opening.
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: texts.maintenance.no }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(localStorage.getItem(MAINTENANCE_ACCESS_KEY)).toBeNull();

    await user.keyboard('M');
    await user.click(screen.getByRole('button', { name: texts.maintenance.yes }));
    expect(localStorage.getItem(MAINTENANCE_ACCESS_KEY)).not.toBeNull();
    expect(screen.getByRole('heading', { name: 'Page publique' })).toBeInTheDocument();
  });

  it('opens at once for a visitor who already holds the flag', async () => {
    localStorage.setItem(MAINTENANCE_ACCESS_KEY, 'true');
    vi.stubGlobal('fetch', vi.fn(async () => site(true)));
    renderWithProviders(page);
    expect(await screen.findByRole('heading', { name: 'Page publique' })).toBeInTheDocument();
  });
});
