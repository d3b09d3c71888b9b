import { describe, expect, it } from 'vitest';
import { adminTestAppForThisFile, type AdminTestApp } from '../../test/admin-token.ts';
import { showWithCapacity } from './test-helpers.ts';

/*
 * The door's evening (issue 32): tap times, parties arriving in parts, walk-ins, two phones. The test
 * clock reads 2026-03-03T19:30:00Z (20:30 in Paris); the performance starts at 21:00 Paris time that day.
 */
let ctx: AdminTestApp['ctx'];
let auth: AdminTestApp['auth'];
adminTestAppForThisFile((app) => ({ ctx, auth } = app), { emptyBeforeEach: ['reservations', 'performances', 'shows', 'auditLog'] });

const NOW = '2026-03-03T19:30:00.000Z';
const TONIGHT = { date: '2026-03-03T21:00:00+01:00' };
const PHONE_A = 'telephone-a-0001';
const PHONE_B = 'telephone-b-0002';

const staff = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) => ctx.app.inject({ method, url, headers: auth, ...(payload ? { payload: payload as object } : {}) });

async function tonight(capacity: number, parties: number[]) {
  const { performanceId } = await showWithCapacity(ctx, auth, capacity, TONIGHT);
  const ids: number[] = [];
  for (const [index, seats] of parties.entries()) {
    const res = await staff('POST', `/api/performances/${performanceId}/reservations`, { firstName: 'Prénom', lastName: `Groupe ${index + 1}`, seats });
    expect(res.statusCode).toBe(201);
    ids.push(res.json().data.id);
  }
  return { performanceId, ids };
}

const counts = async (performanceId: number) => (await staff('GET', '/api/reservations/performances')).json().data.find((p: { performanceId: number }) => p.performanceId === performanceId);
const rowOf = async (id: number) => (await ctx.db.selectFrom('reservations').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
const walkIn = (performanceId: number, body: Record<string, unknown>) => staff('POST', `/api/performances/${performanceId}/walk-ins`, body);

describe('door: each check-in keeps the moment it was tapped', () => {
  it('stores the tap time, and the first tap wins whatever order the syncs arrive in', async () => {
    ctx.clock.set(new Date(NOW));
    const { ids } = await tonight(20, [2]);
    const id = ids[0]!;
    // Tapped offline at 20:22:58 Paris, synced at 20:30.
    const first = await staff('PUT', `/api/reservations/${id}`, { checkedIn: true, tappedAt: '2026-03-03T20:22:58+01:00', deviceId: PHONE_A });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ data: expect.objectContaining({ checkedInAt: '2026-03-03T19:22:58.000Z', checkedInSeats: 2 }) });
    // The same phone's later replay (the answer was lost) keeps the first moment.
    const replay = await staff('PUT', `/api/reservations/${id}`, { checkedIn: true, tappedAt: '2026-03-03T19:29:00Z', deviceId: PHONE_A });
    expect(replay.json().data.checkedInAt).toBe('2026-03-03T19:22:58.000Z');
    expect(replay.json().otherDevice).toBeUndefined();
    // Another phone that tapped earlier but synced later: its moment is the arrival.
    const earlier = await staff('PUT', `/api/reservations/${id}`, { checkedIn: true, tappedAt: '2026-03-03T19:20:00Z', deviceId: PHONE_B });
    expect(earlier.json().data.checkedInAt).toBe('2026-03-03T19:20:00.000Z');
    // Without a tap time (the tab, an older door), the server's clock.
    const { ids: others } = await tonight(20, [1]);
    expect((await staff('PUT', `/api/reservations/${others[0]}`, { checkedIn: true })).json().data.checkedInAt).toBe(NOW);
  });

  it('refuses a tap time in the future (beyond 2 minutes of clock skew) or before the performance’s day, in French, storing nothing', async () => {
    ctx.clock.set(new Date(NOW));
    const { ids } = await tonight(20, [2, 2]);
    const id = ids[0]!;
    const future = await staff('PUT', `/api/reservations/${id}`, { checkedIn: true, tappedAt: '2026-03-03T19:33:00Z' });
    expect(future.statusCode).toBe(400);
    expect(future.json()).toEqual({ error: 'L’heure du pointage est dans le futur : vérifiez l’heure du téléphone.' });
    // 23:59 Paris the day before.
    const early = await staff('PUT', `/api/reservations/${id}`, { checkedIn: true, tappedAt: '2026-03-02T22:59:59Z' });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual({ error: 'L’heure du pointage est antérieure au jour de la représentation : vérifiez l’heure du téléphone.' });
    const garbage = await staff('PUT', `/api/reservations/${id}`, { checkedIn: true, tappedAt: 'hier soir' });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().error).toBe('L’heure du pointage n’est pas une date valide.');
    expect(await rowOf(id)).toMatchObject({ checkedInAt: null, checkedInSeats: null });
    // Midnight Paris of the day is accepted; a phone a minute ahead is read as now.
    expect((await staff('PUT', `/api/reservations/${id}`, { checkedIn: true, tappedAt: '2026-03-03T00:00:00+01:00' })).json().data.checkedInAt).toBe('2026-03-02T23:00:00.000Z');
    expect((await staff('PUT', `/api/reservations/${ids[1]}`, { checkedIn: true, tappedAt: '2026-03-03T19:31:00Z' })).json().data.checkedInAt).toBe(NOW);
  });
});

