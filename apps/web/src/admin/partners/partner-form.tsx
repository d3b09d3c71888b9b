import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { partnerInputSchema, texts, type Partner } from '@bande/shared';
import { ApiError } from '../../lib/api-client.ts';
import { invalidateAfterChange, useAdminApi } from '../lib/admin-api.ts';
import { fieldErrors, serverFieldErrors, withoutError, type FieldErrors } from '../lib/form-errors.ts';
import { failureWithDetail } from '../lib/mutations.ts';
import { adminTexts } from '../admin-texts.ts';
import { AdminModal, ModalBody, ModalFooter, modalStyles } from '../ui/modal.tsx';
import { AdminButton } from '../ui/button.tsx';
import { Alert } from '../ui/alert.tsx';
import { TextAreaField, TextField } from '../ui/field.tsx';
import { ImageUpload } from '../ui/image-upload.tsx';
import { ui } from '../ui/layout.tsx';
import { partnersKey } from './partners-queries.ts';
import { HistoryPanel } from '../history/history-panel.tsx';
import { ScheduleFields } from '../scheduling/schedule-fields.tsx';
import { scheduleInputsOf, schedulePayload } from '../scheduling/schedule-inputs.ts';

/** New or edit partner. The list already holds every field, so editing needs no extra load. */
export function PartnerFormModal({ partner, onClose }: { partner: Partner | null; onClose: () => void }) {
  const api = useAdminApi();
  const queryClient = useQueryClient();
  const [values, setValues] = useState({
    title: partner?.title ?? '',
    description: partner?.description ?? '',
    link: partner?.link ?? '',
    logo: partner?.logo ?? null,
  });
  const [schedule, setSchedule] = useState(() => scheduleInputsOf(partner));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  const save = useMutation({
    mutationFn: (body: unknown) => (partner ? api.send('PUT', `/api/partners/${partner.id}`, body) : api.send('POST', '/api/partners', body)),
    onSuccess: () => {
      invalidateAfterChange(queryClient, partnersKey);
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError) setErrors(serverFieldErrors(error.body));
      setFormError(failureWithDetail(partner ? texts.errors.save : texts.errors.create, error));
    },
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    // A new partner is always a draft (spec section 4); an edit keeps its status.
    const parsed = partnerInputSchema.safeParse({ ...values, ...schedulePayload(schedule), published: partner ? partner.published : false });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setFormError(null);
    save.mutate(parsed.data);
  }

  const set = (key: keyof typeof values, value: string | null) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => withoutError(current, key));
  };

  return (
    <AdminModal title={partner ? 'Modifier le partenaire' : 'Nouveau partenaire'} onClose={onClose} busy={save.isPending || uploading}>
      <form className={modalStyles.form} onSubmit={onSubmit} noValidate>
        <ModalBody>
          <div className={ui.form}>
            {formError ? <Alert>{formError}</Alert> : null}
            {!partner ? <Alert tone="info">Un nouveau partenaire est créé en brouillon : publiez-le ensuite depuis la liste.</Alert> : null}
            <TextField label="Nom du partenaire" required value={values.title} onChange={(e) => set('title', e.target.value)} error={errors.title} />
            <TextAreaField label="Description" required rows={4} value={values.description} onChange={(e) => set('description', e.target.value)} error={errors.description} />
            <TextField
              label="Lien du site"
              type="url"
              inputMode="url"
              placeholder="https://"
              value={values.link}
              onChange={(e) => set('link', e.target.value)}
              error={errors.link}
            />
            <ImageUpload label="Logo" contain value={values.logo} onChange={(url) => set('logo', url)} onBusyChange={setUploading} hint="Image JPEG, PNG, WebP, AVIF ou GIF." />
            {errors.logo ? <p className={ui.fieldError}>{errors.logo}</p> : null}
            <ScheduleFields value={schedule} onChange={setSchedule} errors={errors} />
            {partner ? <HistoryPanel entity="partner" entityId={partner.id} contentKey={partnersKey} onRestored={onClose} /> : null}
          </div>
        </ModalBody>
        <ModalFooter>
          <AdminButton onClick={onClose} disabled={save.isPending}>
            {adminTexts.actions.cancel}
          </AdminButton>
          <AdminButton type="submit" variant="primary" disabled={save.isPending || uploading}>
            {save.isPending ? texts.submitting.saving : adminTexts.actions.save}
          </AdminButton>
        </ModalFooter>
      </form>
    </AdminModal>
  );
}
