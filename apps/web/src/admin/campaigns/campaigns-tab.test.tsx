import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmProvider } from '../ui/confirm.tsx';
import { ToastProvider } from '../ui/toast.tsx';
import { renderWithProviders, sentBodies, stubFetch } from '../test-utils.tsx';
import { campaignTexts } from '@bande/shared/schemas/campaigns';
import { CampaignsTab } from './campaigns-tab.tsx';

vi.setConfig({ testTimeout: 20_000 });

const base = { body: 'Bonjour', includeUpcoming: true, sendAt: null, startedAt: null, sentAt: null, slug: null, failureReason: null, createdAt: '2026-03-03T19:30:00.000Z', updatedAt: '2026-03-03T19:30:00.000Z' };
const draft = { ...base, id: 1, subject: 'Lettre de mars', status: 'draft', stats: { recipients: 0, sent: 0, failed: 0, pending: 0 } };
const sending = { ...base, id: 2, subject: 'Lettre de février', status: 'sending', startedAt: '2026-02-03T09:00:00.000Z', stats: { recipients: 10, sent: 4, failed: 1, pending: 5 } };
const scheduled = { ...base, id: 3, subject: 'Lettre d’avril', status: 'scheduled', sendAt: '2026-04-01T16:30:00.000Z', stats: { recipients: 0, sent: 0, failed: 0, pending: 0 } };
const cancelled = { ...base, id: 4, subject: 'Lettre annulée', status: 'cancelled', stats: { recipients: 0, sent: 0, failed: 0, pending: 0 } };
const sent = { ...base, id: 5, subject: 'Lettre de janvier', status: 'sent', sentAt: '2026-01-10T08:00:00.000Z', slug: 'janvier-5', stats: { recipients: 5, sent: 2, failed: 3, pending: 0, bounced: 1, unsubscribed: 2 } };

const renderTab = () =>
  renderWithProviders(
    <ToastProvider>
      <ConfirmProvider>
        <CampaignsTab />
      </ConfirmProvider>
    </ToastProvider>,
    { route: '/admin/dashboard' },
  );