describe('door: parties arrive in parts', () => {
  it('checks in 3 of 4, then the fourth; counts seats arrived, booked and no-shows; refuses more than booked', async () => {
    ctx.clock.set(new Date(NOW));
    const { performanceId, ids } = await tonight(20, [4, 2]);
    const [four, two] = ids as [number, number];
    const three = await staff('PUT', `/api/reservations/${four}`, { checkedIn: true, seats: 3, deviceId: PHONE_A });
    expect(three.json().data).toMatchObject({ checkedInSeats: 3, seats: 4 });
    // 20:30, the performance starts at 21:00: those not checked in yet are on their way, not no-shows.
    expect(await counts(performanceId)).toMatchObject({ confirmed: 6, checkedIn: 3, noShows: 0, walkIns: 0, beyondCapacity: false });
    const tooMany = await staff('PUT', `/api/reservations/${four}`, { checkedIn: true, seats: 5, deviceId: PHONE_A });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error).toBe('Le nombre de personnes arrivées doit être compris entre 1 et 4.');
    expect((await staff('PUT', `/api/reservations/${four}`, { checkedIn: true, seats: 0 })).statusCode).toBe(400);
    expect((await rowOf(four)).checkedInSeats).toBe(3);
    ctx.clock.advance(60_000);
    const all = await staff('PUT', `/api/reservations/${four}`, { checkedIn: true, seats: 4, deviceId: PHONE_A });
    // The fourth came later: the party's arrival stays the first tap.
    expect(all.json().data).toMatchObject({ checkedInSeats: 4, checkedInAt: NOW });
    expect(await counts(performanceId)).toMatchObject({ checkedIn: 4, noShows: 0 });
    expect((await staff('GET', `/api/reservations.csv?performanceId=${performanceId}`)).body.split('\r\n')[3]).toBe('Total;;;;6;Places confirmées;;;4;;');
    ctx.clock.set(new Date('2026-03-03T20:00:00.000Z'));
    expect(await counts(performanceId)).toMatchObject({ checkedIn: 4, noShows: 2 });
    // Unchecked: nobody of that party is in.
    expect((await staff('PUT', `/api/reservations/${two}`, { checkedIn: true })).json().data.checkedInSeats).toBe(2);
    expect((await staff('PUT', `/api/reservations/${two}`, { checkedIn: false })).json().data).toMatchObject({ checkedInAt: null, checkedInSeats: null });

    const csv = (await staff('GET', `/api/reservations.csv?performanceId=${performanceId}`)).body.split('\r\n');
    expect(csv[0]).toBe('\uFEFFNom;Prénom;Adresse email;Téléphone;Places;Statut;Réservée le;Entrée pointée;Places arrivées;Places non venues;Remarque');
    expect(csv[1]).toBe('Groupe 1;Prénom;;;4;Confirmée;03/03/2026 20:30;03/03/2026 20:30:00;4;0;');
    expect(csv[2]).toBe('Groupe 2;Prénom;;;2;Confirmée;03/03/2026 20:30;;0;2;');
    expect(csv[3]).toBe('Total;;;;6;Places confirmées;;;4;2;');
  });
});

