import { BILAN_MAX_DAYS, bilanTexts } from '@bande/shared';
import { parisWallTimeToDate } from '@bande/shared/format/paris-clock';
import { badRequest, type HttpError } from '../../lib/http-error.ts';

/** A period of Paris calendar days, both ends included, and the UTC instants that bound it. */
export interface Period {
  from: string;
  to: string;
  /** ISO instant of Paris midnight starting `from`. */
  start: string;
  /** ISO instant of Paris midnight after `to` (excluded). */
  end: string;
}

const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' as a UTC day number, or null when the day does not exist (2026-02-30). */
function dayNumber(day: string): number | null {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const at = Date.UTC(year, month - 1, date);
  return new Date(at).toISOString().slice(0, 10) === day ? at / DAY_MS : null;
}

const dayText = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** The Paris midnight that starts a calendar day, as an ISO instant (DST-aware). */
export function parisMidnight(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return parisWallTimeToDate({ year, month, day: date, hour: 0, minute: 0 }).toISOString();
}

/** Every calendar day from `from` to `to`, both included. */
export function periodDays(from: string, to: string): string[] {
  const first = dayNumber(from);
  const last = dayNumber(to);
  if (first === null || last === null) return [];
  return Array.from({ length: Math.max(0, last - first + 1) }, (_, i) => dayText(first + i));
}

/** The query's days checked (they exist, in order, three years at most): the period, or a French 400. */
export function periodOf(from: string, to: string): Period | HttpError {
  const first = dayNumber(from);
  const last = dayNumber(to);
  if (first === null || last === null) return badRequest(bilanTexts.invalidDate);
  if (first > last) return badRequest(bilanTexts.fromAfterTo);
  if (last - first + 1 > BILAN_MAX_DAYS) return badRequest(bilanTexts.tooLong);
  return { from, to, start: parisMidnight(from), end: parisMidnight(dayText(last + 1)) };
}
