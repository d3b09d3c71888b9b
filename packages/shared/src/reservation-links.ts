/*
 * Whether a performance takes bookings on the site, and where, without zod: the show cards of the
 * public pages ask it, and importing schemas/reservations.ts for it put zod into the first visit of
 * every page (issue 27). schemas/reservations.ts re-exports all of this.
 */
import { withoutTrailingSlashes } from './format/trim-chars.ts';

/** Where a visitor books a performance that takes reservations on the site: its show's page (« Réserver »). */
export const reservationUrl = (siteUrl: string, showSlug: string) => `${withoutTrailingSlashes(siteUrl)}/show/${encodeURIComponent(showSlug)}`;

/** A performance takes bookings on the site when it has a capacity and no external booking link. */
export function takesReservations(performance: { capacity: number | null; bookingLink: string | null }): boolean {
  return performance.capacity !== null && !performance.bookingLink;
}
