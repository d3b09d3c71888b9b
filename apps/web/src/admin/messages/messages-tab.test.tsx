import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InboxMessage } from '@bande/shared';
import { loggedInForEachTest, renderAdminTab, sentBodies, stubFetch } from '../test-utils.tsx';
import { MessagesTab } from './messages-tab.tsx';

vi.setConfig({ testTimeout: 20_000 });
loggedInForEachTest();

const contact: InboxMessage = {
  id: 'contact-12',
  kind: 'contact',
  status: 'new',
  // 19:30 UTC in March is 20:30 in Paris.
  createdAt: '2026-03-03T19:30:00.000Z',
  handledAt: null,
  email: 'visiteuse@example.org',
  requestType: 'Spectacle sur mesure',
  message: 'Bonjour, nous aimerions une lecture pour les vingt ans de notre médiathèque, en juin si possible.',
  phone: '06 12 34 56 78',
};
const card: InboxMessage = {
  id: 'card-3',
  kind: 'card',
  status: 'done',
  createdAt: '2026-03-02T09:05:00.000Z',
  handledAt: '2026-03-02T10:00:00.000Z',
  email: 'camille@example.org',
  firstName: 'Camille',
  lastName: 'Durand',
  phone: '+33 6 12 34 56 78',
};

function render() {
  let status: 'new' | 'done' = 'new';
  const fetch = stubFetch({
    'GET /api/messages': ({ url }) => ({
      body: { data: url.includes('kind=card') ? [card] : url.includes('status=done') ? [card] : [{ ...contact, status }, card] },
    }),
    'GET /api/messages/summary': () => ({ body: { new: status === 'new' ? 1 : 0 } }),
    'PUT /api/messages/contact-12': ({ body }) => {
      status = (body as { status: 'new' | 'done' }).status;
      return { body: { data: { ...contact, status, handledAt: status === 'done' ? '2026-03-04T08:00:00.000Z' : null } } };
    },
    'DELETE /api/messages/contact-12': { status: 204 },
  });
  renderAdminTab(<MessagesTab />);
  return fetch;
}

describe('the Messages tab', () => {
  it('lists the messages with kind, Paris date, sender and first words, and filters them', async () => {
    const fetch = render();
    const rows = await screen.findAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('Contact');
    expect(rows[1]).toHaveTextContent('mardi 3 mars 2026 - 20h30');
    expect(rows[1]).toHaveTextContent('visiteuse@example.org');
    expect(rows[1]).toHaveTextContent('Bonjour, nous aimerions une lecture pour les vingt ans de no...');
    expect(rows[1]).toHaveTextContent('Nouveau');
    expect(rows[2]).toHaveTextContent('Demande de carte');
    expect(rows[2]).toHaveTextContent('Camille Durand');
    expect(rows[2]).toHaveTextContent('Traité');
    expect(within(screen.getByRole('definition')).getByText('1')).toBeInTheDocument();

    const user = userEvent.setup({ delay: null });
    await user.selectOptions(screen.getByLabelText('Type'), 'card');
    await vi.waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2));
    await user.selectOptions(screen.getByLabelText('Statut'), 'done');
    await vi.waitFor(() => expect(fetch.mock.calls.map(([url]) => String(url))).toContain('/api/messages?kind=card&status=done'));
  });

  it('opens a message with every field, a reply link, marks it handled and new again, and deletes it after confirmation', async () => {
    const fetch = render();
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Ouvrir le message de visiteuse@example.org' }));
    const dialog = screen.getByRole('dialog');
    for (const text of ['Spectacle sur mesure', 'visiteuse@example.org', '06 12 34 56 78', contact.message, 'mardi 3 mars 2026 - 20h30', 'Nouveau']) {
      expect(dialog).toHaveTextContent(text);
    }
    const reply = within(dialog).getByRole('link', { name: 'Répondre' });
    expect(reply.getAttribute('href')).toBe(`mailto:visiteuse@example.org?subject=${encodeURIComponent('Re : Spectacle sur mesure — La Bande à Lire')}`);

    await user.click(within(dialog).getByRole('button', { name: 'Marquer comme traité' }));
    expect(await within(dialog).findByRole('button', { name: 'Marquer comme nouveau' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Traité le');
    await user.click(within(dialog).getByRole('button', { name: 'Marquer comme nouveau' }));
    expect(await within(dialog).findByRole('button', { name: 'Marquer comme traité' })).toBeInTheDocument();
    expect(sentBodies(fetch, 'PUT', '/api/messages/contact-12')).toEqual([{ status: 'done' }, { status: 'new' }]);

    await user.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    const confirmation = screen.getByRole('alertdialog');
    expect(confirmation).toHaveTextContent('Supprimer le message de « visiteuse@example.org » ?');
    await user.click(within(confirmation).getByRole('button', { name: 'Supprimer' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fetch.mock.calls.some(([url, init]) => String(url) === '/api/messages/contact-12' && init?.method === 'DELETE')).toBe(true);
  });

  it('says so when there is no message', async () => {
      stubFetch({ 'GET /api/messages': { body: { data: [] } }, 'GET /api/messages/summary': { body: { new: 0 } } });
    renderAdminTab(<MessagesTab />);
    expect(await screen.findByText('Aucun message')).toBeInTheDocument();
    expect(screen.getByText('Les messages envoyés depuis le site apparaîtront ici.')).toBeInTheDocument();
  });
});
