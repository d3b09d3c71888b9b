import { describe, expect, it } from 'vitest';
import { minutes } from '../../lib/clock.ts';
import { adminTestAppForThisFile, type AdminTestApp } from '../../test/admin-token.ts';
import { runReservationWork } from './reservation-job.ts';
import { booking, showWithCapacity, tokenIn } from './test-helpers.ts';

let ctx: AdminTestApp['ctx'];
let auth: AdminTestApp['auth'];
adminTestAppForThisFile((app) => ({ ctx, auth } = app), { emptyBeforeEach: ['reservations', 'performances', 'shows', 'rateLimitBuckets'] });

let ip = 0;
const post = (url: string, payload: unknown) => ctx.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress: `10.1.0.${++ip % 250}` });
const statuses = async () => (await ctx.db.selectFrom('reservations').select(['email', 'status']).orderBy('id').execute()).map((r) => r.status);
const work = () => runReservationWork({ ...ctx, config: ctx.config, mailer: ctx.mailer });
const mailTo = (email: string) => ctx.mailer.sent.filter((m) => m.to === email);

async function bookAndConfirm(performanceId: number, seats: number) {
  const body = booking(performanceId, seats);
  expect((await post('/api/reservations', body)).statusCode).toBe(201);
  const token = tokenIn(ctx.mailer.last()!.text, 'confirmation');
  expect((await post('/api/reservations/confirm', { token })).statusCode).toBe(200);
  return { ...body, token };
}

