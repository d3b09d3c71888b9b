import { afterEach, describe, expect, it } from 'vitest';
import { parisDateTime, parisIsoDate } from './paris-time.ts';

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
