import { parisWallClock } from './paris-time.ts';

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

/** French day names, Sunday first as Date.getUTCDay() counts them. */
const FRENCH_WEEKDAYS = ['dimanche', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi'] as const;

/** French writes the first day of a month as an ordinal: '1er mars', then '2 mars'. */
const frenchDay = (day: number) => (day === 1 ? '1er' : String(day));

/**
 * 'mardi 3 mars 2026 - 20h30' (spec section 9). The time zone is always Europe/Paris, the association's,
 * never the machine's: the page renders on a UTC server and hydrates in the visitor's browser, and both
 * must print the same text. Hours are not padded ('9h05'), minutes are; midnight is '0h00'.
 * Built from the Paris wall clock and the French names, without Intl (see paris-time.ts for why).
 * A date that cannot be read is returned as given rather than throwing in the middle of a page.
 */
export function formatPerformanceDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const paris = parisWallClock(date);
  const minute = String(paris.minute).padStart(2, '0');
  return `${FRENCH_WEEKDAYS[paris.weekday]} ${frenchDay(paris.day)} ${FRENCH_MONTHS[paris.month - 1]} ${paris.year} - ${paris.hour}h${minute}`;
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
