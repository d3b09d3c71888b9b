import { afterEach, describe, expect, it } from 'vitest';
import { parisDateTime, parisIsoDate, parisWallClock, parisWallTimeToDate, parseParisIso } from './paris-clock.ts';

// Expected values checked against GNU date with TZ=Europe/Paris. The machine zone is set elsewhere
// than Paris in the tests that say so: an implementation reading the machine's clock fails them.
const originalTz = process.env.TZ;
afterEach(() => {
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});

function elsewhere(tz = 'America/New_York') {
  process.env.TZ = tz;
  // The machine's own clock reading differs from Paris: proof that the zone change took effect.
  expect(new Date('2026-03-03T19:30:00.000Z').getHours()).not.toBe(20);
}

describe('parisWallClock', () => {
  it.each([
    ['2026-03-03T19:30:45.900Z', { year: 2026, month: 3, day: 3, hour: 20, minute: 30, second: 45 }],
    ['2026-07-14T18:30:00.000Z', { year: 2026, month: 7, day: 14, hour: 20, minute: 30, second: 0 }],
    ['2026-06-30T22:00:00.000Z', { year: 2026, month: 7, day: 1, hour: 0, minute: 0, second: 0 }],
    ['2025-12-31T23:30:00.000Z', { year: 2026, month: 1, day: 1, hour: 0, minute: 30, second: 0 }],
    ['2026-03-29T00:59:00.000Z', { year: 2026, month: 3, day: 29, hour: 1, minute: 59, second: 0 }],
    ['2026-03-29T01:00:00.000Z', { year: 2026, month: 3, day: 29, hour: 3, minute: 0, second: 0 }],
    ['2026-10-25T00:30:00.000Z', { year: 2026, month: 10, day: 25, hour: 2, minute: 30, second: 0 }],
    ['2026-10-25T01:30:00.000Z', { year: 2026, month: 10, day: 25, hour: 2, minute: 30, second: 0 }],
  ])('%s in Paris, the machine being in New York', (iso, expected) => {
    elsewhere();
    expect(parisWallClock(new Date(iso))).toEqual(expected);
  });
});

