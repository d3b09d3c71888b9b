import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { texts } from '@bande/shared';
import { buildApp } from './app.ts';
import type { App } from './deps.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
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
let webRoot: string;
const webSrc = fileURLToPath(new URL('../../web/', import.meta.url));
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
  // The server-rendered pages too (the real renderer, as in ssr/web-pages.test.ts): they read paths and query strings.
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'bande-web-'));
  fs.copyFileSync(path.join(webSrc, 'index.html'), path.join(webRoot, 'index.html'));
  app = await buildApp(
    { ...ctx, storage: createDiskStorage(path.join(ctx.dataDir, 'uploads')), webRoot, ssrEntry: path.join(webSrc, 'src/entry-server.tsx') },
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
  fs.rmSync(webRoot, { recursive: true, force: true });
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

/**
 * PostgreSQL refuses a NUL character in text (a 500 there before plugins/input-guard.ts) and Node reads
 * invalid UTF-8 as U+FFFD: both must be a French 400 on SQLite and PostgreSQL alike, never a 500.
 */
describe('NUL characters and invalid UTF-8', () => {
  const NUL = ['%00', '%00abc', 'a%00b'];
  const BAD_UTF8 = ['%C3%28', '%FF', 'a%E9b'];

  it.each([
    ...NUL.map((s) => [`/api/shows/slug/${s}`, texts.api.nulCharacter]),
    ...BAD_UTF8.map((s) => [`/api/shows/slug/${s}`, texts.api.badUrl]),
    ...NUL.map((s) => [`/api/shows?published=${s}`, texts.api.nulCharacter]),
    ...BAD_UTF8.map((s) => [`/api/venues?q=${s}`, texts.api.badUrl]),
    ['/api/health?utm_source=%00', texts.api.nulCharacter],
    ['/api/nope/%00', texts.api.nulCharacter],
    // Server-rendered pages.
    ['/show/%00abc', texts.api.nulCharacter],
    ['/show/%C3%28', texts.api.badUrl],
    ['/?q=%FF', texts.api.badUrl],
    ['/?q=%00', texts.api.nulCharacter],
    ['/preview-card?x=%00', texts.api.nulCharacter],
    ['/spectacles?page=%C3%28', texts.api.badUrl],
  ])('GET %s answers 400 with a French message', async (url, message) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ error: message });
  });

  it('keeps an escaped %00 (the three characters, not a NUL) and valid UTF-8 working', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/shows/slug/madame-bovary' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/shows/slug/%2500' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/venues?q=th%C3%A9%C3%A2tre' })).statusCode).toBe(200);
  });

  it('refuses a NUL in a JSON body that is otherwise valid with a French 400, and stores nothing', async () => {
    const before = await snapshot();
    const contact = { email: 'visiteuse@example.org', requestType: 'Spectacle sur mesure', message: 'Bonjour,\u0000 une lecture ?', phone: '06 12 34 56 78' };
    const show = { name: 'Zadig', type: 'Grand format', year: '2025', pitch: 'P', note: 'N', performances: [{ date: '2026-03-20T20:30:00+01:00', address: '8 rue du Th\u0000éâtre', venueName: 'Olympia', bookingLink: '' }] };
    for (const [url, body, headers] of [
      ['/api/contact/send', contact, {}],
      ['/api/newsletter/subscribe', { email: 'a\u0000@example.org' }, {}],
      ['/api/shows', show, { authorization: `Bearer ${token}` }],
      ['/api/partners', { title: 'Ville', description: 'Soutien', link: 'https://example.org/a\u0000b' }, { authorization: `Bearer ${token}` }],
    ] as const) {
      const res = await app.inject({ method: 'POST', url, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(body), remoteAddress: '192.0.2.77' });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      expect(res.json().error).toMatch(/^[A-Z][a-zà-ü' ,]+/);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a NUL that a route schema lets through, before the handler stores it (SQLite would keep it, PostgreSQL fail)', async () => {
    // A route without a NUL check in its schema, as a new one might be written: the guard is the safety net.
    const bare = Fastify();
    registerErrorHandler(bare);
    registerInputGuard(bare);
    bare.post('/probe', async (request) => {
      const { text } = request.body as { text: string };
      await sql`SELECT CAST(${text} AS TEXT)`.execute(ctx.db);
      return { stored: true };
    });
    const res = await bare.inject({ method: 'POST', url: '/probe', payload: { nested: [{ ok: 'x' }], text: 'a\u0000b' } });
    await bare.close();
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ error: texts.api.nulCharacter, issues: [{ path: 'text', message: texts.api.nulCharacter }] });
  });

  it('refuses a JSON body that is not valid UTF-8 instead of storing U+FFFD, and stores nothing', async () => {
    const before = await snapshot();
    for (const bytes of [[0xff], [0xc3, 0x28], [0xed, 0xa0, 0x80]]) {
      const payload = Buffer.concat([Buffer.from('{"email":"caf'), Buffer.from(bytes), Buffer.from('@example.org"}')]);
      const res = await app.inject({ method: 'POST', url: '/api/newsletter/subscribe', headers: { 'content-type': 'application/json; charset=utf-8' }, payload, remoteAddress: '192.0.2.78' });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ error: texts.api.invalidUtf8 });
    }
    expect(await snapshot()).toEqual(before);
  });

  it(`turns PostgreSQL's refusal of a NUL (22021) into a French 400 should one get past the guard (SQLite stores it: 200)`, async () => {
    const bare = Fastify();
    registerErrorHandler(bare);
    bare.get('/probe', async () => ctx.db.selectFrom('shows').select('id').where('slug', '=', 'a\u0000b').execute());
    const res = await bare.inject({ method: 'GET', url: '/probe' });
    await bare.close();
    if (ctx.dialect === 'postgres') {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ error: texts.api.unacceptedCharacter });
    } else {
      expect(res.statusCode).toBe(200);
    }
  });
});
