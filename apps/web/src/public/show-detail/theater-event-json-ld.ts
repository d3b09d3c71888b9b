import type { Performance, Show } from '@bande/shared/schemas/shows';
import { reservationUrl, takesReservations } from '@bande/shared/reservation-links';
import { upcomingPerformances } from '@bande/shared/format/performances';
import { absoluteUrl, pageDescription } from '../../app/head/page-head.ts';
import { trimEndChars, withoutTrailingSlashes } from '@bande/shared/format/trim-chars';

type EventShow = Pick<Show, 'slug' | 'name' | 'pitch' | 'photo' | 'performances'> & { credits?: Show['credits'] };

/**
 * The stored free-text address as a schema.org PostalAddress when it ends with a French postal code
 * and town ('8 rue du Théâtre, 37000 Tours'); otherwise the text itself, which schema.org accepts.
 */
export function postalAddress(address: string): Record<string, unknown> | string {
  const text = address.replace(/\s+/g, ' ').trim();
  // Read by pieces, not by one regex whose lazy parts backtracked on long addresses (issue 33): an
  // optional « , France » at the end; the town has no comma, so the postal code is after the last one.
  let rest = text;
  if (rest.toLowerCase().endsWith('france')) {
    const before = rest.slice(0, -'france'.length).trimEnd();
    if (before.endsWith(',')) rest = before.slice(0, -1).trimEnd();
  }
  const lastComma = rest.lastIndexOf(',');
  const code = /\b(\d{5}) (?=\D)/.exec(rest.slice(lastComma + 1));
  if (!code) return text;
  const at = lastComma + 1 + code.index;
  const street = trimEndChars(rest.slice(0, at), ' ,');
  const postalCode = code[1];
  const town = rest.slice(at + code[0].length);
  return {
    '@type': 'PostalAddress',
    ...(street ? { streetAddress: street } : {}),
    postalCode,
    addressLocality: town,
    addressCountry: 'FR',
  };
}

/** The members credited on the show, once each (a reader may appear in two categories). */
function performers(credits: Show['credits'] | undefined): Record<string, unknown>[] {
  const seen = new Map<number, string>();
  for (const credit of credits ?? []) for (const member of credit.members) if (!seen.has(member.memberId)) seen.set(member.memberId, member.fullName);
  return [...seen.values()].map((name) => ({ '@type': 'Person', name }));
}

/**
 * Where to book: the external link, or (issue 23) the site's own reservations with whether seats
 * remain (`soldOut`, kept by the server; the page is rebuilt when it flips).
 */
function offersOf(show: EventShow, performance: Performance, siteUrl: string): Record<string, unknown> {
  if (performance.bookingLink) return { offers: { '@type': 'Offer', url: performance.bookingLink } };
  if (!takesReservations(performance)) return {};
  const availability = performance.soldOut ? 'https://schema.org/SoldOut' : 'https://schema.org/InStock';
  return { offers: { '@type': 'Offer', url: reservationUrl(siteUrl, show.slug), availability } };
}

function theaterEvent(show: EventShow, performance: Performance, siteUrl: string, startDate: string, organizer: string): Record<string, unknown> {
  const cast = performers(show.credits);
  return {
    '@context': 'https://schema.org',
    '@type': 'TheaterEvent',
    name: show.name,
    description: pageDescription(show.pitch),
    startDate,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: {
      '@type': 'Place',
      name: performance.venueName?.trim() || performance.address.split(',')[0]!.trim(),
      address: postalAddress(performance.address),
    },
    ...(show.photo ? { image: [absoluteUrl(show.photo, siteUrl)] } : {}),
    url: `${siteUrl}/show/${encodeURIComponent(show.slug)}`,
    ...offersOf(show, performance, siteUrl),
    organizer: { '@type': 'Organization', name: organizer, url: `${siteUrl}/` },
    ...(cast.length > 0 ? { performer: cast } : {}),
  };
}

/**
 * One schema.org TheaterEvent per upcoming performance of the show (upcoming as the page judges it:
 * strictly later than `now`), soonest first, for the show page's JSON-LD.
 */
export function theaterEventsJsonLd(
  show: EventShow,
  { now, siteUrl, isoWithOffset, organizer }: { now: Date; siteUrl: string; isoWithOffset: (iso: string) => string | null; organizer: string },
): Record<string, unknown>[] {
  const site = withoutTrailingSlashes(siteUrl);
  return upcomingPerformances(show.performances, now).flatMap((performance) => {
    const startDate = isoWithOffset(performance.date);
    return startDate ? [theaterEvent(show, performance, site, startDate, organizer)] : [];
  });
}
