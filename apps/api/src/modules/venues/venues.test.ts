import { describe, expect, it } from 'vitest';
import { adminTestAppForThisFile, createAdminToken } from '../../test/admin-token.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

let ctx: TestContext;
let token: string;
adminTestAppForThisFile((app) => ({ ctx, token } = app));

const auth = () => ({ authorization: `Bearer ${token}` });

async function createVenue(name: string, address = '1 rue de la Paix, Paris') {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/venues', headers: auth(), payload: { name, address } });
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: number; name: string; address: string };
}

describe('venues', () => {
  it('lists venues without a token as a plain array sorted by name in French order, cached briefly', async () => {
    await createVenue('Zèbre');
    await createVenue('Éden', '2 place du Marché, Lyon');
    await createVenue('Atelier');
    await createVenue('Eau vive');
    const res = await ctx.app.inject({ method: 'GET', url: '/api/venues' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const body = res.json();
    expect(Array.isArray(body)).toBe(true);
    expect(body.map((v: { name: string }) => v.name)).toEqual(['Atelier', 'Eau vive', 'Éden', 'Zèbre']);
    expect(Object.keys(body[0]).sort()).toEqual(['address', 'defaultCapacity', 'id', 'name']);
  });

  it('reads one venue without a token as { data }', async () => {
    const venue = await createVenue('La Cave', '3 rue Basse');
    const res = await ctx.app.inject({ method: 'GET', url: `/api/venues/${venue.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { id: venue.id, name: 'La Cave', address: '3 rue Basse', defaultCapacity: null } });
  });

  it('answers 404 in French for an unknown venue and 400 for an id that is not a number', async () => {
    const missing = await ctx.app.inject({ method: 'GET', url: '/api/venues/999999' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Lieu introuvable' });
    for (const id of ['abc', '1.5', '-3', '99999999999']) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/venues/${id}` });
      expect(res.statusCode, id).toBe(400);
    }
    const put = await ctx.app.inject({ method: 'PUT', url: '/api/venues/999999', headers: auth(), payload: { name: 'X', address: 'Y' } });
    expect(put.statusCode).toBe(404);
    const del = await ctx.app.inject({ method: 'DELETE', url: '/api/venues/999999', headers: auth() });
    expect(del.statusCode).toBe(404);
  });

  it('creates, updates and deletes only with an admin token, answering no-store', async () => {
    const anonymous = await ctx.app.inject({ method: 'POST', url: '/api/venues', payload: { name: 'Intrus', address: 'Nulle part' } });
    expect(anonymous.statusCode).toBe(401);
    const venue = await createVenue('Salle des fêtes', '  4 avenue Jean Jaurès  ');
    expect(venue.address).toBe('4 avenue Jean Jaurès');

    expect((await ctx.app.inject({ method: 'PUT', url: `/api/venues/${venue.id}`, payload: { name: 'A', address: 'B' } })).statusCode).toBe(401);
    const put = await ctx.app.inject({ method: 'PUT', url: `/api/venues/${venue.id}`, headers: auth(), payload: { name: 'Salle polyvalente', address: '5 avenue Jean Jaurès' } });
    expect(put.statusCode).toBe(200);
    expect(put.headers['cache-control']).toBe('no-store');
    expect(put.json().data).toEqual({ id: venue.id, name: 'Salle polyvalente', address: '5 avenue Jean Jaurès', defaultCapacity: null });

    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/venues/${venue.id}` })).statusCode).toBe(401);
    const del = await ctx.app.inject({ method: 'DELETE', url: `/api/venues/${venue.id}`, headers: auth() });
    expect(del.statusCode).toBe(204);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/venues/${venue.id}` })).statusCode).toBe(404);
  });

  it('leaves shows untouched when a venue is renamed or deleted (performances keep their own copy)', async () => {
    const venue = await createVenue('Théâtre du Port', '7 quai des Brumes');
    const show = await ctx.app.inject({
      method: 'POST',
      url: '/api/shows',
      headers: auth(),
      payload: {
        name: 'Le Port',
        type: 'Pépite',
        year: '2026',
        pitch: 'Un pitch',
        note: 'Une note',
        performances: [{ date: '2026-10-10T18:00:00.000Z', address: venue.address, venueName: venue.name }],
      },
    });
    expect(show.statusCode).toBe(201);
    const before = show.json().data;
    await ctx.app.inject({ method: 'PUT', url: `/api/venues/${venue.id}`, headers: auth(), payload: { name: 'Autre nom', address: 'Autre adresse' } });
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/venues/${venue.id}`, headers: auth() })).statusCode).toBe(204);
    const after = await ctx.app.inject({ method: 'GET', url: `/api/shows/${before.id}`, headers: auth() });
    expect(after.json().data).toEqual(before);
    expect(after.json().data.performances[0]).toMatchObject({ venueName: 'Théâtre du Port', address: '7 quai des Brumes' });
  });

  it('requires a name and an address', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/venues', headers: auth(), payload: { name: '  ', address: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Ce champ est obligatoire');
  });

  it('refuses hostile bodies with a 4xx and leaves the venues unchanged', async () => {
    const venue = await createVenue('Témoin', '6 rue Fixe');
    const before = (await ctx.app.inject({ method: 'GET', url: '/api/venues' })).json();
    const url = `/api/venues/${venue.id}`;
    const json = { ...auth(), 'content-type': 'application/json' };
    const attempts = [
      { method: 'PUT' as const, url, headers: json, payload: '{"name": "Cassé",' },
      { method: 'PUT' as const, url, headers: json, payload: '[{"name":"A","address":"B"}]' },
      { method: 'PUT' as const, url, headers: auth(), payload: { name: 42, address: 'B' } },
      { method: 'PUT' as const, url, headers: auth(), payload: { name: 'A\u0000', address: 'B' } },
      { method: 'PUT' as const, url, headers: auth(), payload: { name: 'x'.repeat(201), address: 'B' } },
      { method: 'POST' as const, url: '/api/venues', headers: auth(), payload: { name: 'A', address: 'x'.repeat(1024 * 1024 + 10) } },
      { method: 'POST' as const, url: '/api/venues', headers: { ...auth(), 'content-type': 'text/plain' }, payload: 'name=A' },
    ];
    for (const attempt of attempts) {
      const res = await ctx.app.inject(attempt);
      expect(res.statusCode, JSON.stringify(attempt.payload).slice(0, 60)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(typeof res.json().error).toBe('string');
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/venues' })).json()).toEqual(before);
  });
});

describe('caching of public reads asked by the backoffice', () => {
  it('is public for visitors and no-store with a token', async () => {
    const ctx = await createTestApp();
    try {
      const token = await createAdminToken(ctx);
      const visitor = await ctx.app.inject({ method: 'GET', url: '/api/venues' });
      expect(visitor.headers['cache-control']).toBe('public, max-age=60');
      const admin = await ctx.app.inject({ method: 'GET', url: '/api/venues', headers: { authorization: `Bearer ${token}` } });
      expect(admin.headers['cache-control']).toBe('no-store');
      const config = await ctx.app.inject({ method: 'GET', url: '/api/card-config', headers: { authorization: `Bearer ${token}` } });
      expect(config.headers['cache-control']).toBe('no-store');
    } finally {
      await ctx.close();
    }
  });
});
