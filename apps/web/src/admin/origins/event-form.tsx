import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  eventDateError,
  eventDateFromParts,
  eventDateToParts,
  originEventInputSchema,
  texts,
  type OriginCategory,
  type OriginEvent,
} from '@bande/shared';
import { ApiError } from '../../lib/api-client.ts';
import { invalidateAfterChange, useAdminApi } from '../lib/admin-api.ts';
import { fieldErrors, serverFieldErrors, withoutError, type FieldErrors } from '../lib/form-errors.ts';
import { failureWithDetail } from '../lib/mutations.ts';
import { adminTexts } from '../admin-texts.ts';
import { AdminModal, ModalBody, ModalFooter, modalStyles } from '../ui/modal.tsx';
import { AdminButton } from '../ui/button.tsx';
import { Alert } from '../ui/alert.tsx';
import { digitsOnly, SelectField, TextAreaField, TextField } from '../ui/field.tsx';
import { ui } from '../ui/layout.tsx';
import { originsKey } from './origins-queries.ts';
import styles from './origins.module.css';
import { HistoryPanel } from '../history/history-panel.tsx';
import { ScheduleFields } from '../scheduling/schedule-fields.tsx';
import { scheduleInputsOf, schedulePayload } from '../scheduling/schedule-inputs.ts';

interface Props {
  event: OriginEvent | null;
  categories: OriginCategory[];
  /** Pre-selected category when adding from a category row. */
  categoryId?: number;
  onClose: () => void;
}

export function EventFormModal({ event, categories, categoryId, onClose }: Props) {
  const api = useAdminApi();
  const queryClient = useQueryClient();
  const initialDate = event ? eventDateToParts(event.date) : { year: '', month: '', day: '' };
  const [title, setTitle] = useState(event?.title ?? '');
  const [year, setYear] = useState(initialDate.year);
  const [month, setMonth] = useState(initialDate.month ?? '');
  const [day, setDay] = useState(initialDate.day ?? '');
  const [description, setDescription] = useState(event?.description ?? '');
  const [category, setCategory] = useState(String(event?.categoryId ?? categoryId ?? categories[0]?.id ?? ''));
  const [schedule, setSchedule] = useState(() => scheduleInputsOf(event));
  const [dateError, setDateError] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: (body: unknown) => (event ? api.send('PUT', `/api/origins/admin/events/${event.id}`, body) : api.send('POST', '/api/origins/admin/events', body)),
    onSuccess: () => {
      invalidateAfterChange(queryClient, originsKey);
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError) setErrors(serverFieldErrors(error.body));
      setFormError(failureWithDetail(event ? texts.errors.save : texts.errors.create, error));
    },
  });

  function onSubmit(submitEvent: FormEvent) {
    submitEvent.preventDefault();
    setFormError(null);
    // The date rules of spec section 5, shown as an alert; a broken date blocks the save.
    const parts = { year, month, day };
    const message = eventDateError(parts);
    setDateError(message);
    const parsed = originEventInputSchema.safeParse({
      title,
      date: message ? year : eventDateFromParts(parts),
      description,
      categoryId: category ? Number(category) : undefined,
      ...schedulePayload(schedule),
    });
    setErrors(parsed.success ? {} : fieldErrors(parsed.error));
    if (message || !parsed.success) return;
    save.mutate(parsed.data);
  }

  return (
    <AdminModal title={event ? 'Modifier l’événement' : 'Nouvel événement'} onClose={onClose} busy={save.isPending}>
      <form className={modalStyles.form} onSubmit={onSubmit} noValidate>
        <ModalBody>
          <div className={ui.form}>
            {formError ? <Alert>{formError}</Alert> : null}
            <TextField label="Titre" required value={title} onChange={(e) => {
                setTitle(e.target.value);
                setErrors((current) => withoutError(current, 'title'));
              }}
              error={errors.title} />
            <fieldset className={styles.dateFields}>
              <legend className={ui.label}>
                Date<span className={ui.required} aria-hidden="true">*</span>
              </legend>
              <div className={styles.dateRow}>
                <TextField label="Année" required inputMode="numeric" placeholder="AAAA" value={year} onChange={(e) => setYear(digitsOnly(e.target.value, 4))} />
                <TextField label="Mois" inputMode="numeric" placeholder="MM" value={month} onChange={(e) => setMonth(digitsOnly(e.target.value, 2))} />
                <TextField label="Jour" inputMode="numeric" placeholder="JJ" value={day} onChange={(e) => setDay(digitsOnly(e.target.value, 2))} />
              </div>
              <p className={ui.hint}>L’année seule, le mois et l’année, ou la date complète.</p>
              {dateError ? <Alert>{dateError}</Alert> : null}
            </fieldset>
            <TextAreaField label="Description" required rows={4} value={description} onChange={(e) => {
                setDescription(e.target.value);
                setErrors((current) => withoutError(current, 'description'));
              }}
              error={errors.description} />
            <SelectField label="Catégorie" required value={category} onChange={(e) => {
                setCategory(e.target.value);
                setErrors((current) => withoutError(current, 'categoryId'));
              }}
              error={errors.categoryId}>
              <option value="">— Choisir une catégorie —</option>
              {categories.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.title}
                </option>
              ))}
            </SelectField>
            <ScheduleFields value={schedule} onChange={setSchedule} errors={errors} />
            {event ? <HistoryPanel entity="origin-event" entityId={event.id} contentKey={originsKey} onRestored={onClose} /> : null}
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
