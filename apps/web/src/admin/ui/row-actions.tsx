import type { ReactNode } from 'react';
import { adminTexts } from '../admin-texts.ts';
import { AdminButton, IconButton } from './button.tsx';
import { EditIcon, EyeIcon, EyeOffIcon, TrashIcon } from './icons.tsx';
import styles from './ui.module.css';

interface Props {
  /** The item's name, so that each button says what it acts on ("Modifier Les Misérables"). */
  name: string;
  published?: boolean;
  onTogglePublish?: () => void;
  /** Absent where records are not edited here (subscribers, accounts). */
  onEdit?: () => void;
  /** Absent where this record may not be deleted (one's own account). */
  onDelete?: () => void;
  /** Disables publish and delete while one of them runs. */
  busy?: boolean;
  /** A tab's own actions, first in the row (« Annoncer » on a show). */
  children?: ReactNode;
}

/** The actions cell of an admin table: publish/unpublish, edit, delete (each where the tab offers it). */
export function RowActions({ name, published, onTogglePublish, onEdit, onDelete, busy, children }: Props) {
  return (
    <div className={styles.actions}>
      {children}
      {onTogglePublish ? (
        <AdminButton
          small
          variant="ghost"
          icon={published ? <EyeOffIcon /> : <EyeIcon />}
          onClick={onTogglePublish}
          disabled={busy}
          aria-label={`${published ? adminTexts.actions.unpublish : adminTexts.actions.publish} ${name}`}
        >
          {published ? adminTexts.actions.unpublish : adminTexts.actions.publish}
        </AdminButton>
      ) : null}
      {onEdit ? (
        <IconButton label={`${adminTexts.actions.edit} ${name}`} onClick={onEdit}>
          <EditIcon />
        </IconButton>
      ) : null}
      {onDelete ? (
        <IconButton label={`${adminTexts.actions.delete} ${name}`} danger onClick={onDelete} disabled={busy}>
          <TrashIcon />
        </IconButton>
      ) : null}
    </div>
  );
}
