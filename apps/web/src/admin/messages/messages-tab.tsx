import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InboxMessage, MessageStatus, MessagesQuery } from '@bande/shared';
import { formatPerformanceDate } from '@bande/shared/format/french-dates';
import { texts } from '@bande/shared/texts';
import { invalidateAfterChange, unwrapOne, useAdminApi } from '../lib/admin-api.ts';
import { failureWithDetail } from '../lib/mutations.ts';
import { AdminButton } from '../ui/button.tsx';
import { useConfirm } from '../ui/confirm.tsx';
import { FilterSelect } from '../ui/filter-select.tsx';
import { EmptyState, StatusBadge, ui } from '../ui/layout.tsx';
import { DataTable } from '../ui/data-table.tsx';
import { ListPanel } from '../ui/list-panel.tsx';
import { TabPage } from '../ui/tab-page.tsx';
import { useToast } from '../ui/toast.tsx';
import { MessageModal } from './message-modal.tsx';
import { excerpt, messageLabels as L, senderOf } from './message-texts.ts';
import { messagesKey, useAdminMessages, useNewMessagesCount } from './messages-queries.ts';
import styles from './messages.module.css';

const kindOptions = [
  { value: 'contact', label: L.filters.contact },
  { value: 'card', label: L.filters.card },
];
const statusOptions = [
  { value: 'new', label: L.filters.new },
  { value: 'done', label: L.filters.done },
];

/** The staff's inbox: contact messages and card requests, newest first. */
export function MessagesTab() {
  const [filters, setFilters] = useState<MessagesQuery>({});
  const messages = useAdminMessages(filters);
  const newCount = useNewMessagesCount();
  const [open, setOpen] = useState<InboxMessage | null>(null);
  const api = useAdminApi();
  const queryClient = useQueryClient();
  const toast = useToast();
  const confirm = useConfirm();

  const setStatus = useMutation({
    mutationFn: async ({ id, status }: { id: string; status: MessageStatus }) =>
      unwrapOne<InboxMessage>(await api.send('PUT', `/api/messages/${id}`, { status })),
    onSuccess: (message) => {
      setOpen((current) => (current?.id === message.id ? message : current));
      invalidateAfterChange(queryClient, messagesKey);
    },
    onError: (error) => toast.show(failureWithDetail(texts.errors.update, error), 'error'),
  });
  const remove = useMutation({
    mutationFn: (id: string) => api.send('DELETE', `/api/messages/${id}`),
    onSuccess: () => {
      setOpen(null);
      invalidateAfterChange(queryClient, messagesKey);
    },
    onError: (error) => toast.show(failureWithDetail(texts.errors.delete, error), 'error'),
  });

  async function onDelete(message: InboxMessage) {
    if (await confirm({ message: `Supprimer le message de « ${senderOf(message)} » ? Cette action est définitive.` })) remove.mutate(message.id);
  }

  const list = messages.data ?? [];
  const filtered = Boolean(filters.kind || filters.status);

  return (
    <TabPage title={L.title} description={L.description} counters={{ label: L.counters, items: [{ label: L.filters.new, value: newCount, tone: 'warn' }] }}>
      <div className={ui.filters}>
        <FilterSelect label={L.filters.kind} filters={filters} setFilters={setFilters} name="kind" allLabel={L.filters.all} options={kindOptions} />
        <FilterSelect label={L.filters.status} filters={filters} setFilters={setFilters} name="status" allLabel={L.filters.all} options={statusOptions} />
      </div>
      <ListPanel
        query={messages}
        empty={
          <EmptyState title={L.empty}>
            <p>{filtered ? L.emptyFiltered : L.emptyHint}</p>
          </EmptyState>
        }
      >
        <DataTable columns={[L.columns.kind, L.columns.date, L.columns.sender, L.columns.excerpt, L.filters.status, <span className={ui.visuallyHidden}>{L.open}</span>]} actions={false}>
          {list.map((message) => (
            <tr key={message.id} className={message.status === 'new' ? styles.newRow : undefined}>
              <td data-label={L.columns.kind}>{L.kind[message.kind]}</td>
              <td data-label={L.columns.date}>{formatPerformanceDate(message.createdAt)}</td>
              <td data-label={L.columns.sender} className={ui.cellStrong}>
                {senderOf(message)}
              </td>
              <td data-label={L.columns.excerpt} className={ui.cellMuted}>
                {excerpt(message)}
              </td>
              <td data-label={L.filters.status}>
                <StatusBadge published={message.status === 'done'} label={L.status[message.status]} />
              </td>
              <td className={ui.actionsCell}>
                <AdminButton small onClick={() => setOpen(message)} aria-label={`${L.open} le message de ${senderOf(message)}`}>
                  {L.open}
                </AdminButton>
              </td>
            </tr>
          ))}
        </DataTable>
      </ListPanel>
      {open ? (
        <MessageModal
          message={open}
          busy={setStatus.isPending || remove.isPending}
          onClose={() => setOpen(null)}
          onToggleStatus={() => setStatus.mutate({ id: open.id, status: open.status === 'new' ? 'done' : 'new' })}
          onDelete={() => void onDelete(open)}
        />
      ) : null}
    </TabPage>
  );
}
