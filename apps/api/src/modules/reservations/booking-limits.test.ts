import { describe, expect, it } from 'vitest';
import { minutes } from '../../lib/clock.ts';
import { adminTestAppForThisFile, type AdminTestApp } from '../../test/admin-token.ts';
import { BOOKINGS_PER_CLIENT, BOOKINGS_PER_EMAIL } from './booking-limits.ts';
import { booking, showWithCapacity } from './test-helpers.ts';

let ctx: AdminTestApp['ctx'];
let auth: AdminTestApp['auth'];
adminTestAppForThisFile((app) => ({ ctx, auth } = app), { emptyBeforeEach: ['reservations', 'performances', 'shows', 'rateLimitBuckets', 'mailQueue'] });

const post = (payload: unknown, remoteAddress: string) => ctx.app.inject({ method: 'POST', url: '/api/reservations', payload: payload as object, remoteAddress });

describe('booking limits: per client address (high) and per e-mail address (low)', () => {
  it('thirty visitors behind one shared address each book within 15 minutes, a refused try and a retry each', async () => {
    const { performanceId } = await showWithCapacity(ctx, auth, 100);
    const codes: number[] = [];
    for (let visitor = 0; visitor < 30; visitor++) {
      const body = booking(performanceId, 1, { email: `lecteur${visitor}@mediatheque.example` });
      // A first try with a mistake (a 400 counts as an attempt too), then the booking.
      expect((await post({ ...body, seats: 0 }, '192.0.2.10')).statusCode).toBe(400);
      codes.push((await post(body, '192.0.2.10')).statusCode);
      ctx.clock.advance(20_000);
    }
    expect(codes).toEqual(Array(30).fill(201));
    expect(await ctx.db.selectFrom('reservations').select('id').execute()).toHaveLength(30);
  });

  it('one client hammering the route with new addresses is slowed past the ceiling: 429 saying when to retry, with Retry-After', async () => {
    const { performanceId } = await showWithCapacity(ctx, auth, 1000);
    for (let i = 0; i < BOOKINGS_PER_CLIENT; i++) expect((await post(booking(performanceId, 1), '198.51.100.7')).statusCode).toBe(201);
    ctx.clock.advance(minutes(11) + 5_000);
    const refused = await post(booking(performanceId, 1), '198.51.100.7');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe(String(4 * 60 - 5));
    expect(refused.json().error).toBe('Trop de demandes de réservation depuis votre connexion. Réessayez dans 4 minutes.');
    const stored = (await ctx.db.selectFrom('reservations').select('id').execute()).length;
    // Another address is not slowed; this one books again once the window has passed.
    expect((await post(booking(performanceId, 1), '198.51.100.8')).statusCode).toBe(201);
    ctx.clock.advance(minutes(4));
    expect((await post(booking(performanceId, 1), '198.51.100.7')).statusCode).toBe(201);
    expect((await ctx.db.selectFrom('reservations').select('id').execute()).length).toBe(stored + 2);
    ctx.clock.set(new Date('2026-03-03T19:30:00.000Z'));
  });

  it('one e-mail address is limited whatever the client address: its mailbox gets no flood, even when it already booked', async () => {
    const { performanceId } = await showWithCapacity(ctx, auth, 100);
    const body = booking(performanceId, 1);
    const codes: number[] = [];
    for (let i = 0; i <= BOOKINGS_PER_EMAIL; i++) codes.push((await post({ ...body, email: i % 2 ? body.email.toUpperCase() : body.email }, `203.0.113.${i + 1}`)).statusCode);
    expect(codes).toEqual([...Array(BOOKINGS_PER_EMAIL).fill(201), 429]);
    const sent = ctx.mailer.sent.filter((m) => m.to === body.email).length;
    expect(sent).toBe(BOOKINGS_PER_EMAIL);
    const refused = await post(body, '203.0.113.99');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe('Trop de demandes pour cette adresse e-mail. Réessayez dans 15 minutes.');
    expect(Number(refused.headers['retry-after'])).toBe(15 * 60);
    expect(ctx.mailer.sent.filter((m) => m.to === body.email)).toHaveLength(sent);
    // The address is stored hashed in the bucket's key, never in clear.
    const keys = (await ctx.db.selectFrom('rateLimitBuckets').select('key').execute()).map((r) => r.key).join(' ');
    expect(keys).not.toContain(body.email);
    expect(keys).toContain('reservations:email:');
  });

  it('counts both limits before the body is checked: refused bodies count for the client, a robot’s hidden field for its address only', async () => {
    const { performanceId } = await showWithCapacity(ctx, auth, 100);
    const body = booking(performanceId, 1, { email: 'guetteur@example.org' });
    // A refused body (400) counts for the client address and for the e-mail address it names.
    for (let i = 0; i < BOOKINGS_PER_EMAIL; i++) expect((await post({ ...body, seats: 0 }, '198.51.100.60')).statusCode).toBe(400);
    const refused = await post(body, '198.51.100.61');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe('Trop de demandes pour cette adresse e-mail. Réessayez dans 15 minutes.');
    // A robot that filled the hidden field is answered as usual and counts for its address, never for the e-mail it typed.
    const robot = { ...booking(performanceId, 1, { email: 'victime@example.org' }), website: 'https://spam.example' };
    for (let i = 0; i < BOOKINGS_PER_EMAIL + 2; i++) expect((await post(robot, '198.51.100.62')).statusCode).toBe(201);
    expect((await post(booking(performanceId, 1, { email: 'victime@example.org' }), '198.51.100.63')).statusCode).toBe(201);
    // The client's bucket counted every one of its attempts, refused bodies included.
    for (let i = BOOKINGS_PER_EMAIL; i < BOOKINGS_PER_CLIENT; i++) await post({ ...body, seats: 0, email: `autre${i}@example.org` }, '198.51.100.60');
    const slowed = await post(booking(performanceId, 1, { email: 'nouvelle@example.org' }), '198.51.100.60');
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json().error).toMatch(/^Trop de demandes de réservation depuis votre connexion\./);
    expect(await ctx.db.selectFrom('reservations').select('email').execute()).toEqual([{ email: 'victime@example.org' }]);
  });

  it('the mailed links’ routes also say when to try again', async () => {
    let last;
    for (let i = 0; i <= 30; i++) last = await ctx.app.inject({ method: 'POST', url: '/api/reservations/confirm', payload: { token: `inconnu-${i}` }, remoteAddress: '198.51.100.40' });
    expect(last!.statusCode).toBe(429);
    expect(last!.json().error).toBe('Trop de demandes depuis votre connexion. Réessayez dans 15 minutes.');
    expect(Number(last!.headers['retry-after'])).toBe(15 * 60);
  });
});
