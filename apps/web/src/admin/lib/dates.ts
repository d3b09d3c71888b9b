import { lazyParisFormatter, parisWallClock, parseParisIso, partsOf } from '@bande/shared/format/paris-clock';

const pad = (value: number) => String(value).padStart(2, '0');

/*
 * Performance dates are shown and typed in Paris time, whatever the zone of the volunteer's computer
 * (a member on tour abroad, a laptop left on another zone): the troupe plays in France and the public
 * pages print Paris time. An <input type="datetime-local"> has no zone of its own, so its value is
 * read and written here as the Paris wall clock.
 */

/** ISO instant → the value of an <input type="datetime-local">, Paris wall clock ('2026-03-03T20:30'). */
export function isoToLocalInput(iso: string): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return '';
  const p = parisWallClock(at);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}

/**
 * A datetime-local value, read as Paris wall time → ISO instant; blank or unreadable → null. Seconds,
 * which the input only gives with a smaller step, are dropped: performances are set to the minute.
 * On the nights the clocks change (see parisWallTimeToDate): a time shown twice in autumn is the first
 * (summer time); a time that does not exist in spring (02:30) becomes 03:30 summer time.
 */
export function localInputToIso(value: string): string | null {
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})(?::\d{2}(?:\.\d{1,3})?)?$/.exec(value.trim());
  const at = match ? parseParisIso(match[1]!) : Number.NaN;
  return Number.isNaN(at) ? null : new Date(at).toISOString();
}

let nextKey = 1;
/** Stable React keys for rows added in a form (credits, performances). */
export const newKey = () => `k${nextKey++}`;

const parisDateTime = lazyParisFormatter({ dateStyle: 'short', timeStyle: 'short' });
/** An instant as the backoffice lists it, in Paris time ('03/03/2026 20:30'). */
export const formatParisDateTime = (iso: string) => parisDateTime().format(new Date(iso));

const parisHour = lazyParisFormatter({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
/** A time of the evening as French writes it, Paris time, no-break spaces around the « h » (« 20 h 02 »). */
export function formatParisHour(iso: string): string {
  const { hour, minute } = partsOf(parisHour(), new Date(iso));
  return `${Number(hour)}\u00a0h\u00a0${minute}`;
}
