import { afterEach, describe, expect, it } from 'vitest';
import { isoToLocalInput, localInputToIso } from './dates.ts';

// The volunteer's computer may be anywhere: the tests run away from Paris (and CI machines run in UTC),
// so an implementation that used the machine's zone would fail them. Expected values checked against
// GNU date with TZ=Europe/Paris.
const originalTz = process.env.TZ;
afterEach(() => {
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});

function onComputerIn(tz: string) {
  process.env.TZ = tz;
  // The machine's own clock reading differs from Paris: proof that the zone change took effect.
  expect(new Date('2026-03-03T19:30:00.000Z').getHours()).not.toBe(20);
}

const ZONES = ['UTC', 'America/New_York', 'Asia/Tokyo'];

describe.each(ZONES)('on a computer set to %s', (tz) => {
  it.each([
    ['2026-03-03T19:30:00.000Z', '2026-03-03T20:30', 'winter, UTC+1'],
    ['2026-07-14T18:30:00.000Z', '2026-07-14T20:30', 'summer, UTC+2'],
    ['2026-03-29T00:59:00.000Z', '2026-03-29T01:59', 'last minute before the spring change'],
    ['2026-03-29T01:00:00.000Z', '2026-03-29T03:00', 'first minute after it'],
    ['2026-03-29T18:30:00.000Z', '2026-03-29T20:30', 'evening of the spring change'],
    ['2026-10-25T00:30:00.000Z', '2026-10-25T02:30', 'autumn change, first 02:30'],
    ['2026-10-25T01:30:00.000Z', '2026-10-25T02:30', 'autumn change, second 02:30'],
    ['2026-10-25T19:30:00.000Z', '2026-10-25T20:30', 'evening of the autumn change'],
    ['2026-12-31T23:15:00.000Z', '2027-01-01T00:15', 'new year in Paris, old year in UTC'],
    ['2027-03-05T19:30:00.000Z', '2027-03-05T20:30', 'the e2e journey’s date'],
  ])('isoToLocalInput(%s) is the Paris wall clock %s (%s)', (iso, expected) => {
    onComputerIn(tz);
    expect(isoToLocalInput(iso)).toBe(expected);
  });

  it.each([
    ['2026-03-03T20:30', '2026-03-03T19:30:00.000Z', 'winter, UTC+1'],
    ['2026-07-14T20:30', '2026-07-14T18:30:00.000Z', 'summer, UTC+2'],
    ['2026-03-28T20:30', '2026-03-28T19:30:00.000Z', 'evening before the spring change'],
    ['2026-03-29T20:30', '2026-03-29T18:30:00.000Z', 'evening of the spring change'],
    ['2026-03-29T01:59', '2026-03-29T00:59:00.000Z', 'last winter minute'],
    ['2026-03-29T03:00', '2026-03-29T01:00:00.000Z', 'first summer minute'],
    ['2026-03-29T02:30', '2026-03-29T01:30:00.000Z', 'in the spring gap: read as 03:30 summer time'],
    ['2026-10-24T20:30', '2026-10-24T18:30:00.000Z', 'evening before the autumn change'],
    ['2026-10-25T20:30', '2026-10-25T19:30:00.000Z', 'evening of the autumn change'],
    ['2026-10-25T02:30', '2026-10-25T00:30:00.000Z', 'shown twice: the first, summer time'],
    ['2027-01-01T00:15', '2026-12-31T23:15:00.000Z', 'new year in Paris'],
    ['2027-03-05T20:30', '2027-03-05T19:30:00.000Z', 'the e2e journey’s date'],
    ['2026-03-03T20:30:45', '2026-03-03T19:30:00.000Z', 'seconds (smaller input step) dropped'],
  ])('localInputToIso(%s) reads Paris time: %s (%s)', (value, expected) => {
    onComputerIn(tz);
    expect(localInputToIso(value)).toBe(expected);
  });
});

describe('localInputToIso', () => {
  it.each(['', '   ', 'pas une date', '2026-03-03', '2026-02-30T20:30', '2027-02-29T20:30', '2026-13-01T20:30', '2026-03-03T24:00', '2026-03-03T20:60'])(
    'gives null for %j',
    (value) => {
      expect(localInputToIso(value)).toBeNull();
    },
  );

  it('accepts 29 February of a leap year', () => {
    expect(localInputToIso('2028-02-29T20:30')).toBe('2028-02-29T19:30:00.000Z');
  });

  it('reads back what isoToLocalInput wrote, every 53 minutes over a year', () => {
    onComputerIn('America/New_York');
    const differing: string[] = [];
    for (let at = Date.UTC(2026, 0, 1); at < Date.UTC(2027, 0, 1); at += 53 * 60 * 1000) {
      const minute = at - (at % 60_000);
      const back = Date.parse(localInputToIso(isoToLocalInput(new Date(minute).toISOString()))!);
      // Only the second 02:xx of the autumn night comes back as the first one, an hour earlier.
      if (back !== minute && back !== minute - 60 * 60 * 1000) differing.push(new Date(minute).toISOString());
    }
    expect(differing.slice(0, 5)).toEqual([]);
  });
});

describe('isoToLocalInput', () => {
  it('gives an empty input for an unreadable date', () => {
    expect(isoToLocalInput('pas une date')).toBe('');
  });
});
