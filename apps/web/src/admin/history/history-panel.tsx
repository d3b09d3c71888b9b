import { useState } from 'react';
import { revisionTexts, type Revision, type RevisionEntity } from '@bande/shared/schemas/revisions';
import { failureWithDetail } from '../lib/mutations.ts';
import { formatParisDateTime } from '../lib/dates.ts';
import { AdminButton } from '../ui/button.tsx';
import { Alert } from '../ui/alert.tsx';
import { useConfirm } from '../ui/confirm.tsx';
import { useToast } from '../ui/toast.tsx';
import { changesBetween } from './field-labels.ts';
import { historyTexts as T, isPublishable, revisionAuthor } from './history-texts.ts';
import { useRestore, useRevisionDetail, useRevisions } from './history-queries.ts';
import styles from './history.module.css';

interface HistoryPanelProps {
  entity: RevisionEntity;
  entityId: number;
  /** The tab's query key: refetched after a restore, as after an edit. */
  contentKey: readonly unknown[];
  /** After a restore, with the restored entity (a dialog closes, the card config form reloads). */
  onRestored?: (entity: Record<string, unknown>) => void;
  /** Space above it, when it follows a tab's content rather than a form's fields. */
  spaced?: boolean;
}

/**
 * The « Historique » of one entity, for every edit dialog and the card config tab: its revisions
 * (newest first: when in Paris time, who, what), the fields each changed, and « Restaurer » with a
 * confirmation. Nothing is loaded until the disclosure is opened.
 */
export function HistoryPanel({ entity, entityId, contentKey, onRestored, spaced }: HistoryPanelProps) {
  const [open, setOpen] = useState(false);
  return (
    <details className={spaced ? `${styles.disclosure} ${styles.spaced}` : styles.disclosure} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{T.panel}</summary>
      {open ? <RevisionList entity={entity} entityId={entityId} contentKey={contentKey} onRestored={onRestored} /> : null}
    </details>
  );
}

function RevisionList({ entity, entityId, contentKey, onRestored }: HistoryPanelProps) {
  const revisions = useRevisions(entity, entityId);
  const restore = useRestore(contentKey);
  const confirm = useConfirm();
  const toast = useToast();

  if (revisions.isPending) return <p role="status">{T.loading}</p>;
  if (revisions.isError) return <Alert>{T.loadFailed}</Alert>;
  const list = revisions.data;
  if (list.length === 0) return <p>{T.empty}</p>;

  async function onRestore(revision: Revision) {
    const at = formatParisDateTime(revision.at);
    if (!(await confirm({ title: T.restoreTitle, message: isPublishable(entity) ? T.restoreMessage(at) : T.restoreMessageUnpublished(at), confirmLabel: T.restore }))) return;
    restore.mutate(revision.id, {
      onSuccess: (restored) => {
        toast.show(T.restored, 'success');
        onRestored?.(restored);
      },
      onError: (error) => toast.show(failureWithDetail(T.restoreFailed, error), 'error'),
    });
  }

  return (
    <ol className={styles.list} aria-label={T.panel}>
      {list.map((revision, index) => {
        const at = formatParisDateTime(revision.at);
        return (
          <li key={revision.id} className={styles.item}>
            <div className={styles.head}>
              <span className={styles.who}>
                <strong>{revisionTexts.actions[revision.action]}</strong> · {at} · {revisionAuthor(revision)}
              </span>
              {index === 0 ? (
                <span>{T.current}</span>
              ) : (
                <AdminButton small aria-label={T.restoreLabel(at)} disabled={restore.isPending} onClick={() => void onRestore(revision)}>
                  {T.restore}
                </AdminButton>
              )}
            </div>
            <RevisionChanges entity={entity} revisionId={revision.id} previousId={list[index + 1]?.id} />
          </li>
        );
      })}
    </ol>
  );
}

/** The fields a revision changed from the one before it, fetched when opened. */
function RevisionChanges({ entity, revisionId, previousId }: { entity: RevisionEntity; revisionId: number; previousId: number | undefined }) {
  const [open, setOpen] = useState(false);
  return (
    <details className={styles.changes} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{T.changes}</summary>
      {open ? <ChangeList entity={entity} revisionId={revisionId} previousId={previousId} /> : null}
    </details>
  );
}

function ChangeList({ entity, revisionId, previousId }: { entity: RevisionEntity; revisionId: number; previousId: number | undefined }) {
  const current = useRevisionDetail(revisionId);
  const previous = useRevisionDetail(previousId);
  if (current.isPending || (previousId !== undefined && previous.isPending)) return <p role="status">{T.changesLoading}</p>;
  if (current.isError || previous.isError) return <Alert>{T.loadFailed}</Alert>;
  const changes = changesBetween(entity, previous.data?.snapshot, current.data.snapshot);
  if (changes.length === 0) return <p>{T.noChange}</p>;
  return (
    <>
      {previousId === undefined ? <p>{T.noPrevious}</p> : null}
      <dl className={styles.changeList}>
        {changes.map((change) => (
          <div key={change.label}>
            <dt>{change.label}</dt>
            <dd>
              {previousId === undefined ? (
                change.after
              ) : (
                <>
                  {T.before} : <del className={styles.before}>{change.before}</del>
                  <br />
                  {T.after} : <ins>{change.after}</ins>
                </>
              )}
            </dd>
          </div>
        ))}
      </dl>
    </>
  );
}
