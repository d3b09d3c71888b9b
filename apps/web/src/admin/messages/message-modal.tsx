import { Fragment } from 'react';
import type { InboxMessage } from '@bande/shared';
import { formatPerformanceDate } from '@bande/shared/format/french-dates';
import { adminTexts } from '../admin-texts.ts';
import { AdminButton } from '../ui/button.tsx';
import { CheckIcon, TrashIcon } from '../ui/icons.tsx';
import { AdminModal, ModalBody, ModalFooter } from '../ui/modal.tsx';
import { StatusBadge, ui } from '../ui/layout.tsx';
import { messageLabels as L, replyHref } from './message-texts.ts';
import styles from './messages.module.css';

interface Props {
  message: InboxMessage;
  busy: boolean;
  onClose: () => void;
  onToggleStatus: () => void;
  onDelete: () => void;
}

/** One message with every field the visitor sent, and what staff do with it. */
export function MessageModal({ message, busy, onClose, onToggleStatus, onDelete }: Props) {
  const f = L.fields;
  const rows: [string, string][] =
    message.kind === 'contact'
      ? [
          [f.requestType, message.requestType],
          [f.email, message.email],
          [f.phone, message.phone ?? L.noPhone],
        ]
      : [
          [f.firstName, message.firstName],
          [f.lastName, message.lastName],
          [f.email, message.email],
          [f.phone, message.phone],
        ];
  return (
    <AdminModal title={`${L.kind[message.kind]} · ${message.email}`} onClose={onClose} size="lg" busy={busy}>
      <ModalBody>
        <dl className={styles.fields}>
          <dt>{L.filters.status}</dt>
          <dd>
            <StatusBadge published={message.status === 'done'} label={L.status[message.status]} />
          </dd>
          <dt>{f.receivedAt}</dt>
          <dd>{formatPerformanceDate(message.createdAt)}</dd>
          {message.handledAt ? (
            <>
              <dt>{f.handledAt}</dt>
              <dd>{formatPerformanceDate(message.handledAt)}</dd>
            </>
          ) : null}
          {rows.map(([label, value]) => (
            <Fragment key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </Fragment>
          ))}
          {message.kind === 'contact' ? (
            <>
              <dt>{f.message}</dt>
              <dd className={styles.messageText}>{message.message}</dd>
            </>
          ) : null}
        </dl>
      </ModalBody>
      <ModalFooter
        start={
          <AdminButton variant="danger" icon={<TrashIcon />} onClick={onDelete} disabled={busy}>
            {adminTexts.actions.delete}
          </AdminButton>
        }
      >
        <a className={[ui.btn, styles.reply].join(' ')} href={replyHref(message)}>
          {L.reply}
        </a>
        <AdminButton variant="primary" icon={message.status === 'new' ? <CheckIcon /> : undefined} onClick={onToggleStatus} disabled={busy}>
          {message.status === 'new' ? L.markDone : L.markNew}
        </AdminButton>
      </ModalFooter>
    </AdminModal>
  );
}
