import { describe, expect, it } from 'vitest';
import { bookingButtonState, upcomingPerformances } from './performances.ts';

const now = new Date('2026-03-03T19:30:00.000Z');
const perf = (id: number, date: string) => ({ id, date, address: '1 place du Théâtre, Lyon', venueName: null, bookingLink: null });

describe('upcomingPerformances', () => {
  it('keeps only performances strictly later than now, soonest first', () => {
    const list = [
      perf(1, '2026-05-01T18:00:00.000Z'),
      perf(2, '2026-03-03T19:30:00.000Z'), // exactly now: not upcoming
      perf(3, '2026-03-03T19:30:00.001Z'), // one millisecond later: upcoming
      perf(4, '2025-12-01T19:00:00.000Z'),
      perf(5, '2026-04-01T18:00:00.000Z'),
    ];
    expect(upcomingPerformances(list, now).map((p) => p.id)).toEqual([3, 5, 1]);
  });

  it('compares instants, not texts, whatever the offset written', () => {
    const list = [perf(1, '2026-03-03T20:30:01+01:00'), perf(2, '2026-03-03T20:29:59+01:00'), perf(3, '2026-03-03T14:00:00-06:00')];
    // 20:30:01+01:00 is 19:30:01Z (upcoming), 20:29:59+01:00 is past, 14:00-06:00 is 20:00Z (upcoming).
    expect(upcomingPerformances(list, now).map((p) => p.id)).toEqual([1, 3]);
  });

  it('leaves the list untouched and drops unreadable dates', () => {
    const list = [perf(1, '2026-05-01T18:00:00.000Z'), perf(2, 'bientôt'), perf(3, '2026-04-01T18:00:00.000Z')];
    const copy = structuredClone(list);
    expect(upcomingPerformances(list, now).map((p) => p.id)).toEqual([3, 1]);
    expect(list).toEqual(copy);
  });

  it('gives an empty list for none', () => {
    expect(upcomingPerformances([], now)).toEqual([]);
  });
});

describe('bookingButtonState', () => {
  it("offers 'Réserver' for exactly one upcoming performance, past ones aside", () => {
    const upcoming = perf(2, '2026-03-10T19:00:00.000Z');
    const state = bookingButtonState([perf(1, '2026-01-10T19:00:00.000Z'), upcoming], now);
    expect(state).toEqual({ kind: 'book', label: 'Réserver', performance: upcoming });
  });

  it("offers 'Voir les représentations' for several, soonest first", () => {
    const state = bookingButtonState([perf(1, '2026-06-10T19:00:00.000Z'), perf(2, '2026-03-10T19:00:00.000Z')], now);
    expect(state.kind).toBe('list');
    expect(state.label).toBe('Voir les représentations');
    expect(state.kind === 'list' && state.performances.map((p) => p.id)).toEqual([2, 1]);
  });

  it.each([
    ['no performance at all', []],
    ['only past ones', [perf(1, '2025-03-10T19:00:00.000Z')]],
    ['one at this very instant', [perf(1, now.toISOString())]],
  ])("says 'Aucune représentation n'est prévue prochainement' with %s", (_label, list) => {
    expect(bookingButtonState(list, now)).toEqual({ kind: 'none', label: "Aucune représentation n'est prévue prochainement" });
  });

  it('moves on with time: the same show switches from several to one to none', () => {
    const list = [perf(1, '2026-03-10T19:00:00.000Z'), perf(2, '2026-03-20T19:00:00.000Z')];
    expect(bookingButtonState(list, now).kind).toBe('list');
    expect(bookingButtonState(list, new Date('2026-03-15T00:00:00.000Z')).kind).toBe('book');
    expect(bookingButtonState(list, new Date('2026-03-20T19:00:00.000Z')).kind).toBe('none');
  });
});
