import { afterEach, describe, expect, it } from 'vitest';
import { parisDateTime, parisIsoDate, parisWallClock, parisWallClockFromDatabase } from './paris-time.ts';

describe('parisIsoDate', () => {
  const original = process.env.TZ;
  afterEach(() => {
    if (original === undefined) delete process.env.TZ;
    else process.env.TZ = original;
  });

  it.each([
    ['2026-03-03T19:30:00.000Z', '2026-03-03T20:30:00+01:00'],
    ['2026-07-14T18:30:00.000Z', '2026-07-14T20:30:00+02:00'],
    ['2026-06-30T22:00:00.000Z', '2026-07-01T00:00:00+02:00'],
    ['2026-10-25T00:30:00.000Z', '2026-10-25T02:30:00+02:00'],
    ['2026-10-25T01:30:00.000Z', '2026-10-25T02:30:00+01:00'],
  ])('%s -> %s, whatever the machine zone', (iso, expected) => {
    process.env.TZ = 'America/Los_Angeles';
    expect(parisIsoDate(iso)).toBe(expected);
    expect(Date.parse(parisIsoDate(iso)!)).toBe(Date.parse(iso));
  });

  it('gives null for an unreadable date', () => {
    expect(parisIsoDate('pas une date')).toBeNull();
  });
});

describe('parisDateTime', () => {
  it('gives the UTC instant of a Paris time, in winter and in summer', () => {
    const now = new Date('2026-03-03T12:00:00Z');
    expect(parisDateTime(now, 0, 20, 30)).toBe('2026-03-03T19:30:00.000Z');
    expect(parisDateTime(now, 133, 20, 30)).toBe('2026-07-14T18:30:00.000Z');
  });
});

/** The platform's time-zone database, the reference the arithmetic rule must agree with. */
const referenceWallClock = (at: number) => parisWallClockFromDatabase(new Date(at));

describe('parisWallClock agrees with the time-zone database', () => {
  const HOUR = 60 * 60 * 1000;

  function expectSameAsReference(instants: number[]) {
    const differing = instants.filter((at) => JSON.stringify(parisWallClock(new Date(at))) !== JSON.stringify(referenceWallClock(at)));
    expect(differing.slice(0, 5).map((at) => new Date(at).toISOString())).toEqual([]);
  }

  it('every hour from 2020 to 2040, whatever the machine zone', () => {
    const original = process.env.TZ;
    process.env.TZ = 'America/Los_Angeles';
    try {
      const instants: number[] = [];
      for (let at = Date.UTC(2020, 0, 1); at < Date.UTC(2041, 0, 1); at += HOUR) instants.push(at);
      expectSameAsReference(instants);
    } finally {
      if (original === undefined) delete process.env.TZ;
      else process.env.TZ = original;
    }
  });

  it('minute by minute around every clock change from 1996 to 2100', () => {
    const instants: number[] = [];
    for (let year = 1996; year <= 2100; year++) {
      for (const month of [2, 9]) {
        // The last Sunday of March and October, whichever it is: scan the month's last week.
        for (let at = Date.UTC(year, month, 24, 22); at < Date.UTC(year, month + 1, 1, 3); at += 15 * 60 * 1000) instants.push(at);
        for (let minute = -3; minute <= 3; minute++) {
          const lastDay = new Date(Date.UTC(year, month + 1, 0, 1));
          instants.push(lastDay.getTime() - lastDay.getUTCDay() * 24 * HOUR + minute * 60 * 1000);
        }
      }
    }
    expectSameAsReference(instants);
  });

  it('reads instants before 1996, when France changed clocks on other dates, from the database', () => {
    // Summer time ended on 24 September 1995: by the EU rule it would have lasted to 29 October.
    expect(parisIsoDate('1995-10-01T12:00:00.000Z')).toBe('1995-10-01T13:00:00+01:00');
    expect(parisIsoDate('1995-07-01T12:00:00.000Z')).toBe('1995-07-01T14:00:00+02:00');
    expect(parisIsoDate('1970-01-01T00:00:00.000Z')).toBe('1970-01-01T01:00:00+01:00');
    expectSameAsReference([Date.UTC(1950, 6, 1), Date.UTC(1976, 6, 1), Date.UTC(1995, 8, 24, 0, 59), Date.UTC(1995, 8, 24, 1, 0)]);
  });

  it('keeps the seconds and the day of the week', () => {
    expect(parisWallClock(new Date('2026-03-03T19:30:45.900Z'))).toEqual({ year: 2026, month: 3, day: 3, hour: 20, minute: 30, second: 45, weekday: 2 });
  });
});
