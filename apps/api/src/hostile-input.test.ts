import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from './app.ts';
import { createDiskStorage } from './plugins/storage.ts';
import { createAdminToken } from './test/admin-token.ts';
import { createTestApp, type TestContext } from './test/test-app.ts';

/**
 * Every write route of the API, with a valid admin token, receives hostile bodies: none may answer
 * 5xx, every answer is the one French error shape, and nothing stored changes.
 */
interface Route {
  method: string;
  url: string;
  /** Routes without a body schema (publish, unpublish, request-reset) ignore what is sent. */
  hasBody: boolean;
}

const HOSTILE_BODIES: { name: string; payload: string; contentType: string }[] = [
  { name: 'malformed JSON', payload: '{"name": "Madame Bov', contentType: 'application/json' },
  { name: 'an array', payload: '[1, 2, 3]', contentType: 'application/json' },
  { name: 'null', payload: 'null', contentType: 'application/json' },
  { name: 'a bare string', payload: '"bonjour"', contentType: 'application/json' },
  { name: 'wrong types', payload: JSON.stringify({ name: 12, title: [], email: {}, type: true, items: 'x', published: 'oui', date: 5, id: 'abc' }), contentType: 'application/json' },
  { name: 'prototype pollution', payload: '{"__proto__": {"admin": true}, "constructor": {"prototype": {"x": 1}}}', contentType: 'application/json' },
  { name: 'a NUL character', payload: JSON.stringify({ name: 'a\u0000b', title: 'a\u0000b', email: 'a\u0000@b.fr', message: 'x\u0000' }), contentType: 'application/json' },
  { name: 'a 2 MB body', payload: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }), contentType: 'application/json' },
  { name: 'a form body', payload: 'name=x&title=y', contentType: 'application/x-www-form-urlencoded' },
  { name: 'plain text', payload: 'bonjour', contentType: 'text/plain' },
];

let ctx: TestContext;
let app: App;
let token: string;
const routes: Route[] = [];

/** Rows of every content table, to prove that refused requests change nothing. */
async function snapshot() {
  const tables = ['shows', 'performances', 'credits', 'creditMembers', 'members', 'venues', 'partners', 'galleryItems', 'originCategories', 'originEvents', 'cardConfig', 'newsletterSubscriptions', 'contactMessages', 'cardRequests'] as const;
  const counts: Record<string, unknown> = {};
  for (const table of tables) counts[table] = await ctx.db.selectFrom(table).selectAll().execute();
  return counts;
}

beforeAll(async () => {
  ctx = await createTestApp();
  app = await buildApp(
    { ...ctx, storage: createDiskStorage(path.join(ctx.dataDir, 'uploads')) },
    {
      onRoute: (route) => {
        for (const method of [route.method].flat()) {
          if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(method) && route.url.startsWith('/api/')) {
            // The upload reads its multipart body itself, without a schema: it refuses non-multipart bodies.
            // request-reset takes no input (spec: empty body) and ignores whatever JSON comes.
            const hasBody = (Boolean(route.schema?.body) && route.url !== '/api/auth/request-reset') || route.url === '/api/upload';
            routes.push({ method, url: route.url, hasBody });
          }
        }
      },
    },
  );
  await app.ready();
  token = await createAdminToken(ctx);
  // Something to point at: id 1 exists for every resource, so hostile bodies reach validation, not a 404.
  const headers = { authorization: `Bearer ${token}` };
  const member = await app.inject({ method: 'POST', url: '/api/members', headers, payload: { firstName: 'Léa', lastName: 'Martin', role: 'Comédienne' } });
  expect(member.statusCode).toBe(201);
  const show = await app.inject({ method: 'POST', url: '/api/shows', headers, payload: { name: 'Madame Bovary', type: 'Grand format', year: '2025', pitch: 'P', note: 'N' } });
  expect(show.statusCode).toBe(201);
  await app.inject({ method: 'POST', url: '/api/venues', headers, payload: { name: 'Médiathèque', address: '1 rue des Livres, 75001 Paris' } });
  await app.inject({ method: 'POST', url: '/api/partners', headers, payload: { title: 'Ville', description: 'Soutien' } });
  await app.inject({ method: 'POST', url: '/api/origins/admin/categories', headers, payload: { title: 'Débuts' } });
});
afterAll(async () => {
  await app.close();
  await ctx.close();
});

describe('hostile bodies on every write route', () => {
  it('finds the write routes', () => {
    expect(routes.length).toBeGreaterThan(25);
  });

  it('answers each with a French 4xx in the one error shape and changes nothing', async () => {
    const before = await snapshot();
    const failures: string[] = [];
    let n = 0;
    for (const route of routes.filter((r) => r.hasBody)) {
      for (const body of HOSTILE_BODIES) {
        n += 1;
        const res = await app.inject({
          method: route.method as 'POST',
          url: route.url.replace(/:\w+/g, '1'),
          headers: { authorization: `Bearer ${token}`, 'content-type': body.contentType },
          payload: body.payload,
          remoteAddress: `10.1.${Math.floor(n / 250)}.${n % 250}`,
        });
        const json = String(res.headers['content-type'] ?? '').includes('json') ? res.json() : undefined;
        const isErrorShape = typeof json?.error === 'string' && json.error.length > 0;
        if (res.statusCode < 400 || res.statusCode >= 500 || !isErrorShape) {
          failures.push(`${route.method} ${route.url} with ${body.name}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await snapshot()).toEqual(before);
  });

  it('never answers 5xx on body-less actions, whatever is sent', async () => {
    const bodyless = routes.filter((r) => !r.hasBody && r.method !== 'DELETE' && r.url !== '/api/auth/logout');
    expect(bodyless.length).toBeGreaterThan(5);
    for (const route of bodyless) {
      for (const body of HOSTILE_BODIES) {
        const res = await app.inject({
          method: route.method as 'POST',
          url: route.url.replace(/:\w+/g, '1'),
          headers: { authorization: `Bearer ${token}`, 'content-type': body.contentType },
          payload: body.payload,
          remoteAddress: `10.2.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
        });
        expect(res.statusCode, `${route.method} ${route.url} with ${body.name}`).toBeLessThan(500);
      }
    }
  });

  it('answers ids that are not numbers or out of range with a 4xx', async () => {
    for (const route of routes.filter((r) => r.url.includes(':id'))) {
      for (const id of ['abc', '-1', '0', '1.5', '99999999999999999999', '%00']) {
        const res = await app.inject({ method: route.method as 'POST', url: route.url.replace(':id', id), headers: { authorization: `Bearer ${token}` }, payload: {} });
        expect(res.statusCode, `${route.method} ${route.url} with id ${id}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${route.method} ${route.url} with id ${id}`).toBeLessThan(500);
      }
    }
  });
});
