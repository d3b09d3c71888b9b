import { describe, expect, it } from 'vitest';
import type { Show } from '@bande/shared/schemas/shows';
import { postalAddress, theaterEventsJsonLd } from './theater-event-json-ld.ts';
import { parisIsoDate } from '@bande/shared/format/paris-clock';
import { fablesShow } from '../../test/show-fixtures.ts';

const NOW = new Date('2026-03-01T12:00:00.000Z');
const SITE = 'https://labande.fr';

const member = (memberId: number, fullName: string) => ({
  memberId,
  role: null,
  firstName: fullName.split(' ')[0]!,
  lastName: fullName.split(' ')[1]!,
  fullName,
  photo: null,
  published: true,
});

const show = (overrides: Partial<Show> = {}): Show =>
  fablesShow({
    pitch: 'Le loup, le renard et la cigale\nprennent la parole.',
    credits: [
      { id: 1, category: 'Mise en scène', members: [member(7, 'Claire Vasseur')] },
      { id: 2, category: 'Lecture', members: [member(7, 'Claire Vasseur'), member(8, 'Paul Morin')] },
    ],
    performances: [
      { id: 1, date: '2026-07-14T18:30:00.000Z', address: 'Théâtre Olympia, 7 rue de Lucé, 37000 Tours', venueName: 'Théâtre Olympia', bookingLink: 'https://billets.example/fables', capacity: null },
      { id: 2, date: '2026-02-01T19:30:00.000Z', address: '8 rue du Théâtre, 37000 Tours', venueName: null, bookingLink: null, capacity: null },
      { id: 3, date: '2026-03-03T19:30:00.000Z', address: 'Médiathèque du centre', venueName: null, bookingLink: null, capacity: null },
    ],
    ...overrides,
  });

describe('theaterEventsJsonLd', () => {
  it('makes one TheaterEvent per upcoming performance, soonest first, past ones left out', () => {
    const events = theaterEventsJsonLd(show(), { now: NOW, siteUrl: `${SITE}/`, isoWithOffset: parisIsoDate, organizer: 'La Bande à Lire' });
    expect(events.map((event) => event.startDate)).toEqual(['2026-03-03T20:30:00+01:00', '2026-07-14T20:30:00+02:00']);
  });

  it('describes the event with absolute urls, its place, its tickets and its organizer', () => {
    const [, summer] = theaterEventsJsonLd(show(), { now: NOW, siteUrl: SITE, isoWithOffset: parisIsoDate, organizer: 'La Bande à Lire' });
    expect(summer).toEqual({
      '@context': 'https://schema.org',
      '@type': 'TheaterEvent',
      name: 'Les Fables',
      description: 'Le loup, le renard et la cigale prennent la parole.',
      startDate: '2026-07-14T20:30:00+02:00',
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      location: {
        '@type': 'Place',
        name: 'Théâtre Olympia',
        address: {
          '@type': 'PostalAddress',
          streetAddress: 'Théâtre Olympia, 7 rue de Lucé',
          postalCode: '37000',
          addressLocality: 'Tours',
          addressCountry: 'FR',
        },
      },
      image: ['https://labande.fr/uploads/fables.jpg'],
      url: 'https://labande.fr/show/les-fables',
      offers: { '@type': 'Offer', url: 'https://billets.example/fables' },
      organizer: { '@type': 'Organization', name: 'La Bande à Lire', url: 'https://labande.fr/' },
      performer: [
        { '@type': 'Person', name: 'Claire Vasseur' },
        { '@type': 'Person', name: 'Paul Morin' },
      ],
    });
  });

  it('leaves out what the show does not have: tickets, photo, credits', () => {
    const [event] = theaterEventsJsonLd(show({ photo: null, credits: [] }), { now: NOW, siteUrl: SITE, isoWithOffset: parisIsoDate, organizer: 'La Bande à Lire' });
    expect(event).not.toHaveProperty('offers');
    expect(event).not.toHaveProperty('image');
    expect(event).not.toHaveProperty('performer');
    expect(event!.location).toEqual({ '@type': 'Place', name: 'Médiathèque du centre', address: 'Médiathèque du centre' });
  });

  it('offers the site\'s own reservations with their availability (issue 23)', () => {
    const reservable = (soldOut: boolean) =>
      show({ performances: [{ id: 4, date: '2026-05-01T18:30:00.000Z', address: '8 rue du Théâtre, 37000 Tours', venueName: null, bookingLink: null, capacity: 40, soldOut }] });
    const [open] = theaterEventsJsonLd(reservable(false), { now: NOW, siteUrl: SITE, isoWithOffset: parisIsoDate, organizer: 'La Bande à Lire' });
    expect(open!.offers).toEqual({ '@type': 'Offer', url: 'https://labande.fr/show/les-fables', availability: 'https://schema.org/InStock' });
    const [full] = theaterEventsJsonLd(reservable(true), { now: NOW, siteUrl: SITE, isoWithOffset: parisIsoDate, organizer: 'La Bande à Lire' });
    expect(full!.offers).toMatchObject({ availability: 'https://schema.org/SoldOut' });
  });

  it('gives nothing when no performance is upcoming', () => {
    expect(theaterEventsJsonLd(show(), { now: new Date('2027-01-01T00:00:00Z'), siteUrl: SITE, isoWithOffset: parisIsoDate, organizer: 'La Bande à Lire' })).toEqual([]);
  });
});

describe('postalAddress', () => {
  it.each([
    ['8 rue du Théâtre, 37000 Tours', { streetAddress: '8 rue du Théâtre', postalCode: '37000', addressLocality: 'Tours' }],
    ['Salle des fêtes\n12 place Plumereau 37000 Tours, France', { streetAddress: 'Salle des fêtes 12 place Plumereau', postalCode: '37000', addressLocality: 'Tours' }],
    ['75011 Paris', { postalCode: '75011', addressLocality: 'Paris' }],
  ])('%j is split into street, postal code and town', (address, parts) => {
    expect(postalAddress(address)).toEqual({ '@type': 'PostalAddress', ...parts, addressCountry: 'FR' });
  });

  it('keeps an address without a postal code as text', () => {
    expect(postalAddress('  Jardin des Prébendes,  Tours ')).toBe('Jardin des Prébendes, Tours');
  });
});
