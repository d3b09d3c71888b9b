import { TZDate } from '@date-fns/tz';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical from 'ical-generator';
import { reservationUrl } from '@bande/shared';

/** Performances have no end time in the data: calendars get a two-hour slot (a Grand format runs about 1h30). */
export const PERFORMANCE_DURATION_MS = 2 * 60 * 60 * 1000;
export const AGENDA_TIME_ZONE = 'Europe/Paris';
export const AGENDA_FILENAME = 'agenda-la-bande-a-lire.ics';

export interface AgendaEntry {
  id: number;
  date: string;
  address: string;
  venueName: string | null;
  bookingLink: string | null;
  slug: string;
  name: string;
  /** Seats bookable on the site (issue 23), and whether none is left; absent: no reservations here. */
  capacity?: number | null;
  soldOut?: number;
}

/** The event's description: where to book (the external link, or the site's own reservations and whether seats remain). */
function bookingText(entry: AgendaEntry, siteUrl: string): string | null {
  if (entry.bookingLink) return `Réservation : ${entry.bookingLink}`;
  if (entry.capacity == null) return null;
  return `Réservation : ${reservationUrl(siteUrl, entry.slug)} (${entry.soldOut ? 'complet' : 'places disponibles'})`;
}

/** The UID of a performance's event: the same across requests, so calendar apps update rather than duplicate it. */
export const performanceUid = (id: number, siteUrl: string) => `performance-${id}@${new URL(siteUrl).hostname}`;

/**
 * An iCalendar (RFC 5545) of performances, written by ical-generator (escaping, folding) with times in
 * Paris (TZID and its VTIMEZONE); TZDate gives the Paris wall time from the platform's time-zone data.
 */
export function agendaCalendar(entries: readonly AgendaEntry[], { siteUrl, stamp }: { siteUrl: string; stamp: Date }): string {
  const calendar = ical({
    name: 'La Bande à Lire',
    description: 'Les prochaines représentations de La Bande à Lire',
    prodId: { company: 'La Bande à Lire', product: 'agenda', language: 'FR' },
    // No calendar-wide zone (DTSTAMP stays in UTC); the generator writes the VTIMEZONE the events name.
    timezone: { name: null, generator: getVtimezoneComponent },
  });
  for (const entry of entries) {
    const start = new Date(entry.date);
    calendar.createEvent({
      id: performanceUid(entry.id, siteUrl),
      timezone: AGENDA_TIME_ZONE,
      start: new TZDate(start, AGENDA_TIME_ZONE),
      end: new TZDate(start.getTime() + PERFORMANCE_DURATION_MS, AGENDA_TIME_ZONE),
      stamp,
      summary: entry.name,
      location: entry.venueName ? `${entry.venueName}, ${entry.address}` : entry.address,
      url: `${siteUrl}/show/${encodeURIComponent(entry.slug)}`,
      description: bookingText(entry, siteUrl),
    });
  }
  return calendar.toString();
}
