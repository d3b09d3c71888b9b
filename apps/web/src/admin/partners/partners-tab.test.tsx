import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { Partner } from '@bande/shared';
import { loggedInForEachTest, renderAdminTab, stubFetch } from '../test-utils.tsx';
import { PartnersTab } from './partners-tab.tsx';

vi.setConfig({ testTimeout: 20_000 });

const partner = (id: number, title: string, description: string): Partner => ({
  id,
  title,
  description,
  logo: null,
  link: null,
  published: true,
  createdAt: '2026-03-03T19:30:00.000Z',
  updatedAt: '2026-03-03T19:30:00.000Z',
});

const renderTab = () => renderAdminTab(<PartnersTab />);

loggedInForEachTest({ asTestAdmin: true });

describe('partners tab', () => {
  it('shows each description cut at 30 characters with the shared ellipsis rule, the whole text in its title', async () => {
    const long = 'Café-librairie qui accueille nos lectures';
    // The cut falls in a run of spaces: they give way to the ellipsis (truncatePartnerDescription).
    const spaced = 'Une association de lecture     voix haute';
    const exact = 'Exactement trente caractères!!';
    stubFetch({ 'GET /api/partners': { body: { data: [partner(1, 'La Librairie', long), partner(2, 'Les Voix', spaced), partner(3, 'Trente', exact)] } } });
    renderTab();

    const cut = await screen.findByText('Café-librairie qui accueille n...');
    expect(cut).toHaveAttribute('title', long);
    expect(screen.getByText('Une association de lecture...')).toHaveAttribute('title', spaced);
    expect(screen.getByText(exact)).toHaveAttribute('title', exact);
  });
});
