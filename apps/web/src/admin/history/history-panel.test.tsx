import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, sentBodies, stubFetch } from '../test-utils.tsx';
import { ConfirmProvider } from '../ui/confirm.tsx';
import { ToastProvider } from '../ui/toast.tsx';
import { DeletedItems } from './deleted-items.tsx';
import { HistoryPanel } from './history-panel.tsx';
import { changesBetween } from './field-labels.ts';

vi.setConfig({ testTimeout: 20_000 });

const show = (pitch: string, over: object = {}) => ({
  id: 7,
  name: 'Le Horla',
  pitch,
  published: false,
  performances: [{ id: 1, date: '2026-03-03T19:30:00.000Z', address: '3 rue Basse', venueName: 'La Cave', bookingLink: null }],
  credits: [],
  ...over,
});
const revisions = [
  { id: 12, at: '2026-07-14T08:05:00.000Z', userEmail: 'lea@example.org', entity: 'show', entityId: 7, action: 'update' },
  { id: 11, at: '2026-03-03T19:30:00.000Z', userEmail: 'paul@example.org', entity: 'show', entityId: 7, action: 'create' },
];
const snapshots: Record<string, object> = { '/api/revisions/12': show('Nouvelle accroche', { performances: [] }), '/api/revisions/11': show('Ancienne accroche') };

beforeEach(() => localStorage.setItem('admin_token', 'jeton'));
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function renderPanel(onRestored = vi.fn()) {
  const detail = ({ url }: { url: string }) => {
    const revision = revisions.find((r) => url.endsWith(`/${r.id}`))!;
    return { body: { data: { ...revision, snapshot: snapshots[url] } } };
  };
  const fetch = stubFetch({
    'GET /api/revisions': { body: { data: revisions } },
    'GET /api/revisions/12': detail,
    'GET /api/revisions/11': detail,
    'POST /api/revisions/11/restore': { body: { data: show('Ancienne accroche') } },
  });
  const rendered = renderWithProviders(
    <ToastProvider>
      <ConfirmProvider>
        <HistoryPanel entity="show" entityId={7} contentKey={['admin', 'shows']} onRestored={onRestored} />
      </ConfirmProvider>
    </ToastProvider>,
    { route: '/admin/dashboard' },
  );
  return { fetch, onRestored, ...rendered };
}

