import { useState, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { AdminModal, ModalBody } from './modal.tsx';
import { Alert } from './alert.tsx';
import { LoadingRow } from './layout.tsx';

/** What a create-or-edit form gets from its dialog. */
export interface RecordFormProps<T> {
  /** The record to edit, or null to create one. */
  record: T | null;
  onClose: () => void;
  /** While saving, the dialog cannot be closed (Escape, backdrop, close button). */
  onBusyChange: (busy: boolean) => void;
}

interface RecordFormModalProps<T> {
  /** Null to create a record. */
  recordId: number | null;
  /** The record's query (disabled while creating). */
  record: UseQueryResult<T>;
  titles: { create: string; edit: string };
  /** The spec's message when the record cannot be loaded ('Erreur lors du chargement du …'). */
  loadError: string;
  size?: 'sm' | 'md' | 'lg';
  onClose: () => void;
  children: (props: RecordFormProps<T>) => ReactNode;
}

/**
 * The dialog of a "new" or "edit" button: when editing, it shows the record's loading, or the load
 * error, before the form; it stays open while the form saves.
 */
export function RecordFormModal<T>({ recordId, record, titles, loadError, size, onClose, children }: RecordFormModalProps<T>) {
  const [busy, setBusy] = useState(false);
  const editing = recordId !== null;
  return (
    <AdminModal title={editing ? titles.edit : titles.create} onClose={onClose} size={size} busy={busy}>
      {editing && record.isPending ? (
        <ModalBody>
          <LoadingRow />
        </ModalBody>
      ) : editing && record.isError ? (
        <ModalBody>
          <Alert>{loadError}</Alert>
        </ModalBody>
      ) : (
        children({ record: editing ? record.data! : null, onClose, onBusyChange: setBusy })
      )}
    </AdminModal>
  );
}
