import type { ScheduleValues } from '@bande/shared';
import { isoToLocalInput, localInputToIso } from '../lib/dates.ts';

/**
 * The two « Publier le » / « Retirer le » fields of a form, as the <input type="datetime-local"> hold
 * them: Paris wall clock ('2026-03-03T20:30'), whatever the volunteer's computer zone (lib/dates.ts),
 * '' for nothing planned. Kept as typed (not as ISO) so that a half-typed date is not wiped on render.
 */
export interface ScheduleInputs {
  publishAt: string;
  unpublishAt: string;
}

/** The fields of a loaded item (or a new one). */
export const scheduleInputsOf = (item?: ScheduleValues | null): ScheduleInputs => ({
  publishAt: item?.publishAt ? isoToLocalInput(item.publishAt) : '',
  unpublishAt: item?.unpublishAt ? isoToLocalInput(item.unpublishAt) : '',
});

/** The request's fields: ISO instants, null to clear (always sent, so that clearing a field clears the plan). */
export const schedulePayload = (inputs: ScheduleInputs): { publishAt: string | null; unpublishAt: string | null } => ({
  publishAt: localInputToIso(inputs.publishAt),
  unpublishAt: localInputToIso(inputs.unpublishAt),
});

/** A form's values as a request body: the same fields, the schedule ones as ISO instants (the shared schema checks those). */
export const withSchedulePayload = <Values extends ScheduleInputs>(values: Values): Omit<Values, keyof ScheduleInputs> & ReturnType<typeof schedulePayload> => ({
  ...values,
  ...schedulePayload(values),
});
