import { useState } from 'react';
import { thanksInputSchema, thanksTexts as t, type ThanksInput, type ThanksState } from '@bande/shared/schemas/thanks';
import { formErrorMessage } from '../../lib/admin-api.ts';
import { Alert } from '../../ui/alert.tsx';
import { AdminButton } from '../../ui/button.tsx';
import { useConfirm } from '../../ui/confirm.tsx';
import { TextAreaField, TextField } from '../../ui/field.tsx';
import { ui } from '../../ui/layout.tsx';
import { AdminModal, ModalBody, ModalFooter, modalStyles, useModalCloseGuard } from '../../ui/modal.tsx';
import { useToast } from '../../ui/toast.tsx';
import { useAdminForm } from '../../ui/use-admin-form.ts';
import { thanksKey } from './thanks-queries.ts';

/** Declined at the question: nothing was sent, the dialog stays as it was. */
const KEPT = 'kept';

interface Props {
  performanceId: number;
  /** « Les Misérables, jeudi 3 décembre 2026 - 20h30 ». */
  label: string;
  state: ThanksState;
  onClose: () => void;
}

/**
 * « Remercier les spectateurs »: the subject and the text (French defaults with the show's name and
 * date), editable; sending asks « Envoyer le remerciement à 12 spectateurs ? » first. The server checks
 * everything again (started, not sent yet, who came): its French refusal is said above the fields.
 */
export function ThanksDialog({ performanceId, label, state, onClose }: Props) {
  const confirm = useConfirm();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useAdminForm<ThanksInput, ThanksInput, unknown>({
    schema: thanksInputSchema,
    defaultValues: state.defaults,
    queryKey: thanksKey(performanceId),
    async save(api, body) {
      setFailure(null);
      if (!(await confirm({ title: t.confirmTitle, message: t.confirm(state.recipients), confirmLabel: t.confirmLabel, cancelLabel: t.confirmKeep }))) return KEPT;
      return api.send('POST', `/api/performances/${performanceId}/thanks`, body);
    },
    onSaved: (_body, answer) => {
      if (answer === KEPT) return;
      toast.show(t.sent, 'success');
      onClose();
    },
    onFailed: (error) => setFailure(formErrorMessage(error, t.failed)),
    onBusyChange: setBusy,
  });
  const nobody = state.recipients === 0;
  return (
    <AdminModal title={`${t.title} — ${label}`} onClose={onClose} busy={busy} size="lg">
      <ThanksForm form={form} failure={failure} nobody={nobody} recipients={state.recipients} busy={busy} onClose={onClose} />
    </AdminModal>
  );
}

function ThanksForm({ form, failure, nobody, recipients, busy, onClose }: { form: ReturnType<typeof useAdminForm<ThanksInput, ThanksInput>>; failure: string | null; nobody: boolean; recipients: number; busy: boolean; onClose: () => void }) {
  // Text typed and not sent: every way out asks first (the dialog's guard).
  const closeDialog = useModalCloseGuard(form.changed);
  return (
    <form className={modalStyles.form} onSubmit={form.onSubmit} noValidate>
      <ModalBody>
        <div className={ui.form}>
          {failure ? (
            <Alert>
              <p>{failure}</p>
            </Alert>
          ) : null}
          <p>{t.hint}</p>
          {nobody ? <Alert tone="info">{t.nobody}</Alert> : <p className={ui.cellStrong}>{t.recipients(recipients)}</p>}
          <TextField label={t.subject} required autoComplete="off" {...form.inputProps('subject')} />
          <TextAreaField label={t.body} required rows={12} hint={t.bodyHint} {...form.inputProps('body')} />
        </div>
      </ModalBody>
      <ModalFooter>
        <AdminButton onClick={closeDialog ?? onClose} disabled={busy}>
          {t.cancel}
        </AdminButton>
        <AdminButton type="submit" variant="primary" disabled={busy || nobody}>
          {t.submit}
        </AdminButton>
      </ModalFooter>
    </form>
  );
}
