import { useState } from 'react';
import { newsletterTexts, type NewsletterSubscriber, type SubscriberStatus } from '@bande/shared/schemas/newsletter';
import { subscriberImportTexts } from '@bande/shared/schemas/subscriber-import';
import { useQueryClient } from '@tanstack/react-query';
import { adminTexts } from '../admin-texts.ts';
import { endSession, errorMessage } from '../lib/admin-api.ts';
import { useConfirmedDelete } from '../lib/record-actions.ts';
import { currentToken } from '../lib/session.ts';
import { ApiError } from '../../lib/api-client.ts';
import { AdminButton } from '../ui/button.tsx';
import { EmptyState, ui } from '../ui/layout.tsx';
import { DataTable } from '../ui/data-table.tsx';
import { ListPanel } from '../ui/list-panel.tsx';
import { RowActions } from '../ui/row-actions.tsx';
import { TabPage } from '../ui/tab-page.tsx';
import { useToast } from '../ui/toast.tsx';
import { AddSubscribersDialog } from './add-subscribers-dialog.tsx';
import { downloadWithToken } from './csv-download.ts';
import styles from './subscribers.module.css';
import { subscribersKey, useAdminSubscribers } from './subscribers-queries.ts';

const parisDateTime = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', dateStyle: 'short', timeStyle: 'short' });
const formatDate = (iso: string) => parisDateTime.format(new Date(iso));

/** Each state's words and badge: a bounced address (refused for good) receives no letter until it confirms again. */
const STATES: Record<SubscriberStatus, { label: string; badge: string; title?: string }> = {
  confirmed: { label: newsletterTexts.confirmedState, badge: ui.badgePublished ?? '' },
  pending: { label: newsletterTexts.pendingState, badge: ui.badgeDraft ?? '' },
  bounced: { label: newsletterTexts.bouncedState, badge: ui.badgeDanger ?? '', title: newsletterTexts.bouncedHint },
};

/** The newsletter's subscribers: confirmed or waiting for their link (erased after RETENTION_DAYS). */
export function SubscribersTab() {
  const subscribers = useAdminSubscribers();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [downloading, setDownloading] = useState(false);
  const [adding, setAdding] = useState(false);
  const remove = useConfirmedDelete<NewsletterSubscriber>(subscribersKey, '/api/newsletter/subscribers', (subscriber) => newsletterTexts.deleteConfirm(subscriber.email), newsletterTexts.deleteFailed);
  const list = subscribers.data ?? [];
  const count = (status: SubscriberStatus) => list.filter((s) => s.status === status).length;

  async function onDownload() {
    setDownloading(true);
    try {
      await downloadWithToken('/api/newsletter/subscribers.csv', currentToken(), 'abonnes-newsletter.csv');
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) endSession(queryClient, { expired: true });
      const detail = errorMessage(error, '');
      toast.show(detail ? `${newsletterTexts.csvFailed} : ${detail}` : newsletterTexts.csvFailed, 'error');
    } finally {
      setDownloading(false);
    }
  }

  return (
    <TabPage
      countersShown={subscribers.isSuccess}
      title={adminTexts.tabs.subscribers}
      description="Les adresses inscrites à la newsletter. Une inscription n'est confirmée qu'après un clic sur le lien envoyé par email, y compris pour une adresse ajoutée ici ; les inscriptions non confirmées sont effacées automatiquement."
      action={
        <div className={styles.headerActions}>
          <AdminButton onClick={() => void onDownload()} disabled={downloading}>
            {newsletterTexts.downloadCsv}
          </AdminButton>
          <AdminButton variant="primary" onClick={() => setAdding(true)}>
            {subscriberImportTexts.addTitle}
          </AdminButton>
        </div>
      }
      counters={{
        label: 'Compteurs des abonnés',
        items: [
          { label: 'Confirmés', value: count('confirmed'), tone: 'good' },
          { label: 'En attente', value: count('pending'), tone: 'warn' },
          { label: 'Adresses refusées', value: count('bounced'), tone: 'warn' },
          { label: adminTexts.counters.total, value: list.length },
        ],
      }}
    >
      <ListPanel query={subscribers} empty={<EmptyState title={newsletterTexts.empty} />}>
        <DataTable columns={['Adresse email', 'Inscription', 'État']}>
          {list.map((subscriber) => (
            <tr key={subscriber.id}>
              <td className={[ui.cardTitle, ui.cellStrong].join(' ')}>{subscriber.email}</td>
              <td data-label="Inscription" className={ui.cellMuted}>
                {formatDate(subscriber.createdAt)}
              </td>
              <td data-label="État">
                <span className={[ui.badge, STATES[subscriber.status].badge].join(' ')} title={STATES[subscriber.status].title}>
                  {STATES[subscriber.status].label}
                </span>
              </td>
              <td className={ui.actionsCell}>
                <RowActions name={subscriber.email} onDelete={() => remove.askDelete(subscriber)} busy={remove.pending} />
              </td>
            </tr>
          ))}
        </DataTable>
      </ListPanel>
      {adding ? <AddSubscribersDialog onClose={() => setAdding(false)} /> : null}
    </TabPage>
  );
}
