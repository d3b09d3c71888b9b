import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bilanTexts, type Bilan } from '@bande/shared';
import type { TestContext } from '../../test/test-app.ts';
import { createAdminTestApp, createAdminToken } from '../../test/admin-token.ts';
import type { Insertable } from 'kysely';
import type { ReservationsTable } from '../../db/schema.ts';

/**
 * Issue 36: the Bilan's figures from a seeded season, to the seat. The clock is 2026-03-03: the
 * performances of February are past (their confirmed seats not come are no-shows), April's is not.
 */
let ctx: TestContext;
let auth: { authorization: string };
const stamp = '2025-06-01T10:00:00.000Z';
const ids: Record<string, number> = {};

async function show(slug: string, name: string) {
  const row = await ctx.db
    .insertInto('shows')
    .values({ slug, name, type: 'Lecture', pitch: 'Une lecture.', note: 'Note', year: '2026', isFeatured: 0, published: 1, createdAt: stamp, updatedAt: stamp, quote: null, remerciement: null, photo: null, publishedAt: stamp, book: null, author: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function performance(key: string, showId: number, date: string, venueName: string | null, address: string, capacity: number | null) {
  ids[key] = (await ctx.db.insertInto('performances').values({ showId, date, venueName, address, capacity, bookingLink: null }).returning('id').executeTakeFirstOrThrow()).id;
}

let token = 0;
async function reservation(key: string, values: Partial<Insertable<ReservationsTable>> & Pick<ReservationsTable, 'seats' | 'status'>) {
  await ctx.db
    .insertInto('reservations')
    .values({ performanceId: ids[key]!, firstName: 'Camille', lastName: 'Martin', email: 'c@example.org', phone: null, tokenHash: `hash-${++token}`, source: 'public', createdAt: stamp, updatedAt: stamp, holdExpiresAt: null, offerExpiresAt: null, reminderSentAt: null, checkedInAt: null, erasedAt: null, secondTokenHash: null, ...values })
    .execute();
}

const arrived = (seats: number) => ({ checkedInAt: '2026-02-10T19:00:00.000Z', checkedInSeats: seats });

beforeAll(async () => {
  ({ ctx, auth } = await createAdminTestApp());
  const a = await show('lecture-a', 'Lecture A');
  const b = await show('lecture-b', 'Lecture B');
  // 23:30 in Paris on 31 August: the season before. 00:30 on 1 September: this one.
  await performance('before', a, '2025-08-31T21:30:00.000Z', 'Salle des fêtes', '1 place de la Mairie, 37000 Tours', 50);
  await performance('first', b, '2025-08-31T22:30:00.000Z', 'Théâtre', '3 rue Nationale, 37400 Amboise', 100);
  await performance('noCapacity', b, '2026-01-20T19:00:00.000Z', null, 'Château, Amboise', null);
  await performance('past', a, '2026-02-10T19:30:00.000Z', 'Salle des fêtes', '1 place de la Mairie, 37000 Tours', 50);
  await performance('future', a, '2026-04-10T18:30:00.000Z', 'Médiathèque', '2 rue des Halles, 41000 Blois', 20);

  await reservation('before', { seats: 10, status: 'confirmed', ...arrived(10) });
  await reservation('past', { seats: 4, status: 'confirmed', ...arrived(3) }); // partial arrival: 3 of 4
  // Erased by the retention rule: no name, no address, the seats and the door's count stay.
  await reservation('past', { seats: 2, status: 'confirmed', source: 'staff', firstName: '', lastName: '', email: null, erasedAt: '2026-03-01T00:00:00.000Z', ...arrived(2) });
  await reservation('past', { seats: 3, status: 'confirmed' }); // nobody came: 3 no-shows
  await reservation('past', { seats: 2, status: 'cancelled' });
  await reservation('past', { seats: 1, status: 'expired' });
  await reservation('past', { seats: 5, status: 'confirmed', source: 'door', clientNonce: 'n-1', ...arrived(5) }); // walk-in
  await reservation('past', { seats: 2, status: 'waiting' });
  await reservation('past', { seats: 1, status: 'waiting' });
  // The list then shortened to one party: its peak stays two (performances.waiting_peak, migration 032).
  const last = await ctx.db.selectFrom('reservations').select('id').where('status', '=', 'waiting').orderBy('id', 'desc').executeTakeFirstOrThrow();
  await ctx.db.updateTable('reservations').set({ status: 'cancelled' }).where('id', '=', last.id).execute();
  await reservation('future', { seats: 2, status: 'confirmed' });
  await reservation('future', { seats: 1, status: 'pending', holdExpiresAt: '2026-03-04T00:00:00.000Z' });

  const subscriber = (email: string, confirmedAt: string | null) => ({ email, createdAt: stamp, confirmedAt, confirmTokenHash: null, unsubscribeTokenHash: null });
  await ctx.db
    .insertInto('newsletterSubscriptions')
    .values([
      subscriber('a@example.org', '2025-06-01T10:00:00.000Z'),
      subscriber('b@example.org', '2025-09-01T21:59:00.000Z'), // 23:59 on 1 September in Paris
      subscriber('c@example.org', '2025-09-01T22:00:00.000Z'), // midnight: 2 September
      subscriber('d@example.org', null), // never confirmed
      subscriber('e@example.org', '2026-09-05T10:00:00.000Z'), // after the season
    ])
    .execute();

  const campaign = (subject: string, status: 'sent' | 'draft', startedAt: string | null) =>
    ctx.db
      .insertInto('campaigns')
      .values({ subject, body: 'Bonjour', includeUpcoming: 0, status, sendAt: null, html: null, text: null, upcoming: null, slug: null, startedAt, sentAt: startedAt && startedAt.replace('08:00', '08:05'), failureReason: null, createdAt: stamp, updatedAt: stamp })
      .returning('id')
      .executeTakeFirstOrThrow();
  const october = (await campaign('Lettre d’octobre', 'sent', '2025-10-01T08:00:00.000Z')).id;
  await campaign('Brouillon', 'draft', null);
  const old = (await campaign('Lettre de 2024', 'sent', '2024-10-01T08:00:00.000Z')).id;
  const copy = (campaignId: number, status: 'sent' | 'failed', unsubscribedAt: string | null = null) => ({ campaignId, status, nextAttemptAt: stamp, subscriberId: null, email: null, sentAt: '2025-10-01T08:01:00.000Z', unsubscribedAt });
  // Two readers of October's letter left by its link: one 2 days after, one 9 days after (not credited).
  await ctx.db
    .insertInto('campaignRecipients')
    .values([copy(october, 'sent', '2025-10-03T10:00:00.000Z'), copy(october, 'sent', '2025-10-10T10:00:00.000Z'), copy(october, 'sent'), copy(october, 'sent'), copy(october, 'failed'), copy(old, 'sent')])
    .execute();
  // A hard bounce is not an unsubscribe.
  await ctx.db
    .insertInto('bounceEvents')
    .values({ source: 'brevo', eventKey: 'e3', kind: 'hard', campaignId: october, subscriberId: null, emailHash: null, detail: null, occurredAt: '2025-10-02T10:00:00.000Z', receivedAt: '2025-10-02T10:00:00.000Z' })
    .execute();
});
afterAll(() => ctx.close());

const get = (url: string, headers: Record<string, string> = auth) => ctx.app.inject({ method: 'GET', url, headers });
const season = async () => (await get('/api/bilan?from=2025-09-01&to=2026-08-31')).json().data as Bilan;

describe('GET /api/bilan', () => {
  it('counts each performance of the period (Paris days) to the seat', async () => {
    const bilan = await season();
    expect(bilan.performances.map((p) => p.performanceId)).toEqual([ids.first, ids.noCapacity, ids.past, ids.future]);
    const past = bilan.performances.find((p) => p.performanceId === ids.past)!;
    expect(past).toMatchObject({
      showName: 'Lecture A',
      venueName: 'Salle des fêtes',
      town: 'Tours',
      capacity: 50,
      seatsBooked: 15,
      seatsConfirmed: 9,
      seatsArrived: 10,
      walkIns: 5,
      noShows: 4,
      fillRate: 0.2,
      waitingPeak: 2,
    });
    const future = bilan.performances.find((p) => p.performanceId === ids.future)!;
    expect(future).toMatchObject({ town: 'Blois', seatsBooked: 3, seatsConfirmed: 2, seatsArrived: 0, noShows: 0, fillRate: 0 });
    expect(bilan.performances.find((p) => p.performanceId === ids.noCapacity)).toMatchObject({ town: 'Amboise', capacity: null, fillRate: null, seatsBooked: 0 });
  });

  it('totals the season for the report', async () => {
    const { totals } = await season();
    expect(totals).toEqual({ performances: 4, shows: 2, venues: 3, towns: ['Amboise', 'Blois', 'Tours'], spectators: 10, seatsBooked: 18, averageFillRate: 0.2 / 3, newSubscribers: 2, lettersSent: 1 });
  });

  it('gives the letters of the period with their copies sent and the unsubscribes of the 7 days after', async () => {
    const { newsletter } = await season();
    expect(newsletter.letters).toEqual([{ id: expect.any(Number), subject: 'Lettre d’octobre', sentAt: '2025-10-01T08:05:00.000Z', sent: 4, unsubscribes: 1 }]);
  });

  it('counts the confirmed subscribers at the end of each Paris day', async () => {
    const res = await get('/api/bilan?from=2025-09-01&to=2025-09-03');
    const bilan = res.json().data as Bilan;
    expect(bilan.newsletter.subscribersPerDay).toEqual([
      { day: '2025-09-01', subscribers: 2 },
      { day: '2025-09-02', subscribers: 3 },
      { day: '2025-09-03', subscribers: 3 },
    ]);
    expect(bilan.newsletter.newSubscribers).toBe(2);
    expect(bilan.audience.perDay.map((d) => d.day)).toEqual(['2025-09-01', '2025-09-02', '2025-09-03']);
  });

  it('is open to every role, not to a visitor', async () => {
    for (const role of ['editor', 'secretary'] as const) {
      const res = await get('/api/bilan?from=2025-09-01&to=2026-08-31', { authorization: `Bearer ${await createAdminToken(ctx, role)}` });
      expect(res.statusCode).toBe(200);
    }
    expect((await get('/api/bilan?from=2025-09-01&to=2026-08-31', {})).statusCode).toBe(401);
    expect((await get('/api/bilan/performances.csv?from=2025-09-01&to=2026-08-31', {})).statusCode).toBe(401);
  });

  it('answers a bad period with a French 400', async () => {
    const cases: [string, string][] = [
      ['from=2026-02-30&to=2026-03-01', bilanTexts.invalidDate],
      ['from=2026-03-02&to=2026-03-01', bilanTexts.fromAfterTo],
      ['from=2020-01-01&to=2026-03-01', bilanTexts.tooLong],
    ];
    for (const [query, message] of cases) {
      const res = await get(`/api/bilan?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(message);
    }
    const cases2: [string, string][] = [
      ['from=hier&to=2026-03-01', 'Date attendue au format AAAA-MM-JJ'],
      ['to=2026-03-01', 'Ce champ est obligatoire'],
    ];
    for (const [query, message] of cases2) {
      const res = await get(`/api/bilan?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toContain(message);
    }
  });
});

describe('GET /api/bilan/performances.csv', () => {
  it('is the per-performance figures for a French spreadsheet', async () => {
    const res = await get('/api/bilan/performances.csv?from=2025-09-01&to=2026-08-31');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="bilan-2025-09-01-2026-08-31.csv"');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = res.body.slice(1).split('\r\n').filter(Boolean);
    expect(lines[0]).toBe(bilanTexts.csvHeaders.join(';'));
    expect(lines).toHaveLength(5);
    expect(lines[3]).toBe('10/02/2026 20:30;Lecture A;Salle des fêtes;Tours;50;0;0;15;9;10;5;4;20\u00a0%;2;0;0');
  });
});
