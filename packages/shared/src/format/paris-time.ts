/**
 * Paris wall-clock time, whatever the machine's zone (servers run in UTC, visitors anywhere): the
 * troupe announces its performances in local time, summer or winter.
 */
let parisFormatter: Intl.DateTimeFormat | undefined;

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** The wall-clock parts of an instant as seen in Paris. */
export function parisWallClock(at: Date): WallClock {
  parisFormatter ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Paris',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const parts = Object.fromEntries(parisFormatter.formatToParts(at).map((part) => [part.type, Number(part.value)]));
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute!, second: parts.second! };
}

/** How far Paris clocks are ahead of UTC at that instant, in ms (1 h in winter, 2 h in summer). */
export function parisOffsetMs(at: Date): number {
  const p = parisWallClock(at);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(at.getTime() / 1000) * 1000;
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
