import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { originCategoryInputSchema, texts, type OriginCategory } from '@bande/shared';
import { ApiError } from '../../lib/api-client.ts';
import { invalidateAfterChange, useAdminApi } from '../lib/admin-api.ts';
import { fieldErrors, serverFieldErrors, withoutError, type FieldErrors } from '../lib/form-errors.ts';
import { failureWithDetail } from '../lib/mutations.ts';
import { adminTexts } from '../admin-texts.ts';
import { AdminModal, ModalBody, ModalFooter, modalStyles } from '../ui/modal.tsx';
import { AdminButton } from '../ui/button.tsx';
import { Alert } from '../ui/alert.tsx';
import { TextAreaField, TextField } from '../ui/field.tsx';
import { ui } from '../ui/layout.tsx';
import { originsKey } from './origins-queries.ts';
import { HistoryPanel } from '../history/history-panel.tsx';
import { ScheduleFields } from '../scheduling/schedule-fields.tsx';
import { scheduleInputsOf, schedulePayload } from '../scheduling/schedule-inputs.ts';

interface CategoryFormProps {
  category: OriginCategory | null;
  /** Where a new category goes: after the last one (the spec's payload carries {title, description, position}). */
  endPosition: number;
  onClose: () => void;
}

export function CategoryFormModal({ category, endPosition, onClose }: CategoryFormProps) {
  const api = useAdminApi();
  const queryClient = useQueryClient();
  const [title, setTitle] = useState(category?.title ?? '');
  const [description, setDescription] = useState(category?.description ?? '');
  const [schedule, setSchedule] = useState(() => scheduleInputsOf(category));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: (body: unknown) =>
      category ? api.send('PUT', `/api/origins/admin/categories/${category.id}`, body) : api.send('POST', '/api/origins/admin/categories', body),
    onSuccess: () => {
      invalidateAfterChange(queryClient, originsKey);
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError) setErrors(serverFieldErrors(error.body));
      setFormError(failureWithDetail(category ? texts.errors.save : texts.errors.create, error));
    },
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = originCategoryInputSchema.safeParse({ title, description, position: category ? category.position : endPosition, ...schedulePayload(schedule) });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setFormError(null);
    save.mutate(parsed.data);
  }

  return (
    <AdminModal title={category ? 'Modifier la catégorie' : 'Nouvelle catégorie'} onClose={onClose} busy={save.isPending}>
      <form className={modalStyles.form} onSubmit={onSubmit} noValidate>
        <ModalBody>
          <div className={ui.form}>
            {formError ? <Alert>{formError}</Alert> : null}
            <TextField label="Titre" required value={title} onChange={(e) => {
                setTitle(e.target.value);
                setErrors((current) => withoutError(current, 'title'));
              }}
              error={errors.title} />
            <TextAreaField label="Description" rows={3} value={description} onChange={(e) => setDescription(e.target.value)} error={errors.description} />
            <ScheduleFields value={schedule} onChange={setSchedule} errors={errors} />
            {category ? <HistoryPanel entity="origin-category" entityId={category.id} contentKey={originsKey} onRestored={onClose} /> : null}
          </div>
        </ModalBody>
        <ModalFooter>
          <AdminButton onClick={onClose} disabled={save.isPending}>
            {adminTexts.actions.cancel}
          </AdminButton>
          <AdminButton type="submit" variant="primary" disabled={save.isPending}>
            {save.isPending ? texts.submitting.saving : adminTexts.actions.save}
          </AdminButton>
        </ModalFooter>
      </form>
    </AdminModal>
  );
}
