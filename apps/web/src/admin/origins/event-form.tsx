import type { ChangeEvent } from 'react';
import type { OriginCategory, OriginEvent } from '@bande/shared';
import { eventDateError, eventDateFromParts, eventDateToParts } from '@bande/shared/format/event-date';
import { originEventInputSchema } from '@bande/shared/schemas/origins';
import { texts } from '@bande/shared/texts';
import { formFailure } from '../lib/mutations.ts';
import { formSchemaFrom } from '../lib/form-schema.ts';
import type { FieldErrors } from '../lib/form-errors.ts';
import { AdminModal } from '../ui/modal.tsx';
import { Alert } from '../ui/alert.tsx';
import { digitsOnly, SelectField, TextAreaField, TextField } from '../ui/field.tsx';
import { ui } from '../ui/layout.tsx';
import { RecordForm } from '../ui/record-form.tsx';
import { saveRecord, useRecordForm } from '../ui/use-record-form.ts';
import { originsKey } from './origins-queries.ts';
import styles from './origins.module.css';
import { HistoryPanel } from '../history/history-panel.tsx';
import { ScheduleFields } from '../scheduling/schedule-fields.tsx';
import { scheduleInputsOf, withSchedulePayload, type ScheduleInputs } from '../scheduling/schedule-inputs.ts';

interface Props {
  event: OriginEvent | null;
  categories: OriginCategory[];
  /** Pre-selected category when adding from a category row. */
  categoryId?: number;
  onClose: () => void;
}

interface EventFormValues extends ScheduleInputs {
  title: string;
  year: string;
  month: string;
  day: string;
  description: string;
  /** The <select>'s value: an id, '' for none. */
  categoryId: string;
}

/**
 * The date typed in three parts is sent as one 'YYYY[-MM[-DD]]'. Its rules (spec section 5) are checked
 * on the parts, for their own messages ('Le mois doit être entre 1 et 12'...), shown in the date's alert.
 */
const eventFormSchema = formSchemaFrom(
  originEventInputSchema,
  ({ year, month, day, categoryId, ...values }: EventFormValues) => ({
    ...withSchedulePayload(values),
    date: eventDateError({ year, month, day }) ? year : eventDateFromParts({ year, month, day }),
    // None chosen: sent as before, without one, and the schema answers 'La catégorie est requise'.
    categoryId: categoryId ? Number(categoryId) : (undefined as unknown as number),
  }),
  ({ year, month, day }): FieldErrors => {
    const message = eventDateError({ year, month, day });
    return message ? { date: message } : {};
  },
);

export function EventFormModal({ event, categories, categoryId, onClose }: Props) {
  const initialDate = event ? eventDateToParts(event.date) : { year: '', month: '', day: '' };
  const form = useRecordForm({
    schema: eventFormSchema,
    defaultValues: {
      title: event?.title ?? '',
      year: initialDate.year,
      month: initialDate.month ?? '',
      day: initialDate.day ?? '',
      description: event?.description ?? '',
      categoryId: String(event?.categoryId ?? categoryId ?? categories[0]?.id ?? ''),
      ...scheduleInputsOf(event),
    },
    save: saveRecord('/api/origins/admin/events', event),
    queryKey: originsKey,
    onClose,
    failure: (error) => formFailure(event ? texts.errors.save : texts.errors.create, error),
  });
  /** A date part keeps digits only, as many as the part has. */
  const datePart = (name: 'year' | 'month' | 'day', maxDigits: number) => {
    const { value, onChange } = form.valueProps(name);
    return { value, onChange: (change: ChangeEvent<HTMLInputElement>) => onChange(digitsOnly(change.target.value, maxDigits)) };
  };
  const dateError = form.errorOf('date');

  return (
    <AdminModal title={event ? 'Modifier l’événement' : 'Nouvel événement'} onClose={onClose} busy={form.saving}>
      <RecordForm form={form}>
        <TextField label="Titre" required {...form.inputProps('title')} />
        <fieldset className={styles.dateFields}>
          <legend className={ui.label}>
            Date<span className={ui.required} aria-hidden="true">*</span>
          </legend>
          <div className={styles.dateRow}>
            <TextField label="Année" required inputMode="numeric" placeholder="AAAA" {...datePart('year', 4)} />
            <TextField label="Mois" inputMode="numeric" placeholder="MM" {...datePart('month', 2)} />
            <TextField label="Jour" inputMode="numeric" placeholder="JJ" {...datePart('day', 2)} />
          </div>
          <p className={ui.hint}>L’année seule, le mois et l’année, ou la date complète.</p>
          {dateError ? <Alert>{dateError}</Alert> : null}
        </fieldset>
        <TextAreaField label="Description" required rows={4} {...form.inputProps('description')} />
        <SelectField label="Catégorie" required {...form.inputProps('categoryId')}>
          <option value="">— Choisir une catégorie —</option>
          {categories.map((option) => (
            <option key={option.id} value={option.id}>
              {option.title}
            </option>
          ))}
        </SelectField>
        <ScheduleFields form={form} />
        {event ? <HistoryPanel entity="origin-event" entityId={event.id} contentKey={originsKey} onRestored={onClose} /> : null}
      </RecordForm>
    </AdminModal>
  );
}
