import { useState } from 'react';
import type { Partner } from '@bande/shared';
import { partnerInputSchema } from '@bande/shared/schemas/partners';
import { texts } from '@bande/shared/texts';
import { formFailure } from '../lib/mutations.ts';
import { formSchemaFrom } from '../lib/form-schema.ts';
import { AdminModal } from '../ui/modal.tsx';
import { Alert } from '../ui/alert.tsx';
import { TextAreaField, TextField } from '../ui/field.tsx';
import { ImageUpload } from '../ui/image-upload.tsx';
import { ui } from '../ui/layout.tsx';
import { RecordForm } from '../ui/record-form.tsx';
import { saveRecord, useRecordForm } from '../ui/use-record-form.ts';
import { partnersKey } from './partners-queries.ts';
import { HistoryPanel } from '../history/history-panel.tsx';
import { ScheduleFields } from '../scheduling/schedule-fields.tsx';
import { scheduleInputsOf, withSchedulePayload, type ScheduleInputs } from '../scheduling/schedule-inputs.ts';

interface PartnerFormValues extends ScheduleInputs {
  title: string;
  description: string;
  link: string;
  logo: string | null;
}

/** New or edit partner. The list already holds every field, so editing needs no extra load. */
export function PartnerFormModal({ partner, onClose }: { partner: Partner | null; onClose: () => void }) {
  const form = useRecordForm({
    // A new partner is always a draft (spec section 4); an edit keeps its status.
    schema: formSchemaFrom(partnerInputSchema, (values: PartnerFormValues) => ({ ...withSchedulePayload(values), published: partner ? partner.published : false })),
    defaultValues: {
      title: partner?.title ?? '',
      description: partner?.description ?? '',
      link: partner?.link ?? '',
      logo: partner?.logo ?? null,
      ...scheduleInputsOf(partner),
    },
    save: saveRecord('/api/partners', partner),
    queryKey: partnersKey,
    onClose,
    failure: (error) => formFailure(partner ? texts.errors.save : texts.errors.create, error),
  });
  const [uploading, setUploading] = useState(false);
  const logoError = form.errorOf('logo');

  return (
    <AdminModal title={partner ? 'Modifier le partenaire' : 'Nouveau partenaire'} onClose={onClose} busy={form.saving || uploading}>
      <RecordForm form={form} uploading={uploading}>
        {!partner ? <Alert tone="info">Un nouveau partenaire est créé en brouillon : publiez-le ensuite depuis la liste.</Alert> : null}
        <TextField label="Nom du partenaire" required {...form.inputProps('title')} />
        <TextAreaField label="Description" required rows={4} {...form.inputProps('description')} />
        <TextField label="Lien du site" type="url" inputMode="url" placeholder="https://" {...form.inputProps('link')} />
        <ImageUpload label="Logo" contain {...form.valueProps('logo')} onBusyChange={setUploading} hint="Image JPEG, PNG, WebP, AVIF ou GIF." />
        {logoError ? <p className={ui.fieldError}>{logoError}</p> : null}
        <ScheduleFields form={form} />
        {partner ? <HistoryPanel entity="partner" entityId={partner.id} contentKey={partnersKey} onRestored={onClose} /> : null}
      </RecordForm>
    </AdminModal>
  );
}