beforeEach(() => localStorage.setItem('admin_token', 'jeton'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('« Lettres » tab', () => {
  it('lists the letters with their state, send date, counts and a progress bar while one sends; the counters count every state', async () => {
    stubFetch({ 'GET /api/campaigns': { body: { data: [draft, sending, scheduled, cancelled, sent] } } });
    renderTab();
    const [header, mars, fevrier, avril, annulee, janvier] = await screen.findAllByRole('row');
    expect(header).toHaveTextContent('Envoi');
    expect(within(mars!).getByText('Brouillon')).toBeInTheDocument();
    expect(within(fevrier!).getByText('En cours d’envoi')).toBeInTheDocument();
    expect(within(fevrier!).getByRole('progressbar')).toHaveAttribute('value', '5');
    expect(fevrier).toHaveTextContent('4 / 10 — 1 en échec');
    expect(fevrier).toHaveTextContent('03/02/2026 10:00');
    expect(avril).toHaveTextContent('prévu le 01/04/2026 18:30');
    expect(janvier).toHaveTextContent('10/01/2026 09:00');
    // After the send, counted without tracking: bounces and unsubscribes within 7 days; a dash before any send.
    expect(header).toHaveTextContent('Rebonds');
    expect(header).toHaveTextContent('Désinscrits sous 7 jours');
    expect(within(janvier!).getByText('1')).toHaveAttribute('data-label', 'Rebonds');
    expect(within(janvier!).getByText('2')).toHaveAttribute('data-label', 'Désinscrits sous 7 jours');
    expect(within(mars!).getAllByText('—').map((cell) => cell.getAttribute('data-label'))).toEqual(['Envoi', 'Rebonds', 'Désinscrits sous 7 jours']);
    // Drafts, scheduled and cancelled letters can be deleted; sent ones cannot.
    expect(within(mars!).getByRole('button', { name: 'Supprimer Lettre de mars' })).toBeInTheDocument();
    expect(within(annulee!).getByRole('button', { name: 'Supprimer Lettre annulée' })).toBeInTheDocument();
    expect(within(janvier!).queryByRole('button', { name: /Supprimer/ })).toBeNull();
    const counters = screen.getByLabelText('Compteurs des lettres');
    expect(counters).toHaveTextContent(/Envoyées\s*2/);
    expect(counters).toHaveTextContent(/Programmées\s*1/);
    expect(counters).toHaveTextContent(/Brouillons\s*1/);
    expect(counters).toHaveTextContent(/Annulées\s*1/);
    expect(counters).toHaveTextContent(/Total\s*5/);
  });

  it('a scheduled letter shows its time again when reopened, and offers to change it', async () => {
    stubFetch({
      'GET /api/campaigns': { body: { data: [scheduled] } },
      'GET /api/campaigns/3': { body: { data: { ...scheduled, failures: [], retryable: 0 } } },
      'POST /api/campaigns/preview': { body: { html: '<p>Aperçu</p>', text: 'x' } },
    });
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Ouvrir Lettre d’avril' }));
    await waitFor(() => expect(screen.getByLabelText('Programmer l’envoi (heure de Paris)')).toHaveValue('2026-04-01T18:30'));
    expect(screen.getByRole('dialog')).toHaveTextContent('Programmée pour le 1 avril 2026 à 18:30');
    expect(screen.getByRole('button', { name: 'Changer l’heure d’envoi' })).toBeEnabled();
  });

  it('« Nouvelle lettre » then Escape leaves nothing on the server; the first save creates it', async () => {
    const fetchMock = stubFetch({
      'GET /api/campaigns': { body: { data: [] } },
      'POST /api/campaigns/preview': { body: { html: '<p>Aperçu</p>', text: 'x' } },
      'POST /api/campaigns': { status: 201, body: { data: { ...draft, id: 9, subject: 'Avril' } } },
      'GET /api/campaigns/9': { body: { data: { ...draft, id: 9, subject: 'Avril', failures: [], retryable: 0 } } },
    });
    renderTab();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Nouvelle lettre' }));
    expect(await screen.findByRole('dialog', { name: 'Nouvelle lettre' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentBodies(fetchMock, 'POST', '/api/campaigns')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Nouvelle lettre' }));
    await user.type(await screen.findByRole('textbox', { name: /Objet/ }), 'Avril');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(sentBodies(fetchMock, 'POST', '/api/campaigns')).toEqual([{ subject: 'Avril', body: 'Bonjour,\n\n', includeUpcoming: true }]));
    expect(await screen.findByRole('dialog', { name: 'Lettre : Avril' })).toBeInTheDocument();
    // Saved as the server keeps it (trimmed): closing asks nothing.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('« Annoncer un spectacle »: picks a published show (French message when none is chosen), opens the prepared letter, editable, saved only on « Enregistrer »', async () => {
    const prepared = { subject: 'À l’affiche\u00a0: «\u00a0Les Bonnes\u00a0»', body: '![Les Bonnes](/uploads/bonnes.jpg)\n\nDeux sœurs.' };
    const fetchMock = stubFetch({
      'GET /api/campaigns': { body: { data: [] } },
      'GET /api/shows': { body: { data: [{ id: 7, name: 'Les Bonnes', published: true }, { id: 8, name: 'Brouillon de spectacle', published: false }] } },
      'GET /api/campaigns/announce/7': { body: { data: prepared } },
      'POST /api/campaigns/preview': { body: { html: '<p>Aperçu</p>', text: 'x' } },
      'POST /api/campaigns': { status: 201, body: { data: { ...draft, id: 9, subject: prepared.subject } } },
      'GET /api/campaigns/9': { body: { data: { ...draft, id: 9, subject: prepared.subject, failures: [], retryable: 0 } } },
    });
    renderTab();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Annoncer un spectacle' }));
    const dialog = await screen.findByRole('dialog', { name: 'Annoncer un spectacle' });
    const select = await within(dialog).findByRole('combobox', { name: /Spectacle/ });
    // Only published shows: an unpublished one's page would be a 404 for the subscribers.
    expect(within(select).queryByRole('option', { name: 'Brouillon de spectacle' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Préparer la lettre' }));
    expect(await within(dialog).findByText('Choisissez le spectacle à annoncer.')).toBeInTheDocument();
    await user.selectOptions(select, 'Les Bonnes');
    await user.click(within(dialog).getByRole('button', { name: 'Préparer la lettre' }));
    const editor = await screen.findByRole('dialog', { name: 'Nouvelle lettre' });
    expect(within(editor).getByRole('textbox', { name: /Objet/ })).toHaveValue(prepared.subject);
    const body = within(editor).getByRole('textbox', { name: /Texte/ });
    expect(body).toHaveValue(prepared.body);
    expect(sentBodies(fetchMock, 'POST', '/api/campaigns')).toEqual([]);
    await user.type(body, ' À bientôt.');
    await user.click(within(editor).getByRole('button', { name: 'Enregistrer' }));
    // Its own performances are in the text: the block of every show's is off.
    await waitFor(() => expect(sentBodies(fetchMock, 'POST', '/api/campaigns')).toEqual([{ subject: prepared.subject, body: `${prepared.body} À bientôt.`, includeUpcoming: false }]));
  });

  it('deletes a draft after the usual question, and duplicates a sent letter into a new draft', async () => {
    const fetchMock = stubFetch({
      'GET /api/campaigns': { body: { data: [draft, sent] } },
      'GET /api/campaigns/1': { body: { data: { ...draft, failures: [], retryable: 0 } } },
      'GET /api/campaigns/5': { body: { data: { ...sent, failures: [], retryable: 0 } } },
      'GET /api/campaigns/6': { body: { data: { ...draft, id: 6, subject: 'Lettre de janvier (copie)', failures: [], retryable: 0 } } },
      'POST /api/campaigns/preview': { body: { html: '<p>Aperçu</p>', text: 'x' } },
      'DELETE /api/campaigns/1': { status: 204 },
      'POST /api/campaigns': { status: 201, body: { data: { ...draft, id: 6, subject: 'Lettre de janvier (copie)' } } },
    });
    renderTab();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Supprimer Lettre de mars' }));
    const question = await screen.findByRole('alertdialog', { name: 'Confirmer la suppression' });
    expect(question).toHaveTextContent('Supprimer la lettre « Lettre de mars » ? Elle sera effacée.');
    expect(sentBodies(fetchMock, 'DELETE', '/api/campaigns/1')).toHaveLength(0);
    await user.click(within(question).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(sentBodies(fetchMock, 'DELETE', '/api/campaigns/1')).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: 'Ouvrir Lettre de janvier' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Objet/ })).toHaveValue('Lettre de janvier'));
    await user.click(screen.getByRole('button', { name: 'Dupliquer' }));
    await waitFor(() => expect(sentBodies(fetchMock, 'POST', '/api/campaigns')).toEqual([{ subject: 'Lettre de janvier (copie)', body: 'Bonjour', includeUpcoming: true }]));
    expect(await screen.findByRole('dialog', { name: 'Lettre : Lettre de janvier (copie)' })).toBeInTheDocument();
  });

  it('« Renvoyer aux échecs » says how many temporary failures it retries before it acts; failures read in French with the detail', async () => {
    const fetchMock = stubFetch({
      'GET /api/campaigns': { body: { data: [sent] } },
      'GET /api/campaigns/5': {
        body: {
          data: {
            ...sent,
            retryable: 1,
            failures: [
              { email: 'plein@example.org', error: 'Refus temporaire du serveur du destinataire (451)', detail: 'Message failed: 451 Try again later', temporary: true },
              { email: 'inconnu@example.org', error: 'Adresse refusée par le serveur du destinataire (550)', detail: 'Can’t send mail - all recipients were rejected', temporary: false },
            ],
          },
        },
      },
      'POST /api/campaigns/preview': { body: { html: '<p>Aperçu</p>', text: 'x' } },
      'POST /api/campaigns/5/retry-failed': { body: { data: sent } },
    });
    renderTab();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Ouvrir Lettre de janvier' }));
    const failures = await screen.findByRole('region', { name: 'Adresses en échec' });
    expect(failures).toHaveTextContent('inconnu@example.org — Adresse refusée par le serveur du destinataire (550) (pas de nouvel essai)');
    expect(failures).toHaveTextContent('Réponse du serveur : Can’t send mail');
    await user.click(within(failures).getByRole('button', { name: 'Renvoyer aux échecs temporaires' }));
    const question = await screen.findByRole('alertdialog', { name: 'Renvoyer aux échecs' });
    expect(question).toHaveTextContent('Renvoyer à 1 adresse en échec temporaire ?');
    expect(sentBodies(fetchMock, 'POST', '/api/campaigns/5/retry-failed')).toHaveLength(0);
    await user.click(within(question).getByRole('button', { name: 'Renvoyer à 1 adresse' }));
    await waitFor(() => expect(sentBodies(fetchMock, 'POST', '/api/campaigns/5/retry-failed')).toHaveLength(1));
  });

  it('shows why a letter that could not be rendered went to nobody (issue 33)', async () => {
    const reason = 'La lettre n’a pas pu être mise en page, elle n’est partie chez personne : une fois mise en page, elle dépasse 5 Mo.';
    stubFetch({ 'GET /api/campaigns': { body: { data: [{ ...draft, status: 'failed', failureReason: reason }] } } });
    renderTab();
    const [, row] = await screen.findAllByRole('row');
    expect(within(row!).getByText('En échec')).toBeInTheDocument();
    expect(within(row!).getByText(reason)).toBeInTheDocument();
  });

  it('says why the server refuses to preview a letter (its French reason, issue 33)', async () => {
    const reason = campaignTexts.personalPlaceholder;
    stubFetch({
      'GET /api/campaigns': { body: { data: [draft] } },
      'GET /api/campaigns/1': { body: { data: { ...draft, failures: [] } } },
      'POST /api/campaigns/preview': { status: 400, body: { error: reason } },
    });
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Ouvrir Lettre de mars' }));
    // Testing Library reads no-break spaces as spaces.
    expect(await screen.findByText(`Aperçu indisponible : ${reason}`.replace(/\s/gu, ' '), {}, { timeout: 3000 })).toBeInTheDocument();
  });

  it('previews the mail at two widths, and sends only after a confirmation naming the number of recipients', async () => {
    let recipients = 312;
    const fetchMock = stubFetch({
      'GET /api/campaigns': { body: { data: [draft] } },
      'GET /api/campaigns/1': { body: { data: { ...draft, failures: [], retryable: 0 } } },
      'POST /api/campaigns/preview': { body: { html: '<p>Aperçu de la lettre</p>', text: 'x' } },
      'GET /api/campaigns/recipients-count': () => ({ body: { count: recipients } }),
      'PUT /api/campaigns/1': { body: { data: draft } },
      'POST /api/campaigns/1/send': { body: { data: { ...draft, status: 'sending' } } },
    });
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Ouvrir Lettre de mars' }));
    expect(await screen.findByTitle('Aperçu sur téléphone', {}, { timeout: 3000 })).toHaveAttribute('srcdoc', '<p>Aperçu de la lettre</p>');
    expect(screen.getByTitle('Aperçu sur ordinateur')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Envoyer maintenant' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Envoyer à 312 abonnés ?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    recipients = 1;
    await userEvent.click(screen.getByRole('button', { name: 'Envoyer maintenant' }));
    const one = await screen.findByRole('alertdialog');
    expect(one).toHaveTextContent('Envoyer à 1 abonné ?');
    expect(sentBodies(fetchMock, 'POST', '/api/campaigns/1/send')).toHaveLength(0);
    await userEvent.click(within(one).getByRole('button', { name: 'Envoyer la lettre' }));
    await waitFor(() => expect(sentBodies(fetchMock, 'POST', '/api/campaigns/1/send')).toEqual([{}]));
  });

  it('asks « Abandonner les modifications ? » before a changed letter closes, and « Continuer la saisie » keeps the text (issue 28)', async () => {
    stubFetch({
      'GET /api/campaigns': { body: { data: [draft] } },
      'GET /api/campaigns/1': { body: { data: { ...draft, failures: [], retryable: 0 } } },
      'POST /api/campaigns/preview': { body: { html: '<p>Aperçu</p>', text: 'x' } },
    });
    renderTab();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Ouvrir Lettre de mars' }));
    const subject = await screen.findByRole('textbox', { name: /Objet/ });
    await waitFor(() => expect(subject).toHaveValue('Lettre de mars'));
    // Unchanged, it closes at once.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(await screen.findByRole('button', { name: 'Ouvrir Lettre de mars' }));
    const again = await screen.findByRole('textbox', { name: /Objet/ });
    await waitFor(() => expect(again).toHaveValue('Lettre de mars'));
    await user.type(again, ' et avril');
    await user.keyboard('{Escape}');
    const question = await screen.findByRole('alertdialog', { name: 'Abandonner les modifications ?' });
    await user.click(within(question).getByRole('button', { name: 'Continuer la saisie' }));
    expect(screen.getByRole('textbox', { name: /Objet/ })).toHaveValue('Lettre de mars et avril');
  });
});