describe('waiting list', () => {
  it('joins the list when full (201 waiting, its mail with a leave link), in order, served when seats come back', async () => {
    const { performanceId } = await showWithCapacity(ctx, auth, 4);
    const a = await bookAndConfirm(performanceId, 4);
    const b = booking(performanceId, 3, { waitingList: true });
    const c = booking(performanceId, 1, { waitingList: true });
    const d = booking(performanceId, 2, { waitingList: true });
    for (const body of [b, c, d]) {
      const res = await post('/api/reservations', body);
      expect(res.statusCode).toBe(201);
      expect(res.json().status).toBe('waiting');
    }
    expect(mailTo(b.email)[0]!.subject).toBe('Vous êtes sur la liste d’attente');
    const dLeave = tokenIn(mailTo(d.email)[0]!.text, 'annulation');
    const availability = (await ctx.app.inject({ method: 'GET', url: `/api/performances/${performanceId}/availability` })).json().data;
    expect(availability).toMatchObject({ remaining: 0, waitingList: 3 });

    // D leaves the list from its mail.
    expect((await post('/api/reservations/cancel', { token: dLeave })).json().data.status).toBe('cancelled');
    // A cancels: 4 seats back: B (3) then C (1) are offered, in order.
    expect((await post('/api/reservations/cancel', { token: a.token })).statusCode).toBe(200);
    expect(await statuses()).toEqual(['cancelled', 'offered', 'offered', 'cancelled']);
    const offer = mailTo(b.email).at(-1)!;
    expect(offer.subject).toBe('Des places se sont libérées pour vous');
    const claim = tokenIn(offer.text, 'liste-attente');
    const lookup = await ctx.app.inject({ method: 'GET', url: `/api/reservations/lookup?token=${claim}` });
    expect(lookup.json().data).toMatchObject({ status: 'offered', seats: 3, offerExpiresAt: '2026-03-04T19:30:00.000Z' });
    const claimed = await post('/api/reservations/claim', { token: claim });
    expect(claimed.json().data).toMatchObject({ status: 'confirmed', seats: 3 });
    expect(mailTo(b.email).at(-1)!.subject).toBe('Réservation confirmée');
    // The waiting mail's link still works for B (cancel): same reservation.
    expect((await ctx.app.inject({ method: 'GET', url: `/api/reservations/lookup?token=${tokenIn(mailTo(b.email)[0]!.text, 'annulation')}` })).json().data.status).toBe('confirmed');
  });

  it('an entry too large waits without holding back a smaller one; an unclaimed offer goes to the next entry', async () => {
    const { performanceId } = await showWithCapacity(ctx, auth, 4);
    const a = await bookAndConfirm(performanceId, 2);
    await bookAndConfirm(performanceId, 2);
    const big = booking(performanceId, 4, { waitingList: true });
    const small = booking(performanceId, 2, { waitingList: true });
    const next = booking(performanceId, 2, { waitingList: true });
    for (const body of [big, small, next]) await post('/api/reservations', body);
    await post('/api/reservations/cancel', { token: a.token });
    expect(await statuses()).toEqual(['cancelled', 'confirmed', 'waiting', 'offered', 'waiting']);

    // The offer lapses (RESERVATION_OFFER_MINUTES = 1440): the next entry gets the seats.
    ctx.clock.advance(minutes(1440) - 1000);
    expect((await work()).settled).toBe(0);
    ctx.clock.advance(1000);
    expect((await work()).settled).toBe(2);
    expect(await statuses()).toEqual(['cancelled', 'confirmed', 'waiting', 'expired', 'offered']);
    expect(mailTo(next.email).at(-1)!.subject).toBe('Des places se sont libérées pour vous');
    // The expired offer can no longer be claimed.
    const lapsed = tokenIn(mailTo(small.email).at(-1)!.text, 'liste-attente');
    expect((await post('/api/reservations/claim', { token: lapsed })).statusCode).toBe(409);
    ctx.clock.set(new Date('2026-03-03T19:30:00.000Z'));
  });

  it('keeps the list’s history for the Bilan: its peak, the offers taken and the offers lapsed (migration 032)', async () => {
    const { performanceId } = await showWithCapacity(ctx, auth, 4);
    const a = await bookAndConfirm(performanceId, 4);
    const [b, c, d] = [booking(performanceId, 3, { waitingList: true }), booking(performanceId, 1, { waitingList: true }), booking(performanceId, 2, { waitingList: true })];
    for (const body of [b, c, d]) await post('/api/reservations', body);
    // D leaves, A cancels: B and C are offered; B takes its offer, C lets it lapse.
    await post('/api/reservations/cancel', { token: tokenIn(mailTo(d.email)[0]!.text, 'annulation') });
    await post('/api/reservations/cancel', { token: a.token });
    expect((await post('/api/reservations/claim', { token: tokenIn(mailTo(b.email).at(-1)!.text, 'liste-attente') })).statusCode).toBe(200);
    ctx.clock.advance(minutes(1440));
    await work();
    const rows = await ctx.db.selectFrom('reservations').select(['email', 'status', 'offeredAt', 'offerTakenAt']).where('performanceId', '=', performanceId).orderBy('id').execute();
    expect(rows.map((r) => [r.status, r.offeredAt !== null, r.offerTakenAt !== null])).toEqual([
      ['cancelled', false, false],
      ['confirmed', true, true],
      ['expired', true, false],
      ['cancelled', false, false],
    ]);
    // The list is empty now; it was three parties long at its peak. (Back to the session's time first.)
    ctx.clock.set(new Date('2026-03-03T19:30:00.000Z'));
    const bilan = (await ctx.app.inject({ method: 'GET', url: '/api/bilan?from=2026-04-01&to=2026-04-30', headers: auth })).json().data;
    expect(bilan.performances.find((p: { performanceId: number }) => p.performanceId === performanceId)).toMatchObject({ waitingPeak: 3, offersTaken: 1, offersLapsed: 1 });
  });

  it('a lapsed hold serves the list (timed work, exactly once even when run twice)', async () => {
    const { performanceId } = await showWithCapacity(ctx, auth, 2);
    await post('/api/reservations', booking(performanceId, 2));
    const waiter = booking(performanceId, 2, { waitingList: true });
    await post('/api/reservations', waiter);
    ctx.clock.advance(minutes(30));
    const [first, second] = await Promise.all([work(), work()]);
    expect(first.settled + second.settled).toBe(2);
    expect(await statuses()).toEqual(['expired', 'offered']);
    expect(mailTo(waiter.email).filter((m) => m.subject.startsWith('Des places'))).toHaveLength(1);
    ctx.clock.set(new Date('2026-03-03T19:30:00.000Z'));
  });

  it('raising the capacity serves the list', async () => {
    const { show, performanceId } = await showWithCapacity(ctx, auth, 2);
    await bookAndConfirm(performanceId, 2);
    const waiter = booking(performanceId, 2, { waitingList: true });
    await post('/api/reservations', waiter);
    const p = show.performances[0]!;
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/api/shows/${show.id}`,
      headers: auth,
      payload: { name: 'Lecture', type: 'Lecture de poche', year: '2026', pitch: 'P', note: 'N', published: true, performances: [{ id: p.id, date: p.date, address: 'A', venueName: 'V', capacity: 4 }] },
    });
    expect(res.statusCode).toBe(200);
    expect(await statuses()).toEqual(['confirmed', 'offered']);
  });

  it('a group is offered its seats only when that many are free at once, and single seats behind it are served meanwhile', async () => {
    const { performanceId } = await showWithCapacity(ctx, auth, 4);
    const holders = [];
    for (let i = 0; i < 4; i++) holders.push(await bookAndConfirm(performanceId, 1));
    const group = booking(performanceId, 3, { waitingList: true });
    const single = booking(performanceId, 1, { waitingList: true });
    for (const body of [group, single]) expect((await post('/api/reservations', body)).json().status).toBe('waiting');
    const state = async () => Object.fromEntries((await ctx.db.selectFrom('reservations').select(['email', 'status', 'seats']).execute()).map((r) => [r.email, `${r.status}:${r.seats}`]));

    // One seat back: not enough for the group of 3 (never a part of it), enough for the single seat behind it.
    await post('/api/reservations/cancel', { token: holders[0]!.token });
    expect(await state()).toMatchObject({ [group.email]: 'waiting:3', [single.email]: 'offered:1' });
    // Two more back: still only 2 free, the group waits; nobody else waits, so they are on sale.
    await post('/api/reservations/cancel', { token: holders[1]!.token });
    await post('/api/reservations/cancel', { token: holders[2]!.token });
    expect((await state())[group.email]).toBe('waiting:3');
    expect(mailTo(group.email).filter((m) => m.subject.startsWith('Des places'))).toHaveLength(0);
    const availability = (await ctx.app.inject({ method: 'GET', url: `/api/performances/${performanceId}/availability` })).json().data;
    expect(availability).toMatchObject({ remaining: 2, waitingList: 1 });
    // The third seat back: 3 free at once, the group is offered all three, in one offer.
    await post('/api/reservations/cancel', { token: holders[3]!.token });
    expect((await state())[group.email]).toBe('offered:3');
    const offer = mailTo(group.email).filter((m) => m.subject.startsWith('Des places'));
    expect(offer).toHaveLength(1);
    expect(offer[0]!.text).toContain('3 places vous attendent');
  });
});
