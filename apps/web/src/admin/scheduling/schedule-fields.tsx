import { formatPerformanceDate } from '@bande/shared';
import { localInputToIso } from '../lib/dates.ts';
import { TextField } from '../ui/field.tsx';
import { ui } from '../ui/layout.tsx';
import type { ScheduleInputs } from './schedule-inputs.ts';

interface Props {
  value: ScheduleInputs;
  onChange: (next: ScheduleInputs) => void;
  /** The form's field errors: 'publishAt' and 'unpublishAt' are shown here (schema or server). */
  errors: Record<string, string | undefined>;
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
export function ScheduleFields({ value, onChange, errors, disabled }: Props) {
  const set = (key: keyof ScheduleInputs, next: string) => onChange({ ...value, [key]: next });
  return (
    <fieldset className={ui.fieldset} disabled={disabled}>
      <legend>Publication programmée</legend>
      <p className={ui.hint}>Heure de Paris. Laissez vide pour publier ou retirer à la main.</p>
      <div className={ui.row}>
        <TextField
          label="Publier le"
          type="datetime-local"
          value={value.publishAt}
          onChange={(e) => set('publishAt', e.target.value)}
          error={errors.publishAt}
          hint={readable(value.publishAt)}
        />
        <TextField
          label="Retirer le"
          type="datetime-local"
          value={value.unpublishAt}
          onChange={(e) => set('unpublishAt', e.target.value)}
          error={errors.unpublishAt}
          hint={readable(value.unpublishAt)}
        />
      </div>
    </fieldset>
  );
}
