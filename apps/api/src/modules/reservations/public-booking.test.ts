import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { adminTestAppForThisFile, type AdminTestApp } from '../../test/admin-token.ts';
import { booking, showWithCapacity, tokenIn } from './test-helpers.ts';

let ctx: AdminTestApp['ctx'];
let auth: AdminTestApp['auth'];
adminTestAppForThisFile((app) => ({ ctx, auth } = app), { emptyBeforeEach: ['reservations', 'performances', 'shows', 'rateLimitBuckets', 'mailQueue'] });

const post = (url: string, payload: unknown, remoteAddress = '10.0.0.1') => ctx.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress });
const availability = async (id: number) => (await ctx.app.inject({ method: 'GET', url: `/api/performances/${id}/availability` })).json().data;
const reservations = () => ctx.db.selectFrom('reservations').selectAll().orderBy('id').execute();

describe('public booking', () => {
  it('answers availability, cached 5 s at most', async () => {
    const { performanceId } = await showWithCapacity(ctx, auth, 10);
    const res = await ctx.app.inject({ method: 'GET', url: `/api/performances/${performanceId}/availability` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=5');
    expect(res.json().data).toEqual({ capacity: 10, remaining: 10, open: true, waitingList: 0, maxSeats: 6 });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/performances/999999/availability' })).json()).toEqual({ error: 'Représentation introuvable' });
  });

  it('a performance without capacity, or started, answers open: false and refuses bookings (409)', async () => {
    const { performanceId } = await showWithCapacity(ctx, auth, 10, { capacity: null });
    expect(await availability(performanceId)).toMatchObject({ open: false, capacity: null, remaining: null });
    const res = await post('/api/reservations', booking(performanceId));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toContain('ne prend pas de réservation');
    const started = await showWithCapacity(ctx, auth, 10, { date: '2026-03-03T20:00:00+01:00' });
    expect(await availability(started.performanceId)).toMatchObject({ open: false });
    expect((await post('/api/reservations', booking(started.performanceId))).statusCode).toBe(409);
    expect(await reservations()).toEqual([]);
  });

  it('holds seats, mails the confirmation link, confirms with a calendar attachment of the agenda UID', async () => {
    const { performanceId } = await showWithCapacity(ctx, auth, 10);
    const body = booking(performanceId, 3, { phone: '06 12 34 56 78' });
    const res = await post('/api/reservations', body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: expect.stringContaining('confirmez'), status: 'pending' });
    expect(await availability(performanceId)).toMatchObject({ remaining: 7 });
    const mail = ctx.mailer.last()!;
    expect(mail).toMatchObject({ to: body.email, subject: 'Confirmez votre réservation' });
    const token = tokenIn(mail.text, 'confirmation');
    expect(mail.text).toContain('http://localhost:3000/reservation/confirmation?token=');
    // Only the hash is stored.
    expect(JSON.stringify(await reservations())).not.toContain(token);

    const lookup = await ctx.app.inject({ method: 'GET', url: `/api/reservations/lookup?token=${encodeURIComponent(token)}` });
    expect(lookup.json().data).toMatchObject({ status: 'pending', seats: 3, venueName: 'Médiathèque' });

    const confirmed = await post('/api/reservations/confirm', { token });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().data).toMatchObject({ status: 'confirmed', seats: 3, address: '2 rue des Halles, 37000 Tours' });
    const done = ctx.mailer.last()!;
    expect(done.subject).toBe('Réservation confirmée');
    expect(done.text).toContain('vendredi 10 avril 2026 - 20h30');
    expect(done.text).toContain('Médiathèque');
    expect(tokenIn(done.text, 'annulation')).toBe(token);
    const attachment = done.attachments![0]!;
    expect(attachment.contentType).toContain('text/calendar');
    expect(attachment.content).toContain('DTSTART;TZID=Europe/Paris:20260410T203000');
    const event = new ICAL.Component(ICAL.parse(attachment.content)).getFirstSubcomponent('vevent')!;
    const agenda = (await ctx.app.inject({ method: 'GET', url: `/agenda.ics?performance=${performanceId}` })).body;
    const agendaEvent = new ICAL.Component(ICAL.parse(agenda)).getFirstSubcomponent('vevent')!;
    expect(event.getFirstPropertyValue('uid')).toBe(agendaEvent.getFirstPropertyValue('uid'));

    // Confirming again changes nothing and sends nothing.
    const sent = ctx.mailer.sent.length;
    expect((await post('/api/reservations/confirm', { token })).json().data.status).toBe('confirmed');
    expect(ctx.mailer.sent.length).toBe(sent);
  });

  it('refuses, changing nothing: too many seats (409 with the count), seats out of bounds (400), the same address twice (409)', async () => {
    const { performanceId } = await showWithCapacity(ctx, auth, 4);
    const first = booking(performanceId, 2);
    expect((await post('/api/reservations', first)).statusCode).toBe(201);
    const before = await reservations();
    const tooMany = await post('/api/reservations', booking(performanceId, 3));
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error).toBe('Il reste 2 places pour cette représentation.');
    for (const seats of [0, 7, 1.5]) {
      const res = await post('/api/reservations', booking(performanceId, seats));
      expect(res.statusCode, String(seats)).toBe(400);
      expect(res.json().error).toMatch(/places|invalides/);
    }
    const twice = await post('/api/reservations', { ...booking(performanceId, 1), email: first.email.toUpperCase() });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toContain('déjà une réservation');
    expect(await reservations()).toEqual(before);
  });

  it('a filled honeypot answers as usual and stores nothing', async () => {
    const { performanceId } = await showWithCapacity(ctx, auth, 4);
    const sent = ctx.mailer.sent.length;
    const res = await post('/api/reservations', booking(performanceId, 2, { website: 'http://spam.example' }));
    expect(res.statusCode).toBe(201);
    expect(await reservations()).toEqual([]);
    expect(ctx.mailer.sent.length).toBe(sent);
  });

  it('limits bookings per address (429 after 10 in 15 minutes)', async () => {
    const { performanceId } = await showWithCapacity(ctx, auth, 100);
    const codes = [];
    for (let i = 0; i < 11; i++) codes.push((await post('/api/reservations', booking(performanceId, 1), '10.9.9.9')).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 201)).toBe(true);
    expect(codes[10]).toBe(429);
  });

  it('a lapsed hold gives its seats back and can no longer be confirmed', async () => {
    const { performanceId } = await showWithCapacity(ctx, auth, 3);
    await post('/api/reservations', booking(performanceId, 3));
    const token = tokenIn(ctx.mailer.last()!.text, 'confirmation');
    expect(await availability(performanceId)).toMatchObject({ remaining: 0 });
    ctx.clock.advance(30 * 60 * 1000);
    expect(await availability(performanceId)).toMatchObject({ remaining: 3 });
    const late = await post('/api/reservations/confirm', { token });
    expect(late.statusCode).toBe(409);
    expect((await reservations())[0]!.status).toBe('expired');
  });

  it('cancel gives seats back at once; a second cancel or a tampered token changes nothing', async () => {
    const { performanceId } = await showWithCapacity(ctx, auth, 3);
    await post('/api/reservations', booking(performanceId, 3));
    const token = tokenIn(ctx.mailer.last()!.text, 'confirmation');
    await post('/api/reservations/confirm', { token });
    expect((await post('/api/reservations/cancel', { token: `${token}x` })).statusCode).toBe(404);
    const cancel = await post('/api/reservations/cancel', { token });
    expect(cancel.json()).toEqual({ data: { status: 'cancelled' } });
    expect(await availability(performanceId)).toMatchObject({ remaining: 3 });
    const again = await post('/api/reservations/cancel', { token });
    expect(again.statusCode).toBe(200);
    expect((await post('/api/reservations/confirm', { token })).statusCode).toBe(409);
    expect((await reservations())[0]!.status).toBe('cancelled');
  });

  it('no cancel once the performance has started', async () => {
    const { performanceId } = await showWithCapacity(ctx, auth, 3);
    await post('/api/reservations', booking(performanceId, 1));
    const token = tokenIn(ctx.mailer.last()!.text, 'confirmation');
    await post('/api/reservations/confirm', { token });
    ctx.clock.set(new Date('2026-04-10T18:31:00Z'));
    const res = await post('/api/reservations/cancel', { token });
    expect(res.statusCode).toBe(409);
    expect((await reservations())[0]!.status).toBe('confirmed');
    ctx.clock.set(new Date('2026-03-03T19:30:00.000Z'));
  });
});
