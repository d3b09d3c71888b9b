import { useState, type FormEventHandler } from 'react';
import type { FieldValues } from 'react-hook-form';
import { texts } from '@bande/shared/texts';
import { ApiError, technicalDetail } from '../../lib/api-client.ts';
import type { AdminApi } from '../lib/admin-api.ts';
import { formFailure } from '../lib/mutations.ts';
import { useAdminForm, type AdminFormOptions, type AdminFormState } from './use-admin-form.ts';

interface RecordFormOptions<Values extends FieldValues, Parsed extends FieldValues>
  extends Omit<AdminFormOptions<Values, Parsed>, 'onSaved' | 'onFailed' | 'onInvalid'> {
  /** Called once the record is saved. */
  onClose: () => void;
  /** The alert when the save fails: a text the server's explanation is added to, or the whole message. Default 'Erreur lors de la sauvegarde'. */
  failure?: string | ((error: unknown) => string);
  /** The alert when the form refuses to send (by default the messages under the fields say it all). */
  invalidMessage?: string;
}

/** What RecordForm (record-form.tsx) lays out: the form element's handler, the alert, the buttons' states. */
export interface RecordFormFrame {
  onSubmit: FormEventHandler<HTMLFormElement>;
  saving: boolean;
  /** The alert above the fields. */
  formError: string | null;
  /** A connection's or server's failure as whoever helps needs it, folded under the alert. */
  formErrorDetail: string | null;
  close: () => void;
  /** Changes not saved: « Annuler », ✕, Escape and a click outside ask before closing. */
  changed: boolean;
  /** Opened with changes kept over an ended session (useAdminForm). */
  restored: boolean;
}

export type RecordFormState<Values extends FieldValues, Parsed extends FieldValues> = AdminFormState<Values, Parsed> & RecordFormFrame;

/** PUT `collection/id` for a record being edited, POST `collection` for a new one. */
export const saveRecord =
  (collection: string, record: { id: number } | null) =>
  (api: AdminApi, body: unknown): Promise<unknown> =>
    record ? api.send('PUT', `${collection}/${record.id}`, body) : api.send('POST', collection, body);

/**
 * A create-or-edit form in a dialog (useAdminForm): closes once saved; a refused or failed save is
 * said in an alert above the fields ('Erreur lors de la sauvegarde : …'), gone at the next attempt.
 * RecordForm (record-form.tsx) lays it out; the form file keeps only its fields.
 */
export function useRecordForm<Values extends FieldValues, Parsed extends FieldValues>(
  options: RecordFormOptions<Values, Parsed>,
): RecordFormState<Values, Parsed> {
  const { onClose, failure = texts.errors.save, invalidMessage, ...formOptions } = options;
  const [formError, setFormError] = useState<string | null>(null);
  const [formErrorDetail, setFormErrorDetail] = useState<string | null>(null);
  const adminForm = useAdminForm({
    ...formOptions,
    onSaved: onClose,
    onFailed: (error) => {
      setFormError(typeof failure === 'function' ? failure(error) : formFailure(failure, error));
      // A refusal (4xx) is explained by the server in French; anything else keeps its technical words aside.
      setFormErrorDetail(error instanceof ApiError && error.status >= 400 && error.status < 500 ? null : technicalDetail(error));
    },
    onInvalid: () => setFormError(invalidMessage ?? null),
  });
  return {
    ...adminForm,
    onSubmit: (event) => {
      setFormError(null);
      setFormErrorDetail(null);
      return adminForm.onSubmit(event);
    },
    formError,
    formErrorDetail,
    close: onClose,
  };
}