describe('Historique panel', () => {
  it('loads nothing until opened, then lists who, when (Paris time) and what, newest first', async () => {
    const { fetch } = renderPanel();
    const user = userEvent.setup({ delay: null });
    expect(fetch).not.toHaveBeenCalled();
    await user.click(screen.getByText('Historique'));
    const items = within(await screen.findByRole('list', { name: 'Historique' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Modification · 14/07/2026 10:05 · lea@example.org');
    expect(items[0]).toHaveTextContent('Version actuelle');
    expect(items[1]).toHaveTextContent('Création · 03/03/2026 20:30 · paul@example.org');
    expect(fetch.mock.calls.map(([input]) => String(input))).toEqual(['/api/revisions?entity=show&entityId=7']);
  });

  it('shows what a revision changed from the one before, field by field in French', async () => {
    renderPanel();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByText('Historique'));
    const [newest] = within(await screen.findByRole('list', { name: 'Historique' })).getAllByRole('listitem');
    await user.click(within(newest!).getByText('Voir les changements'));
    await waitFor(() => expect(within(newest!).getByText('Accroche')).toBeInTheDocument());
    expect(within(newest!).getByText('Ancienne accroche').tagName).toBe('DEL');
    expect(within(newest!).getByText('Nouvelle accroche').tagName).toBe('INS');
    expect(within(newest!).getByText('Représentations')).toBeInTheDocument();
    expect(within(newest!).getByText('aucune')).toBeInTheDocument();
    // Unchanged fields are not listed.
    expect(within(newest!).queryByText('Titre')).not.toBeInTheDocument();
  });

  it('restores an older version after confirmation, then hands the restored entity over', async () => {
    const { fetch, onRestored } = renderPanel();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByText('Historique'));
    await user.click(await screen.findByRole('button', { name: 'Restaurer la version du 03/03/2026 20:30' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('va remplacer le contenu actuel');
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(sentBodies(fetch, 'POST', '/api/revisions/11/restore')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Restaurer la version du 03/03/2026 20:30' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Restaurer' }));
    await waitFor(() => expect(onRestored).toHaveBeenCalledWith(expect.objectContaining({ pitch: 'Ancienne accroche' })));
    expect(sentBodies(fetch, 'POST', '/api/revisions/11/restore')).toHaveLength(1);
    expect(await screen.findByText('Version restaurée.')).toBeInTheDocument();
  });

  it('says so when the API refuses the restore', async () => {
    stubFetch({
      'GET /api/revisions': { body: { data: revisions } },
      'POST /api/revisions/11/restore': { status: 409, body: { error: "La catégorie de cet événement n'existe plus : restaurez-la d'abord." } },
    });
    renderWithProviders(
      <ToastProvider>
        <ConfirmProvider>
          <HistoryPanel entity="show" entityId={7} contentKey={['admin', 'shows']} />
        </ConfirmProvider>
      </ToastProvider>,
      { route: '/admin/dashboard' },
    );
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByText('Historique'));
    await user.click(await screen.findByRole('button', { name: /^Restaurer la version/ }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Restaurer' }));
    expect(await screen.findByText(/Erreur lors de la restauration : La catégorie de cet événement/)).toBeInTheDocument();
  });
});

describe('Éléments supprimés', () => {
  it('lists deleted items with who and when, and restores one after confirmation', async () => {
    let gone = true;
    const fetch = stubFetch({
      'GET /api/revisions/deleted': () => ({
        body: { data: gone ? [{ id: 30, at: '2026-03-03T19:30:00.000Z', userEmail: 'lea@example.org', entity: 'show', entityId: 7, action: 'delete', label: 'Le Horla' }] : [] },
      }),
      'POST /api/revisions/30/restore': () => {
        gone = false;
        return { body: { data: show('x') } };
      },
    });
    renderWithProviders(
      <ToastProvider>
        <ConfirmProvider>
          <DeletedItems entity="show" contentKey={['admin', 'shows']} title="Spectacles supprimés" />
        </ConfirmProvider>
      </ToastProvider>,
      { route: '/admin/dashboard' },
    );
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByText('Spectacles supprimés'));
    const list = await screen.findByRole('list', { name: 'Spectacles supprimés' });
    expect(list).toHaveTextContent('Le Horla — supprimé le 03/03/2026 20:30 par lea@example.org');
    expect(String(fetch.mock.calls[0]![0])).toBe('/api/revisions/deleted?entity=show');
    await user.click(within(list).getByRole('button', { name: 'Restaurer « Le Horla »' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Restaurer' }));
    expect(await screen.findByText('« Le Horla » est restauré, en brouillon.')).toBeInTheDocument();
    expect(await screen.findByText('Aucun élément supprimé.')).toBeInTheDocument();
  });
});

describe('a venue, which has no published state', () => {
  it('is restored without a promise of « brouillon »', async () => {
    stubFetch({
      'GET /api/revisions/deleted': { body: { data: [{ id: 31, at: '2026-03-03T19:30:00.000Z', userEmail: 'lea@example.org', entity: 'venue', entityId: 2, action: 'delete', label: 'La Grange' }] } },
      'POST /api/revisions/31/restore': { body: { data: { id: 2, name: 'La Grange', address: '1 rue Haute' } } },
    });
    renderWithProviders(
      <ToastProvider>
        <ConfirmProvider>
          <DeletedItems entity="venue" contentKey={['admin', 'venues']} title="Lieux supprimés" />
        </ConfirmProvider>
      </ToastProvider>,
      { route: '/admin/dashboard' },
    );
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByText('Lieux supprimés'));
    const list = await screen.findByRole('list', { name: 'Lieux supprimés' });
    expect(document.body).not.toHaveTextContent(/brouillon/);
    await user.click(within(list).getByRole('button', { name: 'Restaurer « La Grange »' }));
    const question = await screen.findByRole('alertdialog');
    expect(question).toHaveTextContent("« La Grange » reviendra tel qu'il était avant sa suppression.");
    expect(question).not.toHaveTextContent(/brouillon|publié/);
    await user.click(within(question).getByRole('button', { name: 'Restaurer' }));
    expect(await screen.findByText('« La Grange » est restauré.')).toBeInTheDocument();
  });
});

describe('changesBetween', () => {
  it('compares the labelled fields only, and lists every field of a first version', () => {
    const before = { name: 'A', pitch: 'p', updatedAt: '1', published: false };
    expect(changesBetween('show', before, { ...before, updatedAt: '2' })).toEqual([]);
    expect(changesBetween('show', before, { ...before, published: true })).toEqual([{ label: 'Publié', before: 'Non', after: 'Oui' }]);
    const first = changesBetween('venue', undefined, { name: 'La Cave', address: '' });
    expect(first).toEqual([
      { label: 'Nom', before: '', after: 'La Cave' },
      { label: 'Adresse', before: '', after: '(vide)' },
    ]);
  });
});

describe('the site texts’ history speaks of texts (issue 35)', () => {
  it('credits the first entry to « version d’origine », not a schedule, and its restore question says nothing of drafts', async () => {
    stubFetch({
      'GET /api/revisions': {
        body: {
          data: [
            { id: 22, at: '2026-07-14T08:05:00.000Z', userEmail: 'lea@example.org', entity: 'site-content', entityId: 1, action: 'update' },
            { id: 21, at: '2026-03-03T19:30:00.000Z', userEmail: null, entity: 'site-content', entityId: 1, action: 'update' },
          ],
        },
      },
    });
    renderWithProviders(
      <ToastProvider>
        <ConfirmProvider>
          <HistoryPanel entity="site-content" entityId={1} contentKey={['admin', 'site-content']} onRestored={vi.fn()} />
        </ConfirmProvider>
      </ToastProvider>,
      { route: '/admin/dashboard' },
    );
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByText('Historique'));
    const items = within(await screen.findByRole('list', { name: 'Historique' })).getAllByRole('listitem');
    expect(items[1]).toHaveTextContent('version d’origine');
    expect(items[1]).not.toHaveTextContent('publication programmée');
    await user.click(screen.getByRole('button', { name: 'Restaurer la version du 03/03/2026 20:30' }));
    const question = await screen.findByRole('alertdialog');
    expect(question).not.toHaveTextContent(/brouillon|publication/);
  });

  it('names the site texts’ fields with one apostrophe style', () => {
    const changes = changesBetween('site-content', { homeLead: 'A', associationName: 'X' }, { homeLead: 'B', associationName: 'Y' });
    expect(changes.map((change) => change.label)).toEqual(expect.arrayContaining(['Texte d’accueil', 'Nom de l’association']));
    expect(changes.map((change) => change.label).join(' ')).not.toContain("'");
  });
});
