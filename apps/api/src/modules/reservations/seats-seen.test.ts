import { describe, expect, it } from 'vitest';
import { adminTestAppForThisFile, type AdminTestApp } from '../../test/admin-token.ts';
import { seatsSeen } from './seats-seen.ts';
import { booking, showWithCapacity, tokenIn } from './test-helpers.ts';

describe('seatsSeen: a read that began after a booking arrived may answer it', () => {
  it('refuses only from a read begun after the arrival that saw too few seats', () => {
    const seen = seatsSeen();
    const early = seen.moment();
    const readFrom = seen.moment();
    const late = seen.moment();
    seen.saw(7, readFrom, 1);
    expect(seen.refuses(7, early, 2)).toBe(1);
    expect(seen.refuses(7, early, 1)).toBeNull();
    // Arrived after the read began: seats may have come back since; it looks for itself.
    expect(seen.refuses(7, late, 2)).toBeNull();
    // Another performance, or a read that could not tell (a hold lapsed), refuses nobody.
    expect(seen.refuses(8, early, 2)).toBeNull();
    seen.saw(7, seen.moment(), null);
    expect(seen.refuses(7, early, 2)).toBeNull();
  });

  it('never lets an older read replace a newer one', () => {
    const seen = seatsSeen();
    const arrived = seen.moment();
    const older = seen.moment();
    const newer = seen.moment();
    seen.saw(3, newer, 4);
    seen.saw(3, older, 0);
    expect(seen.refuses(3, arrived, 1)).toBeNull();
    expect(seen.refuses(3, arrived, 5)).toBe(4);
  });
});

let ctx: AdminTestApp['ctx'];
let auth: AdminTestApp['auth'];
adminTestAppForThisFile((app) => ({ ctx, auth } = app), { emptyBeforeEach: ['reservations', 'performances', 'shows', 'rateLimitBuckets', 'mailQueue'] });

const post = (url: string, payload: unknown, remoteAddress: string) => ctx.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress });

describe('a burst of bookings answered from what the server saw', () => {
  it('refuses the attempts queued behind the last seat with the seats left, and books the next visitor once a seat is back', async () => {
    const { performanceId } = await showWithCapacity(ctx, auth, 4);
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => post('/api/reservations', booking(performanceId, 1), `10.7.0.${i + 1}`)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([...Array(4).fill(201), ...Array(8).fill(409)]);
    for (const refused of answers.filter((a) => a.statusCode === 409)) expect(refused.json().error).toMatch(/^Il ne reste plus de place/);
    const held = await ctx.db.selectFrom('reservations').select((eb) => eb.fn.sum<number>('seats').as('seats')).where('performanceId', '=', performanceId).executeTakeFirstOrThrow();
    expect(Number(held.seats)).toBe(4);
    // A seat comes back: the visitor who books after it is not refused by what the server saw before.
    const someone = ctx.mailer.sent.find((m) => m.subject === 'Confirmez votre réservation')!;
    expect((await post('/api/reservations/cancel', { token: tokenIn(someone.text, 'annulation') }, '10.7.1.1')).statusCode).toBe(200);
    expect((await post('/api/reservations', booking(performanceId, 1), '10.7.1.2')).statusCode).toBe(201);
    expect((await post('/api/reservations', booking(performanceId, 1), '10.7.1.3')).statusCode).toBe(409);
  });
});