describe('door: walk-ins', () => {
  it('records people without a booking once per nonce (a replay, even concurrent, records nothing more), checked in at once', async () => {
    ctx.clock.set(new Date(NOW));
    const { performanceId } = await tonight(20, [2]);
    const body = { nonce: 'f5b8a1c0-1d2e-4f3a-9b8c-7d6e5f4a3b2c', name: 'Famille Roux', seats: 3, tappedAt: '2026-03-03T19:25:10Z', deviceId: PHONE_A };
    const created = await walkIn(performanceId, body);
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({ firstName: '', lastName: 'Famille Roux', seats: 3, status: 'confirmed', source: 'door', checkedInAt: '2026-03-03T19:25:10.000Z', checkedInSeats: 3, beyondCapacity: false, email: null });
    const again = await walkIn(performanceId, { ...body, seats: 5 });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(created.json().data);
    const burst = await Promise.all([1, 2, 3].map(() => walkIn(performanceId, { ...body, nonce: 'a0b1c2d3-e4f5-4a6b-8c7d-9e0f1a2b3c4d', name: undefined, seats: 1 })));
    expect(burst.map((r) => r.statusCode).sort()).toEqual([200, 200, 201]);
    expect(await counts(performanceId)).toMatchObject({ confirmed: 2, walkIns: 4, checkedIn: 4, noShows: 0 });
    ctx.clock.set(new Date('2026-03-03T20:00:00.000Z'));
    expect(await counts(performanceId)).toMatchObject({ confirmed: 2, walkIns: 4, checkedIn: 4, noShows: 2 });
    const csv = (await staff('GET', `/api/reservations.csv?performanceId=${performanceId}`)).body;
    expect(csv).toContain('\r\nFamille Roux;;;;3;Sans réservation (entrée);03/03/2026 20:30;03/03/2026 20:25:10;3;0;\r\n');
    expect(csv).toContain('\r\nTotal;;;;2;Places confirmées;;;4;2;\r\n');
    await ctx.app.auditLogSettled();
    const log = await ctx.db.selectFrom('auditLog').select(['action', 'entity']).where('action', '=', 'walk-in').execute();
    expect(log).toEqual([{ action: 'walk-in', entity: 'reservations' }, { action: 'walk-in', entity: 'reservations' }, { action: 'walk-in', entity: 'reservations' }, { action: 'walk-in', entity: 'reservations' }, { action: 'walk-in', entity: 'reservations' }]);
  });

  it('records walk-ins beyond the capacity (the people are in the room) and flags them « au-delà de la jauge »', async () => {
    ctx.clock.set(new Date(NOW));
    const { performanceId } = await tonight(4, [3]);
    const within = await walkIn(performanceId, { nonce: 'dans-la-jauge-0001', seats: 1 });
    expect(within.json().data.beyondCapacity).toBe(false);
    expect((await counts(performanceId)).beyondCapacity).toBe(false);
    const over = await walkIn(performanceId, { nonce: 'hors-jauge-0002', name: 'Retardataires', seats: 2 });
    expect(over.statusCode).toBe(201);
    expect(over.json().data.beyondCapacity).toBe(true);
    expect(await counts(performanceId)).toMatchObject({ confirmed: 3, walkIns: 3, checkedIn: 3, beyondCapacity: true });
    expect((await staff('GET', `/api/reservations.csv?performanceId=${performanceId}`)).body).toContain('\r\nRetardataires;;;;2;Sans réservation (entrée);03/03/2026 20:30;03/03/2026 20:30:00;2;;au-delà de la jauge\r\n');
    // The site sells nothing more: the walk-ins' seats are held.
    const sold = await ctx.db.selectFrom('performances').select('soldOut').where('id', '=', performanceId).executeTakeFirstOrThrow();
    expect(sold.soldOut).toBe(1);
  });

  it('refuses bad walk-ins in French, storing nothing', async () => {
    ctx.clock.set(new Date(NOW));
    const { performanceId } = await tonight(20, []);
    const { performanceId: noCapacity } = await showWithCapacity(ctx, auth, 5, { ...TONIGHT, capacity: null });
    const refusals = [
      [walkIn(performanceId, { nonce: 'x', seats: 1 }), 400, 'Identifiant d’entrée invalide.'],
      [walkIn(performanceId, { nonce: 'valide-0001', seats: 0 }), 400, 'Le nombre de personnes doit être compris entre 1 et 100.'],
      [walkIn(performanceId, { nonce: 'valide-0001', seats: 101 }), 400, 'Le nombre de personnes doit être compris entre 1 et 100.'],
      [walkIn(performanceId, { nonce: 'valide-0001', seats: 1, tappedAt: '2026-03-04T10:00:00Z' }), 400, 'L’heure du pointage est dans le futur : vérifiez l’heure du téléphone.'],
      [walkIn(noCapacity, { nonce: 'valide-0002', seats: 1 }), 409, 'Cette représentation ne prend pas de réservations sur le site : rien n’est compté à l’entrée.'],
      [walkIn(999_999, { nonce: 'valide-0003', seats: 1 }), 404, 'Représentation introuvable'],
    ] as const;
    for (const [request, status, error] of refusals) {
      const res = await request;
      expect(res.statusCode, error).toBe(status);
      expect(res.json().error).toBe(error);
    }
    // A nonce of another performance is not this one's walk-in, also when both arrive at once.
    const { performanceId: other } = await tonight(20, []);
    expect((await walkIn(other, { nonce: 'partagee-0001', seats: 1 })).statusCode).toBe(201);
    expect((await walkIn(performanceId, { nonce: 'partagee-0001', seats: 1 })).statusCode).toBe(400);
    const { performanceId: third } = await tonight(20, []);
    const both = await Promise.all([walkIn(other, { nonce: 'partagee-0002', seats: 1 }), walkIn(third, { nonce: 'partagee-0002', seats: 1 })]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    expect(await ctx.db.selectFrom('reservations').select('id').where('performanceId', '=', performanceId).execute()).toEqual([]);
  });
});

describe('door: two phones at one door', () => {
  it('answers the second phone that the party was already checked in, with the first tap’s moment; the first phone’s replay is not a conflict', async () => {
    ctx.clock.set(new Date(NOW));
    const { ids } = await tonight(20, [4]);
    const id = ids[0]!;
    const a = await staff('PUT', `/api/reservations/${id}`, { checkedIn: true, seats: 2, tappedAt: '2026-03-03T19:02:00Z', deviceId: PHONE_A });
    expect(a.json().otherDevice).toBeUndefined();
    const b = await staff('PUT', `/api/reservations/${id}`, { checkedIn: true, seats: 3, tappedAt: '2026-03-03T19:04:00Z', deviceId: PHONE_B });
    expect(b.statusCode).toBe(200);
    expect(b.json().otherDevice).toEqual({ checkedInAt: '2026-03-03T19:02:00.000Z' });
    // Neither phone saw the other's people leave: the larger count stays, the first tap's moment too.
    expect(b.json().data).toMatchObject({ checkedInAt: '2026-03-03T19:02:00.000Z', checkedInSeats: 3 });
    const replayA = await staff('PUT', `/api/reservations/${id}`, { checkedIn: true, seats: 2, tappedAt: '2026-03-03T19:02:00Z', deviceId: PHONE_A });
    expect(replayA.json().otherDevice).toBeUndefined();
    // A party checked in from the tab (no phone id) is another device for a phone.
    const { ids: tab } = await tonight(20, [1]);
    await staff('PUT', `/api/reservations/${tab[0]}`, { checkedIn: true });
    expect((await staff('PUT', `/api/reservations/${tab[0]}`, { checkedIn: true, deviceId: PHONE_A })).json().otherDevice).toEqual({ checkedInAt: NOW });
    expect((await staff('PUT', `/api/reservations/${id}`, { checkedIn: true, deviceId: 'court' })).statusCode).toBe(400);
  });
});
