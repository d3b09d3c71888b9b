import { reservationsCsv } from './staff.service.ts';
import { describe, expect, it } from 'vitest';
import { adminTestAppForThisFile, type AdminTestApp } from '../../test/admin-token.ts';
import { booking, showWithCapacity, tokenIn } from './test-helpers.ts';

let ctx: AdminTestApp['ctx'];
let auth: AdminTestApp['auth'];
adminTestAppForThisFile((app) => ({ ctx, auth } = app), { emptyBeforeEach: ['reservations', 'performances', 'shows', 'rateLimitBuckets', 'auditLog'] });

let ip = 0;
const post = (url: string, payload: unknown) => ctx.app.inject({ method: 'POST', url, payload: payload as object, remoteAddress: `10.5.0.${++ip % 250}` });
const staff = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => ctx.app.inject({ method, url, headers: auth, ...(payload ? { payload: payload as object } : {}) });

async function confirmed(performanceId: number, seats: number, extra: Record<string, unknown> = {}) {
  const body = booking(performanceId, seats, extra);
  await post('/api/reservations', body);
  await post('/api/reservations/confirm', { token: tokenIn(ctx.mailer.last()!.text, 'confirmation') });
  return body;
}

describe('staff reservations', () => {
  it('lists performances with their counts (seats; waiting in parties) and the people of one', async () => {
    const { show, performanceId } = await showWithCapacity(ctx, auth, 10);
    await confirmed(performanceId, 3, { lastName: 'Dupont' });
    await post('/api/reservations', booking(performanceId, 2));
    await showWithCapacity(ctx, auth, 5, { capacity: null });
    const list = await staff('GET', '/api/reservations/performances');
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.json().data).toEqual([
      { performanceId, showId: show.id, showName: show.performances && expect.any(String), showSlug: show.slug, date: '2026-04-10T18:30:00.000Z', venueName: 'Médiathèque', address: '2 rue des Halles, 37000 Tours', capacity: 10, confirmed: 3, pending: 2, offered: 0, waiting: 0, checkedIn: 0, walkIns: 0, noShows: 0, beyondCapacity: false },
    ]);
    const people = (await staff('GET', `/api/reservations?performanceId=${performanceId}`)).json().data;
    expect(people).toHaveLength(2);
    expect(people[0]).toMatchObject({ lastName: 'Dupont', seats: 3, status: 'confirmed', checkedInAt: null, checkedInSeats: null, phone: null, source: 'public', beyondCapacity: false });
    expect(Object.keys(people[0]).sort()).toEqual(['beyondCapacity', 'checkedInAt', 'checkedInSeats', 'createdAt', 'email', 'firstName', 'id', 'lastName', 'performanceId', 'phone', 'seats', 'source', 'status']);
    expect((await staff('GET', '/api/reservations?performanceId=999999')).statusCode).toBe(404);
    expect((await staff('GET', '/api/reservations?performanceId=abc')).statusCode).toBe(400);
  });

  it('lists past performances (started over 12 h ago, within 60 days) apart, latest first, with their counts; the current list keeps the door’s evening', async () => {
    // The clock reads 2026-03-03T19:30Z.
    const { performanceId: tonight } = await showWithCapacity(ctx, auth, 10, { date: '2026-03-03T12:00:00Z' });
    const { performanceId: yesterday } = await showWithCapacity(ctx, auth, 10, { date: '2026-03-02T19:00:00Z' });
    const { performanceId: lastMonth } = await showWithCapacity(ctx, auth, 10, { date: '2026-02-01T19:00:00Z' });
    await showWithCapacity(ctx, auth, 10, { date: '2025-12-01T19:00:00Z' });
    const { performanceId: coming } = await showWithCapacity(ctx, auth, 10);
    const ids = async (url: string) => ((await staff('GET', url)).json().data as { performanceId: number }[]).map((p) => p.performanceId);
    expect(await ids('/api/reservations/performances')).toEqual([tonight, coming]);
    expect(await ids('/api/reservations/past-performances')).toEqual([yesterday, lastMonth]);
    const past = await staff('GET', '/api/reservations/past-performances');
    expect(past.headers['cache-control']).toBe('no-store');
    expect(past.json().data[0]).toMatchObject({ performanceId: yesterday, capacity: 10, confirmed: 0, noShows: 0 });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/reservations/past-performances' })).statusCode).toBe(401);
  });

  it('exports the CSV in the French-spreadsheet format, formulas neutralised', async () => {
    const { performanceId } = await showWithCapacity(ctx, auth, 10);
    await confirmed(performanceId, 2, { lastName: '=HYPERLINK("x")', phone: '06 12 34 56 78' });
    const res = await staff('GET', `/api/reservations.csv?performanceId=${performanceId}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain('attachment');
    expect(res.body.startsWith('\uFEFFNom;Prénom;Adresse email;Téléphone;Places;Statut;Réservée le;Entrée pointée;Places arrivées;Places non venues;Remarque\r\n')).toBe(true);
    expect(res.body).toContain(`"'=HYPERLINK(""x"")";Camille;`);
    // Before the performance: nobody is a no-show yet, the column stays empty.
    expect(res.body).toContain(';06 12 34 56 78;2;Confirmée;03/03/2026 20:30;;0;;\r\n');
    expect(res.body).toContain('\r\nTotal;;;;2;Places confirmées;;;0;;\r\n');
    // Once it has started (door-arrivals.test.ts checks the route then), the seats not checked in are no-shows.
    const [, row] = reservationsCsv((await staff('GET', `/api/reservations?performanceId=${performanceId}`)).json().data, { started: true }).split('\r\n');
    expect(row).toContain(';06 12 34 56 78;2;Confirmée;03/03/2026 20:30;;0;2;');
  });

  it('takes a phone booking confirmed at once, never past the capacity (409 French), and logs it', async () => {
    const { performanceId } = await showWithCapacity(ctx, auth, 4);
    await confirmed(performanceId, 2);
    const res = await staff('POST', `/api/performances/${performanceId}/reservations`, { firstName: 'Jeanne', lastName: 'Moreau', phone: '0102030405', seats: 2 });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ status: 'confirmed', email: null, phone: '0102030405', seats: 2 });
    const over = await staff('POST', `/api/performances/${performanceId}/reservations`, { firstName: 'Paul', lastName: 'Morin', seats: 1 });
    expect(over.statusCode).toBe(409);
    expect(over.json().error).toBe('Impossible : il ne reste que 0 place pour cette représentation.');
    const bad = await staff('POST', `/api/performances/${performanceId}/reservations`, { firstName: '', lastName: 'X', seats: 1 });
    expect(bad.statusCode).toBe(400);
    await ctx.app.auditLogSettled();
    const log = await ctx.db.selectFrom('auditLog').select(['action', 'entity', 'entityId']).execute();
    expect(log).toContainEqual({ action: 'create', entity: 'reservations', entityId: String(performanceId) });
  });

  it('checks in idempotently (the door replays), unchecks, refuses a cancelled one', async () => {
    const { performanceId } = await showWithCapacity(ctx, auth, 10);
    await confirmed(performanceId, 2);
    const [row] = (await staff('GET', `/api/reservations?performanceId=${performanceId}`)).json().data;
    const first = await staff('PUT', `/api/reservations/${row.id}`, { checkedIn: true });
    expect(first.statusCode).toBe(200);
    const at = first.json().data.checkedInAt;
    expect(at).toBe('2026-03-03T19:30:00.000Z');
    ctx.clock.advance(60_000);
    expect((await staff('PUT', `/api/reservations/${row.id}`, { checkedIn: true })).json().data.checkedInAt).toBe(at);
    expect((await staff('GET', '/api/reservations/performances')).json().data[0].checkedIn).toBe(2);
    expect((await staff('PUT', `/api/reservations/${row.id}`, { checkedIn: false })).json().data.checkedInAt).toBeNull();
    expect((await staff('PUT', `/api/reservations/${row.id}`, { checkedIn: 'oui' })).statusCode).toBe(400);
    expect((await staff('PUT', '/api/reservations/999999', { checkedIn: true })).json()).toEqual({ error: 'Réservation introuvable' });
    await staff('POST', `/api/reservations/${row.id}/cancel`);
    expect((await staff('PUT', `/api/reservations/${row.id}`, { checkedIn: true })).statusCode).toBe(409);
    ctx.clock.set(new Date('2026-03-03T19:30:00.000Z'));
  });

  it('cancel and delete give the seats to the waiting list; both are logged', async () => {
    const { performanceId } = await showWithCapacity(ctx, auth, 2);
    await confirmed(performanceId, 2);
    const waiter = booking(performanceId, 2, { waitingList: true });
    const second = booking(performanceId, 2, { waitingList: true });
    await post('/api/reservations', waiter);
    await post('/api/reservations', second);
    const [holder] = (await staff('GET', `/api/reservations?performanceId=${performanceId}`)).json().data;
    const cancelled = await staff('POST', `/api/reservations/${holder.id}/cancel`);
    expect(cancelled.json().data.status).toBe('cancelled');
    let rows = (await staff('GET', `/api/reservations?performanceId=${performanceId}`)).json().data;
    expect(rows.map((r: { status: string }) => r.status)).toEqual(['cancelled', 'offered', 'waiting']);
    expect(ctx.mailer.sent.filter((m) => m.to === waiter.email).at(-1)!.subject).toBe('Des places se sont libérées pour vous');
    expect((await staff('DELETE', `/api/reservations/${rows[1].id}`)).statusCode).toBe(204);
    rows = (await staff('GET', `/api/reservations?performanceId=${performanceId}`)).json().data;
    expect(rows.map((r: { status: string }) => r.status)).toEqual(['cancelled', 'offered']);
    expect((await staff('DELETE', `/api/reservations/${rows[1].id + 1000}`)).statusCode).toBe(404);
    await ctx.app.auditLogSettled();
    const log = await ctx.db.selectFrom('auditLog').select(['action', 'entity']).execute();
    expect(log).toEqual(expect.arrayContaining([{ action: 'cancel', entity: 'reservations' }, { action: 'delete', entity: 'reservations' }]));
  });
});
