import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { ConfirmProvider } from '../ui/confirm.tsx';
import { ToastProvider } from '../ui/toast.tsx';
import { renderWithProviders, stubFetch } from '../test-utils.tsx';
import { ShowsTab } from '../shows/shows-tab.tsx';
import { MembersTab } from '../members/members-tab.tsx';

vi.setConfig({ testTimeout: 20_000 });

const inDashboard = (tab: ReactNode) =>
  renderWithProviders(
    <ToastProvider>
      <ConfirmProvider>{tab}</ConfirmProvider>
    </ToastProvider>,
    { route: '/admin/dashboard' },
  );

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const show = (id: number, name: string, published: boolean, publishAt: string | null, unpublishAt: string | null) => ({
  id,
  slug: `s-${id}`,
  name,
  type: 'Pépite',
  pitch: 'Un pitch',
  year: '2026',
  photo: null,
  isFeatured: false,
  published,
  performances: [],
  publishAt,
  unpublishAt,
});

describe('the tables say what is planned', () => {
  it('shows: « Programmé le … » under a draft’s status, « Retrait programmé le … » under a published one’s', async () => {
    localStorage.setItem('admin_token', 'jeton');
    stubFetch({
      'GET /api/shows': {
        body: {
          data: [
            show(1, 'Les Misérables', false, '2026-03-03T19:30:00.000Z', null),
            show(2, 'Le Horla', true, null, '2026-07-14T21:45:00.000Z'),
            show(3, 'Bel-Ami', true, null, null),
          ],
        },
      },
    });
    inDashboard(<ShowsTab />);
    const planned = (await screen.findByText('Les Misérables')).closest('tr')!;
    expect(within(planned).getByText('Brouillon')).toBeInTheDocument();
    expect(within(planned).getByText('Programmé le mardi 3 mars 2026 - 20h30')).toBeInTheDocument();
    const withdrawn = screen.getByText('Le Horla').closest('tr')!;
    expect(within(withdrawn).getByText('Retrait programmé le mardi 14 juillet 2026 - 23h45')).toBeInTheDocument();
    expect(screen.getByText('Bel-Ami').closest('tr')).not.toHaveTextContent(/programmé/i);
  });

  it('members: the same under the member’s status', async () => {
    localStorage.setItem('admin_token', 'jeton');
    const member = {
      id: 4,
      documentId: 'd4',
      firstName: 'Emma',
      lastName: 'Rouault',
      fullName: 'Emma Rouault',
      role: 'Comédienne',
      note: null,
      photo: null,
      published: false,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      publishedAt: null,
      publishAt: '2026-12-31T23:15:00.000Z',
      unpublishAt: null,
    };
    stubFetch({ 'GET /api/members': { body: { data: [member] } } });
    inDashboard(<MembersTab />);
    const row = (await screen.findByText('Emma Rouault')).closest('tr')!;
    expect(within(row).getByText('Programmé le vendredi 1er janvier 2027 - 00h15')).toBeInTheDocument();
  });
});
