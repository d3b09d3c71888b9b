import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { performanceNotFound, showNotFound, type ShowSummary } from '@bande/shared';
import { createAdminTestApp } from '../../test/admin-token.ts';
import type { TestContext } from '../../test/test-app.ts';
import { PERFORMANCE_DURATION_MS } from './agenda.service.ts';

let ctx: TestContext;
let token: string;
const auth = () => ({ authorization: `Bearer ${token}` });
const baseShow = { type: 'Grand format', year: '2025', pitch: 'Un pitch.', note: 'Une note' };
const venue = { address: '1 rue de la Paix, 75002 Paris', venueName: 'Théâtre de la Paix', bookingLink: '' };

async function createShow(fields: Record<string, unknown>, publish: boolean) {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/shows', headers: auth(), payload: { ...baseShow, ...fields } });
  expect(res.statusCode, res.body).toBe(201);
  const show = res.json().data;
  if (publish) expect((await ctx.app.inject({ method: 'POST', url: `/api/shows/${show.id}/publish`, headers: auth() })).statusCode).toBe(200);
  return show;
}

beforeAll(async () => {
  ({ ctx, token } = await createAdminTestApp({ SITE_URL: 'https://bande.example.org' }));
  // The test clock reads 2026-03-03T19:30Z: January is past, June and July are upcoming.
  await createShow(
    {
      name: 'Madame Bovary; Emma, rêveuse',
      performances: [
        { ...venue, date: '2026-01-10T20:30:00+01:00' },
        { ...venue, date: '2026-06-12T20:30:00+02:00', bookingLink: 'https://billets.example.org/bovary' },
        { date: '2026-07-01T19:00:00+02:00', address: 'Place du Marché, Lyon', venueName: '', bookingLink: '' },
      ],
    },
    true,
  );
  await createShow({ name: 'Le Horla', performances: [{ ...venue, date: '2026-05-02T18:00:00+02:00' }] }, true);
  await createShow({ name: 'Brouillon secret', performances: [{ ...venue, date: '2026-05-03T18:00:00+02:00' }] }, false);
});
afterAll(() => ctx.close());

const get = (url: string) => ctx.app.inject({ method: 'GET', url });

/** The events of a calendar, read by ical.js (its VTIMEZONEs registered so that TZID times are real instants). */
function parseEvents(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      tzid: vevent.getFirstProperty('dtstart')?.getParameter('tzid'),
      summary: event.summary,
      location: event.location,
      url: String(vevent.getFirstPropertyValue('url')),
      description: event.description,
    };
  });
}

async function publishedShows(): Promise<ShowSummary[]> {
  return (await get('/api/shows?published=true')).json().data;
}

describe('GET /agenda.ics', () => {
  it('is an iCalendar of the upcoming performances of published shows, as the shows API has them', async () => {
    const res = await get('/agenda.ics');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('inline; filename="agenda-la-bande-a-lire.ics"');
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const events = parseEvents(res.body);

    const now = ctx.clock.now();
    const expected = (await publishedShows())
      .flatMap((show) => show.performances.filter((p) => new Date(p.date) > now).map((p) => ({ show, p })))
      .sort((a, b) => a.p.date.localeCompare(b.p.date));
    expect(expected).toHaveLength(3);
    expect(events.map((event) => event.uid)).toEqual(expected.map(({ p }) => `performance-${p.id}@bande.example.org`));
    expect(events.map((event) => event.start)).toEqual(expected.map(({ p }) => new Date(p.date).toISOString()));
    for (const [index, { show, p }] of expected.entries()) {
      const event = events[index]!;
      expect(event.tzid).toBe('Europe/Paris');
      expect(new Date(event.end).getTime() - new Date(event.start).getTime()).toBe(PERFORMANCE_DURATION_MS);
      expect(event.summary).toBe(show.name);
      expect(event.location).toBe(p.venueName ? `${p.venueName}, ${p.address}` : p.address);
      expect(event.url).toBe(`https://bande.example.org/show/${show.slug}`);
      expect(event.description ?? '').toBe(p.bookingLink ? `Réservation : ${p.bookingLink}` : '');
    }
    expect(events.map((event) => event.summary)).not.toContain('Brouillon secret');
    // Paris wall time in the text itself: 20:30 in June (UTC+2) is 18:30Z.
    expect(res.body).toContain('DTSTART;TZID=Europe/Paris:20260612T203000');
  });

  it('keeps the same UIDs from one request to the next', async () => {
    const first = parseEvents((await get('/agenda.ics')).body).map((event) => event.uid);
    const second = parseEvents((await get('/agenda.ics?x=1')).body).map((event) => event.uid);
    expect(second).toEqual(first);
    expect(new Set(first).size).toBe(first.length);
  });

  it('narrows to one show with ?show=<slug>', async () => {
    const horla = (await publishedShows()).find((show) => show.name === 'Le Horla')!;
    const res = await get(`/agenda.ics?show=${horla.slug}`);
    expect(res.statusCode).toBe(200);
    const events = parseEvents(res.body);
    expect(events.map((event) => event.uid)).toEqual(horla.performances.map((p) => `performance-${p.id}@bande.example.org`));
    expect(events[0]!.summary).toBe('Le Horla');
  });

  it('narrows to one performance with ?performance=<id>', async () => {
    const bovary = (await publishedShows()).find((show) => show.name.startsWith('Madame Bovary'))!;
    const june = bovary.performances.find((p) => p.date.startsWith('2026-06'))!;
    const events = parseEvents((await get(`/agenda.ics?performance=${june.id}`)).body);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ uid: `performance-${june.id}@bande.example.org`, start: '2026-06-12T18:30:00.000Z' });
  });

  it('answers 404 in French for an unknown or draft show, and a past or unknown performance', async () => {
    for (const url of ['/agenda.ics?show=inconnu', '/agenda.ics?show=brouillon-secret']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ error: showNotFound });
    }
    const bovary = (await publishedShows()).find((show) => show.name.startsWith('Madame Bovary'))!;
    const past = bovary.performances.find((p) => p.date.startsWith('2026-01'))!;
    for (const url of [`/agenda.ics?performance=${past.id}`, '/agenda.ics?performance=99999']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ error: performanceNotFound });
    }
  });

  it('drops a performance once it has started, after the cache entry expires', async () => {
    const horla = (await publishedShows()).find((show) => show.name === 'Le Horla')!;
    ctx.clock.set(new Date(new Date(horla.performances[0]!.date).getTime() + 1000));
    try {
      ctx.clock.advance(61_000);
      const events = parseEvents((await get('/agenda.ics')).body);
      expect(events.map((event) => event.summary)).not.toContain('Le Horla');
    } finally {
      ctx.clock.set(new Date('2026-03-03T19:30:00.000Z'));
    }
  });
});
