import { beforeAll, describe, expect, it } from 'vitest';
import { adminTestAppForThisFile, type AdminTestApp } from '../../test/admin-token.ts';
import { booking, showWithCapacity, tokenIn } from './test-helpers.ts';

let ctx: AdminTestApp['ctx'];
let auth: AdminTestApp['auth'];
adminTestAppForThisFile((app) => ({ ctx, auth } = app), { emptyBeforeEach: ['reservations', 'performances', 'shows', 'venues', 'rateLimitBuckets'] });

const showBody = (performances: unknown[]) => ({ name: 'Les Fables', type: 'Lecture de poche', year: '2026', pitch: 'P', note: 'N', published: true, performances });
const perf = (extra: Record<string, unknown> = {}) => ({ date: '2026-04-10T20:30:00+02:00', address: '2 rue des Halles, Tours', venueName: 'Médiathèque', ...extra });

async function saveShow(id: number | undefined, performances: unknown[]) {
  return ctx.app.inject({ method: id ? 'PUT' : 'POST', url: id ? `/api/shows/${id}` : '/api/shows', headers: auth, payload: showBody(performances) });
}

describe('capacity of performances and venues', () => {
  beforeAll(() => undefined);

  it('stores a venue default capacity, refuses a wrong one in French', async () => {
    const ok = await ctx.app.inject({ method: 'POST', url: '/api/venues', headers: auth, payload: { name: 'Médiathèque', address: '2 rue des Halles', defaultCapacity: 40 } });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data.defaultCapacity).toBe(40);
    for (const bad of [0, 10_001, 2.5, 'quarante']) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/venues', headers: auth, payload: { name: 'X', address: 'Y', defaultCapacity: bad } });
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().issues[0].message).toBe('La capacité doit être un nombre entier entre 1 et 10000');
    }
  });

  it('gives a new performance its venue default unless it says otherwise or has a booking link', async () => {
    await ctx.app.inject({ method: 'POST', url: '/api/venues', headers: auth, payload: { name: 'Médiathèque', address: '2 rue des Halles', defaultCapacity: 40 } });
    const res = await saveShow(undefined, [perf(), perf({ venueName: 'médiathèque ', date: '2026-04-11T20:30' }), perf({ capacity: null, date: '2026-04-12T20:30' }), perf({ capacity: 12, date: '2026-04-13T20:30' }), perf({ bookingLink: 'https://billets.example/x', date: '2026-04-14T20:30' }), perf({ venueName: 'Ailleurs', date: '2026-04-15T20:30' })]);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.performances.map((p: { capacity: number | null }) => p.capacity)).toEqual([40, 40, null, 12, null, null]);
  });

  it('refuses a capacity with a booking link, or out of bounds, in French (400, nothing saved)', async () => {
    const both = await saveShow(undefined, [perf({ capacity: 30, bookingLink: 'https://billets.example/x' })]);
    expect(both.statusCode).toBe(400);
    expect(JSON.stringify(both.json())).toContain('à la fois une capacité');
    const big = await saveShow(undefined, [perf({ capacity: 10_001 })]);
    expect(big.statusCode).toBe(400);
    expect((await ctx.db.selectFrom('shows').select('id').execute()).length).toBe(0);
  });

  it('keeps performance ids when a show is saved with them; absent capacity keeps the current one', async () => {
    const created = (await saveShow(undefined, [perf({ capacity: 30 }), perf({ date: '2026-05-01T20:30', capacity: 10 })])).json().data;
    const [a, b] = created.performances;
    const updated = await saveShow(created.id, [{ ...perf({ id: a.id, address: 'Nouvelle adresse' }) }, perf({ date: '2026-06-01T20:30', capacity: 5 })]);
    expect(updated.statusCode).toBe(200);
    const after = updated.json().data.performances;
    expect(after[0]).toMatchObject({ id: a.id, address: 'Nouvelle adresse', capacity: 30 });
    expect(after[1].id).not.toBe(b.id);
    expect(await ctx.db.selectFrom('performances').select('id').where('id', '=', b.id).executeTakeFirst()).toBeUndefined();
  });

  it('refuses (409, French, nothing changed) deleting a performance with live reservations, lowering capacity under held seats, deleting the show', async () => {
    const { show, performanceId } = await showWithCapacity(ctx, auth, 5);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/reservations', payload: booking(performanceId, 3) });
    expect(res.statusCode).toBe(201);
    const base = { date: show.performances[0]!.date, address: '2 rue des Halles, 37000 Tours', venueName: 'Médiathèque' };

    const removed = await ctx.app.inject({ method: 'PUT', url: `/api/shows/${show.id}`, headers: auth, payload: { ...showBody([]), name: 'Autre' } });
    expect(removed.statusCode).toBe(409);
    expect(removed.json().error).toContain('réservations en cours');
    const lowered = await ctx.app.inject({ method: 'PUT', url: `/api/shows/${show.id}`, headers: auth, payload: showBody([{ ...base, id: performanceId, capacity: 2 }]) });
    expect(lowered.statusCode).toBe(409);
    expect(lowered.json().error).toContain('ne peut pas descendre sous les 3 places');
    const deleted = await ctx.app.inject({ method: 'DELETE', url: `/api/shows/${show.id}`, headers: auth });
    expect(deleted.statusCode).toBe(409);
    const row = await ctx.db.selectFrom('performances').selectAll().where('id', '=', performanceId).executeTakeFirstOrThrow();
    expect(row.capacity).toBe(5);
    expect((await ctx.db.selectFrom('shows').select('name').where('id', '=', show.id).executeTakeFirstOrThrow()).name).not.toBe('Autre');

    // Exactly the held seats is allowed; once cancelled, the performance may go.
    expect((await ctx.app.inject({ method: 'PUT', url: `/api/shows/${show.id}`, headers: auth, payload: showBody([{ ...base, id: performanceId, capacity: 3 }]) })).statusCode).toBe(200);
    const token = tokenIn(ctx.mailer.last()!.text, 'confirmation');
    expect((await ctx.app.inject({ method: 'POST', url: '/api/reservations/cancel', payload: { token } })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'PUT', url: `/api/shows/${show.id}`, headers: auth, payload: showBody([]) })).statusCode).toBe(200);
  });

  it('restores a show from its history with the same performance ids and capacities', async () => {
    const created = (await saveShow(undefined, [perf({ capacity: 30 })])).json().data;
    const id = created.performances[0].id;
    await saveShow(created.id, [perf({ id, capacity: 50, address: 'Changée' })]);
    const revisions = (await ctx.app.inject({ method: 'GET', url: `/api/revisions?entity=show&entityId=${created.id}`, headers: auth })).json().data;
    const first = revisions.at(-1);
    const restored = await ctx.app.inject({ method: 'POST', url: `/api/revisions/${first.id}/restore`, headers: auth });
    expect(restored.statusCode).toBe(200);
    const show = (await ctx.app.inject({ method: 'GET', url: `/api/shows/${created.id}`, headers: auth })).json().data;
    expect(show.performances).toMatchObject([{ id, capacity: 30, address: '2 rue des Halles, Tours' }]);
  });
});
