import { afterEach, describe, expect, it } from 'vitest';
import { formatEventDate, formatPerformanceDate } from './french-dates.ts';

describe('formatPerformanceDate', () => {
  // Expected values checked against GNU date with TZ=Europe/Paris.
  it.each([
    ['2026-03-03T19:30:00.000Z', 'mardi 3 mars 2026 - 20h30', 'winter time (UTC+1), the spec example'],
    ['2026-07-14T18:30:00.000Z', 'mardi 14 juillet 2026 - 20h30', 'summer time (UTC+2)'],
    ['2026-03-29T00:59:00.000Z', 'dimanche 29 mars 2026 - 01h59', 'last minute before the spring change'],
    ['2026-03-29T01:00:00.000Z', 'dimanche 29 mars 2026 - 03h00', 'first minute after the spring change (2h skipped)'],
    ['2026-10-25T00:30:00.000Z', 'dimanche 25 octobre 2026 - 02h30', 'autumn change, first 2h30 (summer time)'],
    ['2026-10-25T01:30:00.000Z', 'dimanche 25 octobre 2026 - 02h30', 'autumn change, second 2h30 (winter time)'],
    ['2026-06-30T22:00:00.000Z', 'mercredi 1er juillet 2026 - 00h00', 'midnight in Paris is still the day before in UTC'],
    ['2025-12-31T23:30:00.000Z', 'jeudi 1er janvier 2026 - 00h30', 'new year in Paris, old year in UTC'],
    ['2026-03-01T15:00:00.000Z', 'dimanche 1er mars 2026 - 16h00', 'first of the month'],
    ['2026-03-03T08:05:00.000Z', 'mardi 3 mars 2026 - 09h05', 'hours and minutes on two digits'],
    ['2026-08-15T12:00:00.000Z', 'samedi 15 août 2026 - 14h00', 'accented month'],
    ['2026-12-24T19:00:00.000Z', 'jeudi 24 décembre 2026 - 20h00', 'accented month in winter'],
    ['2026-03-03T20:30:00+01:00', 'mardi 3 mars 2026 - 20h30', 'an ISO date with an offset'],
    ['2026-03-03T14:30:00-05:00', 'mardi 3 mars 2026 - 20h30', 'an ISO date from another time zone'],
  ])('%s -> %s (%s)', (iso, expected) => {
    expect(formatPerformanceDate(iso)).toBe(expected);
  });

  it('returns an unreadable date as given instead of throwing', () => {
    expect(formatPerformanceDate('pas une date')).toBe('pas une date');
    expect(formatPerformanceDate('')).toBe('');
  });

  describe('whatever the machine time zone (server in UTC, visitor abroad)', () => {
    const original = process.env.TZ;
    afterEach(() => {
      if (original === undefined) delete process.env.TZ;
      else process.env.TZ = original;
    });

    it.each(['UTC', 'America/Los_Angeles', 'Asia/Tokyo', 'Pacific/Kiritimati'])('prints Paris time under TZ=%s', (tz) => {
      process.env.TZ = tz;
      // The machine's own clock reading differs: proof that the zone change took effect.
      if (tz !== 'UTC') expect(new Date('2026-03-03T19:30:00.000Z').getHours()).not.toBe(20);
      expect(formatPerformanceDate('2026-03-03T19:30:00.000Z')).toBe('mardi 3 mars 2026 - 20h30');
      expect(formatPerformanceDate('2026-06-30T22:00:00.000Z')).toBe('mercredi 1er juillet 2026 - 00h00');
    });
  });
});

describe('formatEventDate', () => {
  it.each([
    ['2014', '2014'],
    ['2014-06', 'juin 2014'],
    ['2014-06-03', '3 juin 2014'],
    ['2014-06-01', '1er juin 2014'],
    ['2014-6-3', '3 juin 2014'],
    ['1999-01', 'janvier 1999'],
    ['2001-02-28', '28 février 2001'],
    ['2020-08-15', '15 août 2020'],
    ['2020-12-31', '31 décembre 2020'],
    ['2020-12-10', '10 décembre 2020'],
    [' 2014-06 ', 'juin 2014'],
  ])('%j -> %j', (date, expected) => {
    expect(formatEventDate(date)).toBe(expected);
  });

  it('writes every month in French, lower-case', () => {
    const months = Array.from({ length: 12 }, (_, i) => formatEventDate(`2000-${String(i + 1).padStart(2, '0')}`));
    expect(months).toEqual([
      'janvier 2000',
      'février 2000',
      'mars 2000',
      'avril 2000',
      'mai 2000',
      'juin 2000',
      'juillet 2000',
      'août 2000',
      'septembre 2000',
      'octobre 2000',
      'novembre 2000',
      'décembre 2000',
    ]);
  });

  it.each(['', 'juin 2014', '2014-13', '2014-00', '2014-06-32', '2014-06-00', '14-06-03', '2014/06/03'])(
    'returns %j as given (not one of the three forms)',
    (date) => {
      expect(formatEventDate(date)).toBe(date);
    },
  );
});

describe('formatPerformanceDate writes French names lower-case', () => {
  it('every day of the week', () => {
    // 2 to 8 March 2026: Monday to Sunday, 20h30 in Paris.
    const days = Array.from({ length: 7 }, (_, i) => formatPerformanceDate(`2026-03-0${i + 2}T19:30:00.000Z`));
    expect(days).toEqual([
      'lundi 2 mars 2026 - 20h30',
      'mardi 3 mars 2026 - 20h30',
      'mercredi 4 mars 2026 - 20h30',
      'jeudi 5 mars 2026 - 20h30',
      'vendredi 6 mars 2026 - 20h30',
      'samedi 7 mars 2026 - 20h30',
      'dimanche 8 mars 2026 - 20h30',
    ]);
  });

  it('every month, with the first of the month as 1er', () => {
    // Noon UTC: 13h or 14h in Paris, the same day whatever the season.
    const months = Array.from({ length: 12 }, (_, i) => formatPerformanceDate(`2027-${String(i + 1).padStart(2, '0')}-01T12:00:00.000Z`));
    expect(months).toEqual([
      'vendredi 1er janvier 2027 - 13h00',
      'lundi 1er février 2027 - 13h00',
      'lundi 1er mars 2027 - 13h00',
      'jeudi 1er avril 2027 - 14h00',
      'samedi 1er mai 2027 - 14h00',
      'mardi 1er juin 2027 - 14h00',
      'jeudi 1er juillet 2027 - 14h00',
      'dimanche 1er août 2027 - 14h00',
      'mercredi 1er septembre 2027 - 14h00',
      'vendredi 1er octobre 2027 - 14h00',
      'lundi 1er novembre 2027 - 13h00',
      'mercredi 1er décembre 2027 - 13h00',
    ]);
  });
});
