const PARIS_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' });

let memo = { second: Number.NaN, day: '' };

/**
 * The Paris calendar day of an instant, `YYYY-MM-DD` (en-CA's format, the platform's time-zone rules).
 * Remembered for the second it was asked for: every view of a busy second costs one formatting.
 */
export function parisDay(at: Date | number): string {
  const ms = typeof at === 'number' ? at : at.getTime();
  const second = Math.floor(ms / 1000);
  if (second !== memo.second) memo = { second, day: PARIS_DAY.format(ms) };
  return memo.day;
}

/** The Paris day `days` calendar days after `day` (noon UTC keeps clear of any offset change). */
export function addDays(day: string, days: number): string {
  const at = Date.parse(`${day}T12:00:00Z`) + days * 86_400_000;
  return new Date(at).toISOString().slice(0, 10);
}
