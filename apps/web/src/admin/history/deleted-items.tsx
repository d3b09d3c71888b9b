import { useState } from 'react';
import type { DeletedEntity, RevisionEntity } from '@bande/shared/schemas/revisions';
import { failureWithDetail } from '../lib/mutations.ts';
import { formatParisDateTime } from '../lib/dates.ts';
import { AdminButton } from '../ui/button.tsx';
import { Alert } from '../ui/alert.tsx';
import { useConfirm } from '../ui/confirm.tsx';
import { useToast } from '../ui/toast.tsx';
import { historyTexts as T, isPublishable } from './history-texts.ts';
import { useDeleted, useRestore } from './history-queries.ts';
import styles from './history.module.css';

interface DeletedItemsProps {
  entity: RevisionEntity;
  contentKey: readonly unknown[];
  /** The disclosure's title, e.g. « Spectacles supprimés ». */
  title?: string;
}

/**
 * Where a volunteer finds what was deleted: under each tab's list, the entities of that tab deleted
 * and still gone (from their last revision), each with « Restaurer » (it comes back as a draft).
 */
export function DeletedItems({ entity, contentKey, title = T.deleted.title }: DeletedItemsProps) {
  const [open, setOpen] = useState(false);
  return (
    <details className={`${styles.disclosure} ${styles.spaced}`} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{title}</summary>
      {open ? <DeletedList entity={entity} contentKey={contentKey} title={title} /> : null}
    </details>
  );
}

function DeletedList({ entity, contentKey, title }: Required<DeletedItemsProps>) {
  const deleted = useDeleted(entity, contentKey);
  const restore = useRestore(contentKey);
  const confirm = useConfirm();
  const toast = useToast();
  const publishable = isPublishable(entity);

  if (deleted.isPending) return <p role="status">{T.loading}</p>;
  if (deleted.isError) return <Alert>{T.loadFailed}</Alert>;
  if (deleted.data.length === 0) return <p>{T.deleted.empty}</p>;

  async function onRestore(item: DeletedEntity) {
    const message = publishable ? T.deleted.restoreMessage(item.label) : T.deleted.restoreMessageUnpublished(item.label);
    if (!(await confirm({ title: T.deleted.restoreTitle, message, confirmLabel: T.restore }))) return;
    restore.mutate(item.id, {
      onSuccess: () => toast.show(publishable ? T.deleted.restored(item.label) : T.deleted.restoredUnpublished(item.label), 'success'),
      onError: (error) => toast.show(failureWithDetail(T.restoreFailed, error), 'error'),
    });
  }

  return (
    <>
      <p className={styles.hint}>{publishable ? T.deleted.hint : T.deleted.hintUnpublished}</p>
      <ul className={styles.list} aria-label={title}>
        {deleted.data.map((item) => (
          <li key={item.id} className={styles.item}>
            <div className={styles.head}>
              <span className={styles.who}>
                <strong>{item.label}</strong> — {T.deleted.deletedBy(formatParisDateTime(item.at), item.userEmail ?? T.unknownAccount)}
              </span>
              <AdminButton small aria-label={T.deleted.restoreLabel(item.label)} disabled={restore.isPending} onClick={() => void onRestore(item)}>
                {T.restore}
              </AdminButton>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
