import { texts } from '../texts.ts';

interface Dated {
  date: string;
}

/**
 * Performances strictly later than `now` (spec section 4: "upcoming only if its date is later than
 * now"), soonest first. The input is left untouched; unreadable dates are never upcoming.
 */
export function upcomingPerformances<T extends Dated>(performances: readonly T[], now: Date): T[] {
  const nowMs = now.getTime();
  return performances
    .map((performance) => ({ performance, at: Date.parse(performance.date) }))
    .filter(({ at }) => at > nowMs)
    .sort((a, b) => a.at - b.at)
    .map(({ performance }) => performance);
}

export type BookingButtonState<T extends Dated> =
  | { kind: 'book'; label: string; performance: T }
  | { kind: 'list'; label: string; performances: T[] }
  | { kind: 'none'; label: string };

/**
 * What a show card offers (spec section 4): 'Réserver' for exactly one upcoming performance,
 * 'Voir les représentations' for several, else the 'no performance planned' notice.
 */
export function bookingButtonState<T extends Dated>(performances: readonly T[], now: Date): BookingButtonState<T> {
  const upcoming = upcomingPerformances(performances, now);
  if (upcoming.length === 1) return { kind: 'book', label: texts.performances.book, performance: upcoming[0]! };
  if (upcoming.length > 1) return { kind: 'list', label: texts.performances.seeAll, performances: upcoming };
  return { kind: 'none', label: texts.performances.none };
}
