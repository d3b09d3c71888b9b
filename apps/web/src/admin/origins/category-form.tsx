import type { OriginCategory } from '@bande/shared';
import { originCategoryInputSchema } from '@bande/shared/schemas/origins';
import { texts } from '@bande/shared/texts';
import { formFailure } from '../lib/mutations.ts';
import { formSchemaFrom } from '../lib/form-schema.ts';
import { AdminModal } from '../ui/modal.tsx';
import { TextAreaField, TextField } from '../ui/field.tsx';
import { RecordForm } from '../ui/record-form.tsx';
import { saveRecord, useRecordForm } from '../ui/use-record-form.ts';
import { originsKey } from './origins-queries.ts';
import { HistoryPanel } from '../history/history-panel.tsx';
import { ScheduleFields } from '../scheduling/schedule-fields.tsx';
import { scheduleInputsOf, withSchedulePayload, type ScheduleInputs } from '../scheduling/schedule-inputs.ts';

interface CategoryFormProps {
  category: OriginCategory | null;
  /** Where a new category goes: after the last one (the spec's payload carries {title, description, position}). */
  endPosition: number;
  onClose: () => void;
}

interface CategoryFormValues extends ScheduleInputs {
  title: string;
  description: string;
}

export function CategoryFormModal({ category, endPosition, onClose }: CategoryFormProps) {
  const form = useRecordForm({
    schema: formSchemaFrom(originCategoryInputSchema, (values: CategoryFormValues) => ({
      ...withSchedulePayload(values),
      position: category ? category.position : endPosition,
    })),
    defaultValues: { title: category?.title ?? '', description: category?.description ?? '', ...scheduleInputsOf(category) },
    save: saveRecord('/api/origins/admin/categories', category),
    queryKey: originsKey,
    onClose,
    failure: (error) => formFailure(category ? texts.errors.save : texts.errors.create, error),
  });

  return (
    <AdminModal title={category ? 'Modifier la catégorie' : 'Nouvelle catégorie'} onClose={onClose} busy={form.saving}>
      <RecordForm form={form}>
        <TextField label="Titre" required {...form.inputProps('title')} />
        <TextAreaField label="Description" rows={3} {...form.inputProps('description')} />
        <ScheduleFields form={form} />
        {category ? <HistoryPanel entity="origin-category" entityId={category.id} contentKey={originsKey} onRestored={onClose} /> : null}
      </RecordForm>
    </AdminModal>
  );
}
