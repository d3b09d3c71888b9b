import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { adminTestAppForThisFile, type AdminTestApp } from '../../test/admin-token.ts';
import { booking, showWithCapacity, tokenIn } from './test-helpers.ts';

let ctx: AdminTestApp['ctx'];
let auth: AdminTestApp['auth'];
adminTestAppForThisFile((app) => ({ ctx, auth } = app), { emptyBeforeEach: ['reservations', 'performances', 'shows', 'rateLimitBuckets', 'mailQueue'] });

const NB = '\u00a0';
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

    expect(confirmed.json().data.mailSent).toBe(true);
    // Confirming again (an old tab) changes nothing, sends nothing, and says so.
    const sent = ctx.mailer.sent.length;
    expect((await post('/api/reservations/confirm', { token })).json().data).toMatchObject({ status: 'confirmed', mailSent: false });
    expect(ctx.mailer.sent.length).toBe(sent);
  });

  it('refuses, changing nothing: too many seats (409 suggesting fewer), seats out of bounds (400)', async () => {
    const { performanceId } = await showWithCapacity(ctx, auth, 4);
    const first = booking(performanceId, 2);
    expect((await post('/api/reservations', first)).statusCode).toBe(201);
    const before = await reservations();
    const tooMany = await post('/api/reservations', booking(performanceId, 3));
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error).toBe(`Il ne reste que 2 places pour cette représentation${NB}: réservez-en 2 au plus, ou inscrivez-vous sur la liste d’attente.`);
    for (const seats of [0, 7, 1.5]) {
      const res = await post('/api/reservations', booking(performanceId, seats));
      expect(res.statusCode, String(seats)).toBe(400);
      expect(res.json().error).toMatch(/places|invalides/);
    }
    expect(await reservations()).toEqual(before);
    // The last seat: the refusal speaks of one.
    expect((await post('/api/reservations', booking(performanceId, 1))).statusCode).toBe(201);
    expect((await post('/api/reservations', booking(performanceId, 2))).json().error).toBe(`Il ne reste qu’une place pour cette représentation${NB}: réservez-en une seule, ou inscrivez-vous sur la liste d’attente.`);
  });

  it('the same address again gets a new booking’s answer, and its owner the links of the reservation it has (no second row)', async () => {
    const { performanceId } = await showWithCapacity(ctx, auth, 10);
    const first = booking(performanceId, 2);
    expect((await post('/api/reservations', first)).statusCode).toBe(201);
    const firstToken = tokenIn(ctx.mailer.last()!.text, 'confirmation');
    const before = await reservations();
    // A stranger (another address, other seats) or the owner who lost the mail: the same answer as a new booking.
    const again = await post('/api/reservations', { ...booking(performanceId, 3), email: first.email.toUpperCase() }, '10.7.7.7');
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual((await post('/api/reservations', booking(performanceId, 3))).json());
    const rows = await reservations();
    expect(rows.filter((r) => r.email === first.email)).toHaveLength(1);
    expect(rows[0]).toMatchObject({ seats: 2, status: 'pending', holdExpiresAt: before[0]!.holdExpiresAt });
    // The mail went to the address's owner, with a new link; the first one still works.
    const resent = ctx.mailer.sent.filter((m) => m.to === first.email);
    expect(resent).toHaveLength(2);
    const newToken = tokenIn(resent[1]!.text, 'confirmation');
    expect(newToken).not.toBe(firstToken);
    expect(resent[1]!.text).toContain('2 places');
    const lookup = await ctx.app.inject({ method: 'GET', url: `/api/reservations/lookup?token=${encodeURIComponent(firstToken)}` });
    expect(lookup.json().data.status).toBe('pending');
    expect((await post('/api/reservations/confirm', { token: newToken })).json().data).toMatchObject({ status: 'confirmed', mailSent: true });
    // Confirmed: booking again mails the confirmation (with its cancel link) again.
    expect((await post('/api/reservations', { ...booking(performanceId, 1), email: first.email })).statusCode).toBe(201);
    expect(ctx.mailer.last()).toMatchObject({ to: first.email, subject: 'Réservation confirmée' });
    expect((await post('/api/reservations/cancel', { token: tokenIn(ctx.mailer.last()!.text, 'annulation') })).json().data.status).toBe('cancelled');
  });

  it('refuses names with a line break, a control character or a link (400 in French), storing and mailing nothing', async () => {
    const { performanceId } = await showWithCapacity(ctx, auth, 10);
    const sent = ctx.mailer.sent.length;
    const bad = ['Camille\r\nBcc: x@example.org', 'Cam\nille', 'Cam\u0007ille', 'https://spam.example', 'Visitez www.spam.example', 'gagnez.com', 'spam.fr/promo', 'x@example.org'];
    for (const firstName of bad) {
      const res = await post('/api/reservations', booking(performanceId, 1, { firstName }));
      expect(res.statusCode, JSON.stringify(firstName)).toBe(400);
      expect(res.json().error).toBe(`Un nom ne peut contenir ni retour à la ligne, ni caractère de contrôle, ni lien.`);
    }
    expect((await post('/api/reservations', booking(performanceId, 1, { lastName: 'Martin\rX' }))).statusCode).toBe(400);
    // A NUL is refused earlier (the input guard of every stored text), in French too.
    expect((await post('/api/reservations', booking(performanceId, 1, { firstName: 'Cam\u0000ille' }))).statusCode).toBe(400);
    expect(await reservations()).toEqual([]);
    expect(ctx.mailer.sent.length).toBe(sent);
    for (const firstName of ['Jean-Pierre', 'Marie-Ève', 'J.-P.', 'N’Diaye', 'Saint-Just']) {
      expect((await post('/api/reservations', booking(performanceId, 1, { firstName }))).statusCode, firstName).toBe(201);
    }
  });

  it('refuses (409) a confirmation once the performance has started or its show is unpublished, changing nothing', async () => {
    const { show, performanceId } = await showWithCapacity(ctx, auth, 10);
    await post('/api/reservations', booking(performanceId, 1));
    const late = tokenIn(ctx.mailer.last()!.text, 'confirmation');
    await post('/api/reservations', booking(performanceId, 1));
    const hidden = tokenIn(ctx.mailer.last()!.text, 'confirmation');
    // The hold runs past the start when booked just before it: the start closes it all the same.
    await ctx.db.updateTable('reservations').set({ holdExpiresAt: '2026-04-11T00:00:00.000Z' }).execute();
    ctx.clock.set(new Date('2026-04-10T18:31:00Z'));
    const started = await post('/api/reservations/confirm', { token: late });
    expect(started.statusCode).toBe(409);
    expect(started.json().error).toContain('a commencé');
    ctx.clock.set(new Date('2026-03-03T19:30:00.000Z'));
    await ctx.db.updateTable('shows').set({ published: 0 }).where('id', '=', show.id).execute();
    const unpublished = await post('/api/reservations/confirm', { token: hidden });
    expect(unpublished.statusCode).toBe(409);
    expect((await reservations()).map((r) => r.status)).toEqual(['pending', 'pending']);
  });

  it('a filled honeypot answers as usual and stores nothing', async () => {
    const { performanceId } = await showWithCapacity(ctx, auth, 4);
    const sent = ctx.mailer.sent.length;
    const res = await post('/api/reservations', booking(performanceId, 2, { website: 'http://spam.example' }));
    expect(res.statusCode).toBe(201);
    expect(await reservations()).toEqual([]);
    expect(ctx.mailer.sent.length).toBe(sent);
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
