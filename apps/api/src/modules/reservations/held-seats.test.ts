import { describe, expect, it } from 'vitest';
import { minutes } from '../../lib/clock.ts';
import { adminTestAppForThisFile, type AdminTestApp } from '../../test/admin-token.ts';
import { runReservationWork } from './reservation-job.ts';
import { booking, showWithCapacity, tokenIn } from './test-helpers.ts';

/**
 * `performances.held_seats` (migration 031, issue 32) is what a booking reads instead of counting rows:
 * after every kind of change to reservations it must equal the recount of the seats held (pending,
 * confirmed, offered). The test clock reads 2026-03-03T19:30Z; the performances are on 2026-04-10.
 */
let ctx: AdminTestApp['ctx'];
let auth: AdminTestApp['auth'];
adminTestAppForThisFile((app) => ({ ctx, auth } = app), { emptyBeforeEach: ['reservations', 'performances', 'shows', 'rateLimitBuckets'] });

let ip = 0;
const post = (url: string, payload: unknown) => ctx.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress: `10.9.0.${++ip % 250}` });
const staff = (method: 'POST' | 'DELETE', url: string, payload?: unknown) => ctx.app.inject({ method, url, headers: auth, ...(payload ? { payload: payload as object } : {}) });
const work = () => runReservationWork({ ...ctx, config: ctx.config, mailer: ctx.mailer });

/** The counter and the recount, per performance. */
async function counterAndRecount(): Promise<{ id: number; counter: number; recount: number }[]> {
  const performances = await ctx.db.selectFrom('performances').select(['id', 'heldSeats']).orderBy('id').execute();
  const rows = await ctx.db.selectFrom('reservations').select(['performanceId', 'status', 'seats']).execute();
  return performances.map((p) => ({
    id: p.id,
    counter: Number(p.heldSeats),
    recount: rows.filter((r) => r.performanceId === p.id && ['pending', 'confirmed', 'offered'].includes(r.status)).reduce((n, r) => n + r.seats, 0),
  }));
}

async function expectExact(step: string, held?: number) {
  const all = await counterAndRecount();
  for (const p of all) expect(p.counter, `${step} (performance ${p.id})`).toBe(p.recount);
  if (held !== undefined) expect(all[0]!.counter, step).toBe(held);
}

describe('held seats counter', () => {
  it('equals the recount after every kind of change: bookings, confirms, cancels, lapsed holds and offers, waiting list, staff, walk-ins, deletions, capacity saved', async () => {
    const start = ctx.clock.now();
    const { show, performanceId } = await showWithCapacity(ctx, auth, 6);
    await expectExact('new performance', 0);

    const a = booking(performanceId, 2);
    expect((await post('/api/reservations', a)).statusCode).toBe(201);
    const aToken = tokenIn(ctx.mailer.last()!.text, 'confirmation');
    await expectExact('booking (pending)', 2);
    expect((await post('/api/reservations/confirm', { token: aToken })).statusCode).toBe(200);
    await expectExact('confirmed', 2);

    expect((await post('/api/reservations', booking(performanceId, 3))).statusCode).toBe(201);
    await expectExact('second booking', 5);
    expect((await post('/api/reservations', booking(performanceId, 2))).statusCode).toBe(409);
    await expectExact('refused booking (too few seats)', 5);

    const waiter = booking(performanceId, 3, { waitingList: true });
    const waiting = await post('/api/reservations', waiter);
    expect(waiting.json().status, waiting.body).toBe('waiting');
    await expectExact('waiting list entry', 5);

    // The 3-seat hold lapses: expired by the timed work, and the waiting entry is offered its seats.
    ctx.clock.advance(minutes(ctx.config.reservations.holdMinutes) + 1000);
    await work();
    await expectExact('hold lapsed, waiting entry offered', 5);
    // The offer lapses too.
    ctx.clock.advance(minutes(ctx.config.reservations.offerMinutes) + 1000);
    await work();
    await expectExact('offer lapsed', 2);
    // Back to the start: the staff session of this test is not a day old.
    ctx.clock.set(start);

    const staffBooked = await staff('POST', `/api/performances/${performanceId}/reservations`, { firstName: 'Paul', lastName: 'Durand', seats: 3 });
    expect(staffBooked.statusCode).toBe(201);
    await expectExact('phone booking', 5);
    const waiter2 = booking(performanceId, 2, { waitingList: true });
    expect((await post('/api/reservations', waiter2)).json().status).toBe('waiting');
    expect((await staff('POST', `/api/reservations/${staffBooked.json().data.id}/cancel`)).statusCode).toBe(200);
    await expectExact('staff cancel, waiting entry offered', 4);
    const claim = tokenIn(ctx.mailer.sent.filter((m) => m.to === waiter2.email.toLowerCase()).at(-1)!.text, 'liste-attente');
    expect((await post('/api/reservations/claim', { token: claim })).statusCode).toBe(200);
    await expectExact('offer claimed', 4);

    expect((await post('/api/reservations/cancel', { token: aToken })).statusCode).toBe(200);
    await expectExact('visitor cancel', 2);

    // The door's evening is another performance, tonight (walk-ins are recorded on the day).
    const { performanceId: tonight } = await showWithCapacity(ctx, auth, 4, { date: '2026-03-03T20:00:00Z' });
    const walkIn = await staff('POST', `/api/performances/${tonight}/walk-ins`, { name: 'Dupuis', seats: 6, nonce: '7d9c1a3e-5b2f-4c8e-9a1d-2f3e4b5c6d7e', tappedAt: '2026-03-03T19:30:00.000Z' });
    expect(walkIn.statusCode, walkIn.body).toBe(201);
    await expectExact('walk-in beyond the capacity', 2);
    expect((await ctx.db.selectFrom('performances').select('heldSeats').where('id', '=', tonight).executeTakeFirstOrThrow()).heldSeats).toBe(6);
    expect((await staff('DELETE', `/api/reservations/${walkIn.json().data.id}`)).statusCode).toBe(204);
    await expectExact('staff delete', 2);

    // Capacity raised by a show save, then the performance deleted (no live reservation left).
    const p = show.performances[0]!;
    const save = (performances: unknown[]) =>
      ctx.app.inject({ method: 'PUT', url: `/api/shows/${show.id}`, headers: auth, payload: { name: 'Lecture', type: 'Lecture de poche', year: '2026', pitch: 'P', note: 'N', published: true, performances } });
    expect((await save([{ id: p.id, date: p.date, address: 'A', venueName: 'V', capacity: 10 }])).statusCode).toBe(200);
    await expectExact('capacity raised', 2);
    for (const r of await ctx.db.selectFrom('reservations').select('id').where('status', 'in', ['pending', 'confirmed', 'offered']).execute()) await staff('POST', `/api/reservations/${r.id}/cancel`);
    await expectExact('all cancelled', 0);
    expect((await save([{ date: p.date, address: 'A', venueName: 'V', capacity: 4 }])).statusCode).toBe(200);
    await expectExact('performance replaced');
  });
});
