import { lazyParisFormatter, partsOf } from './paris-clock.ts';

/** French month names, lower-case as French writes them inside a sentence. */
export const FRENCH_MONTHS = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
] as const;

/** French writes the first day of a month as an ordinal: '1er mars', then '2 mars'. */
const frenchDay = (day: number) => (day === 1 ? '1er' : String(day));

// The French names come from Intl's fr-FR data, lower-case as French writes them inside a sentence.
const performanceFormatter = lazyParisFormatter({
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/**
 * 'mardi 3 mars 2026 - 20h30' (spec section 9). The time zone is always Europe/Paris, the association's,
 * never the machine's: the page renders on a UTC server and hydrates in the visitor's browser, and both
 * must print the same text. Hours and minutes on two digits, the spec's HHhMM: '09h05', midnight '00h00'.
 * A date that cannot be read is returned as given rather than throwing in the middle of a page.
 */
export function formatPerformanceDate(iso: string): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return iso;
  const parts = partsOf(performanceFormatter(), at);
  // padStart: some engines have printed a lone digit for '2-digit' hours.
  const hour = (parts.hour ?? '').padStart(2, '0');
  return `${parts.weekday} ${frenchDay(Number(parts.day))} ${parts.month} ${parts.year} - ${hour}h${parts.minute}`;
}

/**
 * An origins event date as French prose: 'YYYY' -> '2014', 'YYYY-MM' -> 'juin 2014',
 * 'YYYY-MM-DD' -> '3 juin 2014' ('1er juin 2014' on the first). Pure string work, no time zone involved.
 * Anything else is returned as given.
 */
export function formatEventDate(date: string): string {
  const match = /^(\d{4})(?:-(\d{1,2})(?:-(\d{1,2}))?)?$/.exec(date.trim());
  if (!match) return date;
  const [, year, month, day] = match;
  if (month === undefined) return year!;
  const monthName = FRENCH_MONTHS[Number(month) - 1];
  if (monthName === undefined) return date;
  if (day === undefined) return `${monthName} ${year}`;
  const dayNumber = Number(day);
  if (dayNumber < 1 || dayNumber > 31) return date;
  return `${frenchDay(dayNumber)} ${monthName} ${year}`;
}
