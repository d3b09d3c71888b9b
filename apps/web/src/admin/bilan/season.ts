import { parisWallClock } from '@bande/shared/format/paris-clock';

/** A period of Paris calendar days, both ends included. */
export interface Period {
  from: string;
  to: string;
}

/**
 * The association's season runs from 1 September to 31 August (Paris time): the season a day is in,
 * named « 2025-2026 ». `offset` -1 is the one before.
 */
export function seasonOf(now: Date, offset = 0): Period & { name: string } {
  const { year, month } = parisWallClock(now);
  const start = (month >= 9 ? year : year - 1) + offset;
  return { from: `${start}-09-01`, to: `${start + 1}-08-31`, name: `${start}-${start + 1}` };
}

/** The season a period's start is in, for the report's title. */
export function seasonName(from: string): string {
  const [year, month] = from.split('-').map(Number) as [number, number];
  const start = month >= 9 ? year : year - 1;
  return `${start}-${start + 1}`;
}
