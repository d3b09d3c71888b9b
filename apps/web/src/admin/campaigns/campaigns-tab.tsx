import { useEffect, useState } from 'react';
import { frenchTypography } from '@bande/shared/format/french-typography';
import { UNSUBSCRIBE_WINDOW_DAYS, type Campaign, type CampaignAnnouncement, type CampaignStatusValue } from '@bande/shared/schemas/campaigns';
import { adminTexts } from '../admin-texts.ts';
import { errorMessage, useAdminApi } from '../lib/admin-api.ts';
import { useConfirmedDelete } from '../lib/record-actions.ts';
import { useOpenTab } from '../dashboard/open-tab.tsx';
import { useToast } from '../ui/toast.tsx';
import { AdminButton } from '../ui/button.tsx';
import { RowActions } from '../ui/row-actions.tsx';
import { EmptyState, ui } from '../ui/layout.tsx';
import { TabPage } from '../ui/tab-page.tsx';
import { campaignsKey, useAdminCampaigns } from './campaigns-queries.ts';
import { AnnounceShowDialog } from './announce-show-dialog.tsx';
import { CampaignEditor } from './campaign-editor.tsx';
import { SendProgress, STATUS_LABELS } from './campaign-status.tsx';
import styles from './campaigns.module.css';

const parisDateTime = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', dateStyle: 'short', timeStyle: 'short' });
const EDITABLE: CampaignStatusValue[] = ['draft', 'scheduled', 'cancelled', 'failed'];

/** The « Envoi » column: when it left (or is leaving), or when it is scheduled to. */
function sendDate(campaign: Campaign): string {
  const at = campaign.status === 'scheduled' ? campaign.sendAt : campaign.status === 'sending' ? campaign.startedAt : campaign.sentAt;
  if (!at) return '—';
  return campaign.status === 'scheduled' ? `prévu le ${parisDateTime.format(new Date(at))}` : parisDateTime.format(new Date(at));
}

/** « Lettres »: the newsletter's campaigns, written, tested, sent or scheduled from here (issue 24). */
/**
 * What happened after the send, counted per letter without tracking (issue 34): bounces a relay
 * reported for its copies, and readers who unsubscribed within UNSUBSCRIBE_WINDOW_DAYS of it. A letter
 * never sent has no such figure: a dash.
 */
const LATER_COUNTS = { bounced: 'Rebonds', unsubscribed: `Désinscrits sous ${UNSUBSCRIBE_WINDOW_DAYS} jours` } as const;
const laterCount = (campaign: Campaign, key: keyof typeof LATER_COUNTS) => (campaign.stats.sent > 0 || campaign.stats.failed > 0 ? campaign.stats[key] : '—');

/**
 * « Annoncer ce spectacle » on a show's row (the shows tab) opens this tab with that show's id: the
 * letter it prepares opens as a new letter, as from « Annoncer un spectacle » here. Asked once per
 * opening (the effect's cleanup drops an answer come after the tab was left).
 */
