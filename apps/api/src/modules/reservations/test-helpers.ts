import type { TestContext } from '../../test/test-app.ts';

/** A published show whose one performance takes reservations (capacity), for the reservation tests. */
export async function showWithCapacity(ctx: Pick<TestContext, 'app'>, auth: Record<string, string>, capacity: number, extra: Record<string, unknown> = {}) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/shows',
    headers: auth,
    payload: {
      name: `Lecture ${Math.random().toString(36).slice(2, 8)}`,
      type: 'Lecture de poche',
      year: '2026',
      pitch: 'Une lecture.',
      note: 'Note',
      published: true,
      performances: [{ date: '2026-04-10T20:30:00+02:00', address: '2 rue des Halles, 37000 Tours', venueName: 'Médiathèque', capacity, ...extra }],
    },
  });
  if (res.statusCode !== 201) throw new Error(`show: ${res.statusCode} ${res.body}`);
  const show = res.json().data as { id: number; slug: string; performances: { id: number; date: string; capacity: number | null }[] };
  return { show, performanceId: show.performances[0]!.id };
}

let counter = 0;
/** A booking body; each call a new address. */
export const booking = (performanceId: number, seats = 2, extra: Record<string, unknown> = {}) => ({
  performanceId,
  firstName: 'Camille',
  lastName: 'Martin',
  email: `visiteur${++counter}-${Math.random().toString(36).slice(2, 6)}@example.org`,
  seats,
  ...extra,
});

/** The token of a mailed link (…?token=XYZ) in a recorded mail's text. */
export function tokenIn(text: string, page: 'confirmation' | 'annulation' | 'liste-attente'): string {
  const match = new RegExp(`/reservation/${page}\\?token=([\\w%-]+)`).exec(text);
  if (!match) throw new Error(`aucun lien ${page} dans :\n${text}`);
  return decodeURIComponent(match[1]!);
}
