import { texts } from '../texts.ts';

export interface EventDateParts {
  year: string;
  month?: string;
  day?: string;
}

const isNumber = (value: string) => /^\d+$/.test(value.trim());

/**
 * Validates the parts of an origins event date with the spec's exact rules and messages
 * (year 1000-3000 required, month 1-12 and day 1-31 optional, the date must exist when both are given).
 * Returns the French message of the first broken rule, or null.
 */
export function eventDateError({ year, month = '', day = '' }: EventDateParts): string | null {
  if (year.trim() === '') return texts.validation.yearRequired;
  const y = Number(year);
  if (!isNumber(year) || y < 1000 || y > 3000) return texts.validation.yearRange;
  if (month.trim() !== '' && (!isNumber(month) || Number(month) < 1 || Number(month) > 12)) return texts.validation.monthRange;
  if (day.trim() !== '' && (!isNumber(day) || Number(day) < 1 || Number(day) > 31)) return texts.validation.dayRange;
  // A day alone cannot be stored (the forms are YYYY, YYYY-MM, YYYY-MM-DD): refused, not dropped in silence.
  if (day.trim() !== '' && month.trim() === '') return texts.validation.dayWithoutMonth;
  if (month.trim() !== '' && day.trim() !== '') {
    const date = new Date(Date.UTC(y, Number(month) - 1, Number(day)));
    if (date.getUTCMonth() !== Number(month) - 1) return texts.validation.dateDoesNotExist;
  }
  return null;
}

/** 'YYYY', 'YYYY-MM' or 'YYYY-MM-DD' from parts that passed eventDateError (which refuses a day without a month). */
export function eventDateFromParts({ year, month = '', day = '' }: EventDateParts): string {
  const pad = (value: string) => value.trim().padStart(2, '0');
  if (month.trim() === '') return year.trim();
  if (day.trim() === '') return `${year.trim()}-${pad(month)}`;
  return `${year.trim()}-${pad(month)}-${pad(day)}`;
}

/** Splits a stored date back into parts (for the edit form); unknown shapes give a year only. */
export function eventDateToParts(date: string): EventDateParts {
  const [year = '', month, day] = date.split('-');
  return { year, month: month ?? '', day: day ?? '' };
}

/** The stored string is one of the three forms and passes the rules; else the French message. */
export function storedEventDateError(date: string): string | null {
  if (date.trim() === '') return texts.validation.yearRequired;
  if (!/^\d{1,4}(-\d{1,2}(-\d{1,2})?)?$/.test(date.trim())) return texts.validation.yearRange;
  return eventDateError(eventDateToParts(date.trim()));
}