describe('parisWallTimeToDate', () => {
  it.each([
    [{ year: 2026, month: 3, day: 3, hour: 20, minute: 30 }, '2026-03-03T19:30:00.000Z', 'winter, UTC+1'],
    [{ year: 2026, month: 7, day: 14, hour: 20, minute: 30 }, '2026-07-14T18:30:00.000Z', 'summer, UTC+2'],
    [{ year: 2026, month: 3, day: 29, hour: 1, minute: 59 }, '2026-03-29T00:59:00.000Z', 'last winter minute before the spring change'],
    [{ year: 2026, month: 3, day: 29, hour: 3, minute: 0 }, '2026-03-29T01:00:00.000Z', 'first summer minute'],
    [{ year: 2026, month: 3, day: 29, hour: 20, minute: 30 }, '2026-03-29T18:30:00.000Z', 'evening of the spring change'],
    [{ year: 2026, month: 3, day: 28, hour: 20, minute: 30 }, '2026-03-28T19:30:00.000Z', 'evening before the spring change'],
    [{ year: 2026, month: 10, day: 25, hour: 1, minute: 30 }, '2026-10-24T23:30:00.000Z', 'night of the autumn change, still summer'],
    [{ year: 2026, month: 10, day: 25, hour: 3, minute: 0 }, '2026-10-25T02:00:00.000Z', 'night of the autumn change, winter'],
    [{ year: 2026, month: 10, day: 25, hour: 20, minute: 30 }, '2026-10-25T19:30:00.000Z', 'evening of the autumn change'],
    [{ year: 2026, month: 10, day: 24, hour: 20, minute: 30 }, '2026-10-24T18:30:00.000Z', 'evening before the autumn change'],
    [{ year: 2027, month: 1, day: 1, hour: 0, minute: 0 }, '2026-12-31T23:00:00.000Z', 'new year in Paris, old year in UTC'],
  ])('%j -> %s (%s)', (wall, expected) => {
    elsewhere();
    expect(parisWallTimeToDate(wall).toISOString()).toBe(expected);
  });

  it('reads a time shown twice (autumn change) as the first one, in summer time', () => {
    expect(parisWallTimeToDate({ year: 2026, month: 10, day: 25, hour: 2, minute: 30 }).toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });

  it('reads a time never shown (spring gap) with the winter offset: 02:30 is 03:30 summer time', () => {
    const at = parisWallTimeToDate({ year: 2026, month: 3, day: 29, hour: 2, minute: 30 });
    expect(at.toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(parisWallClock(at)).toMatchObject({ hour: 3, minute: 30 });
  });

  it('gives back every wall time it reads, every 47 minutes over two years, whatever the machine zone', () => {
    elsewhere('Pacific/Kiritimati');
    const differing: string[] = [];
    for (let at = Date.UTC(2026, 0, 1); at < Date.UTC(2028, 0, 1); at += 47 * 60 * 1000) {
      const { second: _second, ...wall } = parisWallClock(at);
      const back = parisWallTimeToDate(wall).getTime();
      // Only the second 02:xx of an autumn night reads back as the first one, an hour earlier.
      if (back !== at && back !== at - 60 * 60 * 1000) differing.push(new Date(at).toISOString());
    }
    expect(differing.slice(0, 5)).toEqual([]);
  });
});

describe('parisIsoDate', () => {
  it.each([
    ['2026-03-03T19:30:00.000Z', '2026-03-03T20:30:00+01:00'],
    ['2026-07-14T18:30:00.000Z', '2026-07-14T20:30:00+02:00'],
    ['2026-06-30T22:00:00.000Z', '2026-07-01T00:00:00+02:00'],
    ['2026-10-25T00:30:00.000Z', '2026-10-25T02:30:00+02:00'],
    ['2026-10-25T01:30:00.000Z', '2026-10-25T02:30:00+01:00'],
    // Summer time ended on 24 September 1995, before the EU rule: the database knows it.
    ['1995-10-01T12:00:00.000Z', '1995-10-01T13:00:00+01:00'],
  ])('%s -> %s, whatever the machine zone', (iso, expected) => {
    elsewhere('America/Los_Angeles');
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

describe('parseParisIso', () => {
  it.each([
    ['2026-03-03T19:30:00.000Z', '2026-03-03T19:30:00.000Z', 'with its offset: that instant'],
    ['2026-03-03T20:30:00+01:00', '2026-03-03T19:30:00.000Z', 'with a Paris offset'],
    ['2026-03-03T14:30:00-05:00', '2026-03-03T19:30:00.000Z', 'with another offset'],
    ['2026-03-03T20:30', '2026-03-03T19:30:00.000Z', 'without an offset: Paris winter time'],
    ['2026-07-14T20:30:15', '2026-07-14T18:30:15.000Z', 'without an offset: Paris summer time, with seconds'],
    ['2026-07-14T20:30:15.250', '2026-07-14T18:30:15.000Z', 'fraction of a second dropped'],
    ['2026-07-14', '2026-07-13T22:00:00.000Z', 'a date alone: Paris midnight'],
    ['2026-03-29T02:30', '2026-03-29T01:30:00.000Z', 'spring gap: 03:30 summer time'],
    ['2026-10-25T02:30', '2026-10-25T00:30:00.000Z', 'shown twice: the first'],
  ])('%s -> %s (%s), the machine being in New York', (text, expected) => {
    elsewhere();
    expect(new Date(parseParisIso(text)).toISOString()).toBe(expected);
  });

  it.each(['', 'pas une date', '2026-02-30T20:30', '2026-02-29', '2026-13-01', '2026-03-03T24:00', '2026-03-03T20:60', '2026-03-03T20:30:60'])(
    'gives NaN for %j',
    (text) => {
      expect(parseParisIso(text)).toBeNaN();
    },
  );
});