function useAnnounceFromShowsTab(onReady: (announcement: CampaignAnnouncement) => void) {
  const showId = useOpenTab()?.intent?.announceShowId;
  const api = useAdminApi();
  const toast = useToast();
  useEffect(() => {
    if (!showId) return;
    let current = true;
    api.get<{ data: CampaignAnnouncement }>(`/api/campaigns/announce/${showId}`).then(
      (answer) => current && onReady(answer.data),
      (error: unknown) => current && toast.show(errorMessage(error, 'La lettre n’a pas pu être préparée.'), 'error'),
    );
    return () => {
      current = false;
    };
    // Once per show asked for: the callbacks are new at each render, the request must not be.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [showId]);
}

export function CampaignsTab() {
  const campaigns = useAdminCampaigns();
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  // « Annoncer un spectacle »: choosing the show, then the new letter it prepared (not saved yet).
  const [choosingShow, setChoosingShow] = useState(false);
  const [announcement, setAnnouncement] = useState<CampaignAnnouncement | null>(null);
  const list = campaigns.data ?? [];
  useAnnounceFromShowsTab((prepared) => {
    setAnnouncement(prepared);
    setEditing('new');
  });
  const remove = useConfirmedDelete<Campaign>(campaignsKey, '/api/campaigns', (campaign) => frenchTypography(`Supprimer la lettre « ${campaign.subject} » ? Elle sera effacée.`), 'Erreur lors de la suppression de la lettre');
  const count = (status: CampaignStatusValue) => list.filter((c) => c.status === status).length;

  return (
    <TabPage
      title={adminTexts.tabs.campaigns}
      description="Les lettres envoyées aux abonnés confirmés de la newsletter. Une lettre envoyée paraît aussi dans les archives publiques (/lettres), sans lien personnel."
      action={
        <div className={ui.actions}>
          <AdminButton onClick={() => setChoosingShow(true)}>Annoncer un spectacle</AdminButton>
          <AdminButton
            variant="primary"
            onClick={() => {
              setAnnouncement(null);
              setEditing('new');
            }}
          >
            Nouvelle lettre
          </AdminButton>
        </div>
      }
      counters={{
        label: 'Compteurs des lettres',
        items: [
          { label: 'Envoyées', value: count('sent') + count('sending'), tone: 'good' },
          { label: 'Programmées', value: count('scheduled'), tone: 'good' },
          { label: 'Brouillons', value: count('draft'), tone: 'warn' },
          { label: 'Annulées', value: count('cancelled'), tone: 'warn' },
          { label: adminTexts.counters.total, value: list.length },
        ],
      }}
    >
      {choosingShow ? (
        <AnnounceShowDialog
          onClose={() => setChoosingShow(false)}
          onReady={(prepared) => {
            setChoosingShow(false);
            setAnnouncement(prepared);
            setEditing('new');
          }}
        />
      ) : null}
      {editing !== null ? (
        <CampaignEditor
          key={editing === 'new' ? `new-${announcement?.subject ?? ''}` : editing}
          id={editing === 'new' ? null : editing}
          initial={editing === 'new' ? announcement : null}
          onClose={() => {
            setEditing(null);
            setAnnouncement(null);
          }}
          onCreated={(id) => setEditing(id)}
        />
      ) : null}
      {campaigns.isPending ? (
        <p role="status">Chargement…</p>
      ) : list.length === 0 ? (
        <EmptyState title="Aucune lettre pour l’instant." />
      ) : (
        <table className={ui.table}>
          <caption className="visually-hidden">Lettres de la newsletter</caption>
          <thead>
            <tr>
              <th scope="col">Objet</th>
              <th scope="col">État</th>
              <th scope="col">Envoi</th>
              <th scope="col">Envoyés</th>
              <th scope="col">{LATER_COUNTS.bounced}</th>
              <th scope="col">{LATER_COUNTS.unsubscribed}</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.map((campaign) => (
              <tr key={campaign.id}>
                <td className={[ui.cardTitle, ui.cellStrong].join(' ')}>{campaign.subject}</td>
                <td data-label="État">
                  {STATUS_LABELS[campaign.status]}
                  {campaign.status === 'failed' && campaign.failureReason ? <span className={styles.failureReason}>{campaign.failureReason}</span> : null}
                </td>
                <td data-label="Envoi">{sendDate(campaign)}</td>
                <td data-label="Envoyés">
                  {campaign.stats.sent} / {campaign.stats.recipients}
                  {campaign.stats.failed ? ` — ${campaign.stats.failed} en échec` : ''}
                  {campaign.status === 'sending' ? <SendProgress campaign={campaign} /> : null}
                </td>
                <td data-label={LATER_COUNTS.bounced}>{laterCount(campaign, 'bounced')}</td>
                <td data-label={LATER_COUNTS.unsubscribed}>{laterCount(campaign, 'unsubscribed')}</td>
                <td className={ui.actionsCell}>
                  <div className={ui.actions}>
                    <AdminButton small onClick={() => setEditing(campaign.id)} aria-label={`Ouvrir ${campaign.subject}`}>
                      Ouvrir
                    </AdminButton>
                    {EDITABLE.includes(campaign.status) ? <RowActions name={campaign.subject} onDelete={() => remove.askDelete(campaign)} busy={remove.pending} /> : null}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </TabPage>
  );
}
