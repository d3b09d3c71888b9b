import { useState } from 'react';
import type { Member } from '@bande/shared';
import { LIMITS } from '@bande/shared/constants';
import { memberInputSchema } from '@bande/shared/schemas/members';
import { texts } from '@bande/shared/texts';
import { formSchemaFrom } from '../lib/form-schema.ts';
import { TextAreaField, TextField } from '../ui/field.tsx';
import { ImageUpload } from '../ui/image-upload.tsx';
import { ui } from '../ui/layout.tsx';
import { RecordFormModal, type RecordFormProps } from '../ui/record-form-modal.tsx';
import { RecordForm } from '../ui/record-form.tsx';
import { saveRecord, useRecordForm } from '../ui/use-record-form.ts';
import { membersKey, useAdminMember } from './members-queries.ts';
import { HistoryPanel } from '../history/history-panel.tsx';
import { ScheduleFields } from '../scheduling/schedule-fields.tsx';
import { scheduleInputsOf, withSchedulePayload, type ScheduleInputs } from '../scheduling/schedule-inputs.ts';

interface Props {
  memberId: number | null;
  onClose: () => void;
}

/** New or edit member: loads the member first when editing ('Erreur lors du chargement du membre'). */
export function MemberFormModal({ memberId, onClose }: Props) {
  const member = useAdminMember(memberId);
  return (
    <RecordFormModal recordId={memberId} record={member} titles={{ create: 'Nouveau membre', edit: 'Modifier le membre' }} loadError={texts.errors.memberLoad} onClose={onClose}>
      {(props) => <MemberForm {...props} />}
    </RecordFormModal>
  );
}

interface MemberFormValues extends ScheduleInputs {
  firstName: string;
  lastName: string;
  role: string;
  note: string;
  photo: string | null;
}

const memberFormSchema = formSchemaFrom(memberInputSchema, withSchedulePayload<MemberFormValues>);

function MemberForm({ record: member, onClose, onBusyChange }: RecordFormProps<Member>) {
  const form = useRecordForm({
    schema: memberFormSchema,
    defaultValues: {
      firstName: member?.firstName ?? '',
      lastName: member?.lastName ?? '',
      role: member?.role ?? '',
      note: member?.note ?? '',
      photo: member?.photo ?? null,
      ...scheduleInputsOf(member),
    },
    save: saveRecord('/api/members', member),
    queryKey: membersKey,
    onClose,
    onBusyChange,
  });
  const [uploading, setUploading] = useState(false);

  return (
    <RecordForm form={form} uploading={uploading}>
      <div className={ui.row}>
        <TextField label="Prénom" required {...form.inputProps('firstName')} />
        <TextField label="Nom" required {...form.inputProps('lastName')} />
      </div>
      <TextField label="Rôle" required {...form.inputProps('role')} hint="Par exemple : Comédienne, Metteur en scène..." />
      <TextAreaField label="Note (biographie)" rows={5} {...form.inputProps('note')} counter={{ value: form.form.watch('note').length, max: LIMITS.memberNoteMax }} />
      <ImageUpload label="Photo" {...form.valueProps('photo')} onBusyChange={setUploading} />
      <ScheduleFields form={form} />
      {member ? <HistoryPanel entity="member" entityId={member.id} contentKey={membersKey} onRestored={onClose} /> : null}
    </RecordForm>
  );
}
