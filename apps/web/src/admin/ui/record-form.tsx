import type { ReactNode } from 'react';
import { texts } from '@bande/shared/texts';
import { adminTexts } from '../admin-texts.ts';
import { ModalBody, ModalFooter, modalStyles, useModalCloseGuard } from './modal.tsx';
import { AdminButton } from './button.tsx';
import { Alert, TechnicalDetail } from './alert.tsx';
import { ui } from './layout.tsx';
import type { RecordFormFrame } from './use-record-form.ts';

interface RecordFormProps {
  /** What useRecordForm gave. */
  form: RecordFormFrame;
  /** An image on its way: saving waits for its URL. */
  uploading?: boolean;
  /** The save button's text while busy, when it says more than 'Enregistrement...'. */
  busyLabel?: string | undefined;
  children: ReactNode;
}

/**
 * The body of a create-or-edit dialog: the alert of a refused or failed save above the fields, then
 * « Annuler » / « Enregistrer ». Inside an AdminModal, a form with changes asks before any way out
 * closes it (useModalCloseGuard). noValidate: the messages are the shared schema's, not the browser's.
 */
export function RecordForm({ form, uploading = false, busyLabel, children }: RecordFormProps) {
  // The dialog around asks « Abandonner les modifications ? » before closing while the form has changes.
  const closeDialog = useModalCloseGuard(form.changed);
  return (
    <form className={modalStyles.form} onSubmit={form.onSubmit} noValidate>
      <ModalBody>
        <div className={ui.form}>
          {form.restored && form.changed ? <Alert tone="info">{adminTexts.restoredChanges}</Alert> : null}
          {form.formError ? (
            <Alert>
              <p>{form.formError}</p>
              {form.formErrorDetail ? <TechnicalDetail detail={form.formErrorDetail} /> : null}
            </Alert>
          ) : null}
          {children}
        </div>
      </ModalBody>
      <RecordFormFooter onCancel={closeDialog ?? form.close} saving={form.saving} uploading={uploading} busyLabel={busyLabel} />
    </form>
  );
}

interface FooterProps {
  onCancel: () => void;
  saving: boolean;
  uploading: boolean;
  busyLabel?: string | undefined;
}

/** « Annuler » (not while saving) and « Enregistrer » (not while saving, nor while an image is on its way). */
function RecordFormFooter({ onCancel, saving, uploading, busyLabel = texts.submitting.saving }: FooterProps) {
  return (
    <ModalFooter>
      <AdminButton onClick={onCancel} disabled={saving}>
        {adminTexts.actions.cancel}
      </AdminButton>
      <AdminButton type="submit" variant="primary" disabled={saving || uploading}>
        {saving ? busyLabel : adminTexts.actions.save}
      </AdminButton>
    </ModalFooter>
  );
}
