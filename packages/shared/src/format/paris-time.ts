/**
 * Paris wall-clock time, whatever the machine's zone (servers run in UTC, visitors anywhere): the
 * troupe announces its performances in local time, summer or winter.
 *
 * Why not Intl.DateTimeFormat for every date: the first formatter a page creates makes the browser load
 * its ICU locale and time-zone data, 20–30 ms of main-thread work on a desktop and four times more on
 * a slow phone, in the middle of hydration (performance dates are on most public pages). Paris has
 * followed the European Union's summer-time rule since 1996, which is arithmetic: UTC+2 from the last
 * Sunday of March, 01:00 UTC, to the last Sunday of October, 01:00 UTC; UTC+1 otherwise. Instants
 * before 1996 (none of the association's performances) are read with Intl, the platform's time-zone
 * database. paris-time.test.ts compares the rule with Intl, hour by hour and around every change, so
 * that a change of the rule reaching Node's time-zone data makes the tests fail.
 */

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** 0 for Sunday to 6 for Saturday, as Date.getUTCDay(). */
  weekday: number;
}

const HOUR_MS = 60 * 60 * 1000;
/** The EU rule applies in Paris from 1996 on. */
const EU_RULE_SINCE = Date.UTC(1996, 0, 1);

/** 01:00 UTC on the last Sunday of `month` (0-based) of `year`: when EU clocks change. */
function lastSundayAtOneUtc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0, 1));
  return lastDay.getTime() - lastDay.getUTCDay() * 24 * HOUR_MS;
}

/** UTC offset of Paris by the EU rule, in ms. */
function euRuleOffsetMs(at: number): number {
  const year = new Date(at).getUTCFullYear();
  const summer = at >= lastSundayAtOneUtc(year, 2) && at < lastSundayAtOneUtc(year, 9);
  return summer ? 2 * HOUR_MS : HOUR_MS;
}

let databaseFormatter: Intl.DateTimeFormat | undefined;
const ENGLISH_WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/**
 * The wall clock of Paris read from the platform's time-zone database (Intl): the reading for instants
 * before the EU rule, and the reference the rule is tested against.
 */
export function parisWallClockFromDatabase(at: Date): WallClock {
  databaseFormatter ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Paris',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    weekday: 'short',
    hourCycle: 'h23',
  });
  const parts = Object.fromEntries(databaseFormatter.formatToParts(at).map((part) => [part.type, part.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: ENGLISH_WEEKDAYS.indexOf(parts.weekday!),
  };
}

/** UTC offset of Paris from the platform's time-zone database, in ms. */
function databaseOffsetMs(at: Date): number {
  const p = parisWallClockFromDatabase(at);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(at.getTime() / 1000) * 1000;
}

/** How far Paris clocks are ahead of UTC at that instant, in ms (1 h in winter, 2 h in summer). */
export function parisOffsetMs(at: Date): number {
  const time = at.getTime();
  return time >= EU_RULE_SINCE ? euRuleOffsetMs(time) : databaseOffsetMs(at);
}

/** The wall-clock parts of an instant as seen in Paris. */
export function parisWallClock(at: Date): WallClock {
  if (at.getTime() < EU_RULE_SINCE) return parisWallClockFromDatabase(at);
  const paris = new Date(at.getTime() + parisOffsetMs(at));
  return {
    year: paris.getUTCFullYear(),
    month: paris.getUTCMonth() + 1,
    day: paris.getUTCDate(),
    hour: paris.getUTCHours(),
    minute: paris.getUTCMinutes(),
    second: paris.getUTCSeconds(),
    weekday: paris.getUTCDay(),
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * '2026-03-03T19:30:00.000Z' -> '2026-03-03T20:30:00+01:00': the instant as Paris wall-clock time with
 * its offset (as search engines show event times in the venue's zone). Null when unreadable.
 */
export function parisIsoDate(iso: string): string | null {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const p = parisWallClock(date);
  const offsetMinutes = Math.round(parisOffsetMs(date) / 60_000);
  const abs = Math.abs(offsetMinutes);
  const offset = `${offsetMinutes < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
  return `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}${offset}`;
}

/**
 * The ISO UTC instant of `hour:minute` in Paris, `dayOffset` days after (or before) the Paris date of
 * `now` (the demo content's dates).
 */
export function parisDateTime(now: Date, dayOffset: number, hour: number, minute = 0): string {
  const day = parisWallClock(new Date(now.getTime() + dayOffset * 24 * 60 * 60 * 1000));
  const wallClock = Date.UTC(day.year, day.month - 1, day.day, hour, minute);
  // Two passes: the offset to use is the one in force at the target instant, not at the guess.
  const first = wallClock - parisOffsetMs(new Date(wallClock));
  return new Date(wallClock - parisOffsetMs(new Date(first))).toISOString();
}
