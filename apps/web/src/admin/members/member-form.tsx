import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LIMITS, memberInputSchema, texts, type Member, type MemberInput } from '@bande/shared';
import { ApiError } from '../../lib/api-client.ts';
import { invalidateAfterChange, useAdminApi } from '../lib/admin-api.ts';
import { fieldErrors, serverFieldErrors, withoutError, type FieldErrors } from '../lib/form-errors.ts';
import { failureWithDetail } from '../lib/mutations.ts';
import { adminTexts } from '../admin-texts.ts';
import { ModalBody, ModalFooter, modalStyles } from '../ui/modal.tsx';
import { AdminButton } from '../ui/button.tsx';
import { Alert } from '../ui/alert.tsx';
import { TextAreaField, TextField } from '../ui/field.tsx';
import { ImageUpload } from '../ui/image-upload.tsx';
import { ui } from '../ui/layout.tsx';
import { RecordFormModal, type RecordFormProps } from '../ui/record-form-modal.tsx';
import { membersKey, useAdminMember } from './members-queries.ts';
import { HistoryPanel } from '../history/history-panel.tsx';
import { ScheduleFields } from '../scheduling/schedule-fields.tsx';
import { scheduleInputsOf, schedulePayload } from '../scheduling/schedule-inputs.ts';

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

function MemberForm({ record: member, onClose, onBusyChange }: RecordFormProps<Member>) {
  const api = useAdminApi();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<MemberInput>({
    firstName: member?.firstName ?? '',
    lastName: member?.lastName ?? '',
    role: member?.role ?? '',
    note: member?.note ?? '',
    photo: member?.photo ?? null,
  });
  const [schedule, setSchedule] = useState(() => scheduleInputsOf(member));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  const save = useMutation({
    mutationFn: (body: unknown) =>
      member ? api.send('PUT', `/api/members/${member.id}`, body) : api.send('POST', '/api/members', body),
    onMutate: () => onBusyChange(true),
    onSettled: () => onBusyChange(false),
    onSuccess: () => {
      invalidateAfterChange(queryClient, membersKey);
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError) setErrors(serverFieldErrors(error.body));
      setFormError(failureWithDetail(texts.errors.save, error));
    },
  });

  const set = <K extends keyof MemberInput>(key: K, value: MemberInput[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => withoutError(current, key));
  };

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = memberInputSchema.safeParse({ ...values, ...schedulePayload(schedule) });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setFormError(null);
    save.mutate(parsed.data);
  }

  const noteLength = (values.note ?? '').length;

  return (
    <form className={modalStyles.form} onSubmit={onSubmit} noValidate>
      <ModalBody>
        <div className={ui.form}>
          {formError ? <Alert>{formError}</Alert> : null}
          <div className={ui.row}>
            <TextField label="Prénom" required value={values.firstName} onChange={(e) => set('firstName', e.target.value)} error={errors.firstName} />
            <TextField label="Nom" required value={values.lastName} onChange={(e) => set('lastName', e.target.value)} error={errors.lastName} />
          </div>
          <TextField label="Rôle" required value={values.role} onChange={(e) => set('role', e.target.value)} error={errors.role} hint="Par exemple : Comédienne, Metteur en scène..." />
          <TextAreaField
            label="Note (biographie)"
            rows={5}
            value={values.note ?? ''}
            onChange={(e) => set('note', e.target.value)}
            error={errors.note}
            counter={{ value: noteLength, max: LIMITS.memberNoteMax }}
          />
          <ImageUpload label="Photo" value={values.photo ?? null} onChange={(url) => set('photo', url)} onBusyChange={setUploading} />
          <ScheduleFields value={schedule} onChange={setSchedule} errors={errors} />
          {member ? <HistoryPanel entity="member" entityId={member.id} contentKey={membersKey} onRestored={onClose} /> : null}
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
  );
}
