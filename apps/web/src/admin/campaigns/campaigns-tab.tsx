import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Campaign } from '@bande/shared/schemas/campaigns';
import { adminTexts } from '../admin-texts.ts';
import { errorMessage, useAdminApi } from '../lib/admin-api.ts';
import { AdminButton } from '../ui/button.tsx';
import { EmptyState, ui } from '../ui/layout.tsx';
import { TabPage } from '../ui/tab-page.tsx';
import { useToast } from '../ui/toast.tsx';
import { campaignsKey, useAdminCampaigns } from './campaigns-queries.ts';
import { CampaignEditor } from './campaign-editor.tsx';
import { SendProgress, STATUS_LABELS } from './campaign-status.tsx';

const parisDateTime = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', dateStyle: 'short', timeStyle: 'short' });

/** « Lettres »: the newsletter's campaigns, written, tested, sent or scheduled from here (issue 24). */
export function CampaignsTab() {
  const campaigns = useAdminCampaigns();
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const list = campaigns.data ?? [];
  const api = useAdminApi();
  const toast = useToast();
  const queryClient = useQueryClient();

  async function create() {
    try {
      const { data } = await api.send<{ data: Campaign }>('POST', '/api/campaigns', { subject: 'Nouvelle lettre', body: 'Bonjour,\n\n', includeUpcoming: true });
      await queryClient.invalidateQueries({ queryKey: campaignsKey });
      setEditing(data.id);
    } catch (error) {
      toast.show(errorMessage(error, 'Erreur lors de la création de la lettre'), 'error');
    }
  }

  return (
    <TabPage
      title={adminTexts.tabs.campaigns}
      description="Les lettres envoyées aux abonnés confirmés de la newsletter. Une lettre envoyée paraît aussi dans les archives publiques (/lettres), sans lien personnel."
      action={
        <AdminButton variant="primary" onClick={() => void create()}>
          Nouvelle lettre
        </AdminButton>
      }
      counters={{
        label: 'Compteurs des lettres',
        items: [
          { label: 'Envoyées', value: list.filter((c) => c.status === 'sent').length, tone: 'good' },
          { label: 'Brouillons', value: list.filter((c) => c.status === 'draft').length, tone: 'warn' },
          { label: adminTexts.counters.total, value: list.length },
        ],
      }}
    >
      {editing !== null && editing !== 'new' ? <CampaignEditor id={editing} onClose={() => setEditing(null)} /> : null}
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
              <th scope="col">Envoyés</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.map((campaign) => (
              <tr key={campaign.id}>
                <td>{campaign.subject}</td>
                <td>
                  {STATUS_LABELS[campaign.status]}
                  {campaign.status === 'scheduled' && campaign.sendAt ? ` (${parisDateTime.format(new Date(campaign.sendAt))})` : ''}
                </td>
                <td>
                  {campaign.stats.sent} / {campaign.stats.recipients}
                  {campaign.stats.failed ? ` — ${campaign.stats.failed} en échec` : ''}
                  {campaign.status === 'sending' ? <SendProgress campaign={campaign} /> : null}
                </td>
                <td>
                  <AdminButton small onClick={() => setEditing(campaign.id)}>
                    Ouvrir
                  </AdminButton>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </TabPage>
  );
}
