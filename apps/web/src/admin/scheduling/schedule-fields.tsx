import type { UseFormRegisterReturn } from 'react-hook-form';
import { formatPerformanceDate } from '@bande/shared/format/french-dates';
import { localInputToIso } from '../lib/dates.ts';
import { TextField } from '../ui/field.tsx';
import { ui } from '../ui/layout.tsx';
import type { ScheduleInputs } from './schedule-inputs.ts';

type ScheduleKey = keyof ScheduleInputs;

/** What the fields need of the record form (admin/ui/use-record-form.ts) holding `publishAt` and `unpublishAt`. */
export interface ScheduleForm {
  /** The field registered, with its message (the shared schema's or the server's). */
  inputProps: (name: ScheduleKey) => UseFormRegisterReturn & { error: string | undefined };
  /** The text typed so far, for the date as the site will print it. */
  valueProps: (name: ScheduleKey) => { value: string };
}

interface Props {
  form: ScheduleForm;
  disabled?: boolean;
}

/** The date as the site will print it, so that the Paris reading of the typed time is plain to see. */
function readable(value: string): string | undefined {
  const iso = localInputToIso(value);
  return iso ? `${formatPerformanceDate(iso)} (heure de Paris)` : undefined;
}

/**
 * « Publier le » / « Retirer le »: the optional plan of an item's publication, in every edit form. The
 * server publishes or withdraws the item at that time by itself (within a few seconds), then empties the field.
 */
export function ScheduleFields({ form, disabled }: Props) {
  const field = (name: ScheduleKey, label: string) => (
    <TextField label={label} type="datetime-local" {...form.inputProps(name)} hint={readable(form.valueProps(name).value)} />
  );
  return (
    <fieldset className={ui.fieldset} disabled={disabled}>
      <legend>Publication programmée</legend>
      <p className={ui.hint}>Heure de Paris. Laissez vide pour publier ou retirer à la main.</p>
      <div className={ui.row}>
        {field('publishAt', 'Publier le')}
        {field('unpublishAt', 'Retirer le')}
      </div>
    </fieldset>
  );
}
