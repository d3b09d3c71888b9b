/**
 * Paris wall-clock time, whatever the machine's zone (servers run in UTC, visitors and volunteers
 * anywhere): the troupe announces its performances in local time, summer or winter. Every reading goes
 * through the platform's time-zone database, `Intl.DateTimeFormat` with `timeZone: 'Europe/Paris'`
 * (docs/ARCHITECTURE, "dates"): never a hand-written summer-time rule, which would go wrong the day the
 * rule changes.
 */

/** A Paris wall-clock reading: month 1–12, hour 0–23. */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall time a person types or reads: seconds optional (0). */
export type WallTime = Omit<WallClock, 'second'> & { second?: number };

const PARIS = 'Europe/Paris';
const SECOND_MS = 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * One formatter per set of options for the whole module, created on first use: building one costs far
 * more than using it (the browser loads its locale and time-zone data then).
 */
export function lazyParisFormatter(options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let formatter: Intl.DateTimeFormat | undefined;
  return () => (formatter ??= new Intl.DateTimeFormat('fr-FR', { ...options, timeZone: PARIS }));
}

/** The typed parts of a formatted instant ('year' → '2026'), literals left out. */
export function partsOf(formatter: Intl.DateTimeFormat, at: Date | number): Partial<Record<Intl.DateTimeFormatPartTypes, string>> {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of formatter.formatToParts(at)) if (part.type !== 'literal') parts[part.type] = part.value;
  return parts;
}

// hourCycle h23: midnight is 00, never 24 (what `hour12: false` gives in some engines).
const numericFormatter = lazyParisFormatter({
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The wall-clock parts of an instant as seen in Paris (seconds truncated, as clocks show them). */
export function parisWallClock(at: Date | number): WallClock {
  const parts = partsOf(numericFormatter(), at);
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** A wall clock read as if it were UTC, in ms; setUTCFullYear because Date.UTC turns years 0–99 into 19xx. */
function wallClockAsUtc({ year, month, day, hour, minute, second = 0 }: WallTime): number {
  const date = new Date(Date.UTC(2000, month - 1, day, hour, minute, second));
  date.setUTCFullYear(year, month - 1, day);
  return date.getTime();
}

/** How far Paris clocks are ahead of UTC at that instant, in ms (1 h in winter, 2 h in summer). */
function parisOffsetMs(at: number): number {
  const wholeSecond = at - (((at % SECOND_MS) + SECOND_MS) % SECOND_MS);
  return wallClockAsUtc(parisWallClock(wholeSecond)) - wholeSecond;
}

/**
 * The instant at which Paris clocks show `wall`. The offset is the one in force at that instant, not at
 * a guess a few hours away: Paris changes offset at most once a day, so the offsets a day before and a
 * day after are the only candidates, and the right one is the one the candidate instant itself has.
 * The two clock changes, as JavaScript's Date reads local times (and Temporal's 'compatible' choice):
 * - autumn, a time shown twice (2026-10-25 02:30): the first one, still summer time (00:30 UTC);
 * - spring, a time never shown (2026-03-29 02:30): read with the winter offset, so one hour later on
 *   the clock, 03:30 summer time (01:30 UTC).
 */
export function parisWallTimeToDate(wall: WallTime): Date {
  const asUtc = wallClockAsUtc(wall);
  const before = parisOffsetMs(asUtc - DAY_MS);
  const after = parisOffsetMs(asUtc + DAY_MS);
  // The larger offset gives the earlier instant: tried first, so that a time shown twice is the first.
  for (const offset of before >= after ? [before, after] : [after, before]) {
    if (parisOffsetMs(asUtc - offset) === offset) return new Date(asUtc - offset);
  }
  return new Date(asUtc - before);
}

/** 'YYYY-MM-DD', with 'THH:MM' and seconds optional, and no offset: a wall time with no zone of its own. */
const WALL_TIME_TEXT = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?)?$/;

/**
 * The instant of an ISO 8601 text, in ms; NaN when unreadable. A text with its offset ('Z', '+01:00')
 * is that instant. A text without one ('2026-03-03T20:30', '2026-03-03' for midnight) is Paris wall
 * time, where Date.parse would use the machine's zone (or UTC for a date alone): the day or the hour
 * announced would then depend on the server or the browser. Fractions of a second are dropped, and a
 * day or an hour that does not exist (30 February, 24:00) is refused rather than rolled over.
 */
export function parseParisIso(text: string): number {
  const match = WALL_TIME_TEXT.exec(text.trim());
  if (!match) return Date.parse(text);
  const [year, month, day, hour = 0, minute = 0, second = 0] = match.slice(1).map((part) => (part === undefined ? undefined : Number(part)));
  const wall = { year: year!, month: month!, day: day!, hour, minute, second };
  const calendar = new Date(wallClockAsUtc(wall));
  const exists = calendar.getUTCMonth() === wall.month - 1 && calendar.getUTCDate() === wall.day && hour < 24 && minute < 60 && second < 60;
  return exists ? parisWallTimeToDate(wall).getTime() : Number.NaN;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * '2026-03-03T19:30:00.000Z' -> '2026-03-03T20:30:00+01:00': the instant as Paris wall-clock time with
 * its offset (as search engines show event times in the venue's zone). Null when unreadable.
 */
export function parisIsoDate(iso: string): string | null {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return null;
  const p = parisWallClock(at);
  const offsetMinutes = Math.round(parisOffsetMs(at) / 60_000);
  const abs = Math.abs(offsetMinutes);
  const offset = `${offsetMinutes < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}${offset}`;
}

/**
 * The ISO UTC instant of `hour:minute` in Paris, `dayOffset` days after (or before) the Paris date of
 * `now` (the demo content's dates).
 */
export function parisDateTime(now: Date, dayOffset: number, hour: number, minute = 0): string {
  const { year, month, day } = parisWallClock(now.getTime() + dayOffset * DAY_MS);
  return parisWallTimeToDate({ year, month, day, hour, minute }).toISOString();
}
