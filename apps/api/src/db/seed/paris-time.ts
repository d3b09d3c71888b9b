/** Wall-clock parts of an instant as seen in Paris. */
const parisParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

function partsOf(at: Date) {
  const parts = Object.fromEntries(parisParts.formatToParts(at).map((p) => [p.type, Number(p.value)]));
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute!, second: parts.second! };
}

/** How far Paris clocks are ahead of UTC at that instant (1 h in winter, 2 h in summer). */
function parisOffsetMs(at: Date): number {
  const p = partsOf(at);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(at.getTime() / 1000) * 1000;
}

/**
 * The ISO UTC instant of `hour:minute` in Paris, `dayOffset` days after (or before) the Paris date of
 * `now`: performances are announced in local time, whatever the season.
 */
export function parisDateTime(now: Date, dayOffset: number, hour: number, minute = 0): string {
  const day = partsOf(new Date(now.getTime() + dayOffset * 24 * 60 * 60 * 1000));
  const wallClock = Date.UTC(day.year, day.month - 1, day.day, hour, minute);
  // Two passes: the offset to use is the one in force at the target instant, not at the guess.
  const first = wallClock - parisOffsetMs(new Date(wallClock));
  return new Date(wallClock - parisOffsetMs(new Date(first))).toISOString();
}
