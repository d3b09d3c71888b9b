import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminToken } from '../../test/admin-token.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

/**
 * The fast path's condition (issue 37, docs/decisions/009-fast-path.md): for every cached route,
 * every encoding, GET and HEAD, revalidation, ignored query strings, with Authorization and with a
 * cookie, the server with the fast path answers exactly what the same app without it answers: status,
 * headers (but those named below) and body bytes. One app, two listeners over real sockets: its own
 * server (the fast path, then Fastify) and a bare `node:http` server handing every request to Fastify's
 * router (`app.routing`): the switch. One app, so both read the same cache entries (two renders of a
 * page differ: TanStack Query dates its state).
 */

/** Headers that differ between any two answers, whichever path: the time they were sent. */
const PER_ANSWER_HEADERS = new Set(['date']);

const webSrc = fileURLToPath(new URL('../../../../web/', import.meta.url));
let ctx: TestContext;
let webRoot: string;
let bare: http.Server;
let fastBase: string;
let bareBase: string;
let token: string;

const baseOf = (server: http.Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** One request on its own connection, the body's bytes as sent (no decompression). */
function ask(base: string, method: string, url: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}${url}`, { method, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

const comparable = (answer: Answer) => ({
  status: answer.status,
  headers: Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !PER_ANSWER_HEADERS.has(name)).sort(([a], [b]) => a.localeCompare(b))),
  body: answer.body.toString('base64'),
});

const ROUTES = [
  '/api/site',
  '/api/site-content',
  '/api/card-config',
  '/api/legal',
  '/api/shows?published=true',
  '/api/shows/slug/madame-bovary',
  '/api/gallery?published=true',
  '/api/origins/categories',
  '/api/partners?published=true',
  '/api/members?published=true',
  '/agenda.ics',
  '/',
  '/shows',
  '/show/madame-bovary',
  '/team',
  '/origines',
  '/partenaires',
  '/mentions-legales',
  '/api/health',
];
const ENCODINGS: (string | undefined)[] = ['br', 'gzip', 'identity', 'gzip, deflate, br', undefined];

beforeAll(async () => {
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'bande-web-'));
  fs.copyFileSync(path.join(webSrc, 'index.html'), path.join(webRoot, 'index.html'));
  const web = { webRoot, ssrEntry: path.join(webSrc, 'src/entry-server.tsx') };
  ctx = await createTestApp({}, web);
  token = await createAdminToken(ctx);
  const auth = { authorization: `Bearer ${token}` };
  const show = await ctx.app.inject({ method: 'POST', url: '/api/shows', headers: auth, payload: { name: 'Madame Bovary', type: 'Grand format', year: '2026', pitch: 'Emma rêve. '.repeat(60), note: 'N', published: true } });
  expect(show.statusCode, show.body).toBe(201);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  fastBase = baseOf(ctx.app.server);
  bare = http.createServer((request, response) => ctx.app.routing(request, response));
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  bareBase = baseOf(bare);
}, 60_000);

afterAll(async () => {
  await new Promise((resolve) => bare?.close(resolve));
  await ctx?.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

/** The same request to both servers, twice to the fast one (the first teaches it, the second is its own answer). */
async function compare(method: string, url: string, headers: Record<string, string>) {
  const full = await ask(bareBase, method, url, headers);
  await ask(fastBase, method, url, headers);
  const fast = await ask(fastBase, method, url, headers);
  expect(comparable(fast), `${method} ${url} ${JSON.stringify(headers)}`).toEqual(comparable(full));
  return full;
}

describe('the fast path answers what the full path answers', () => {
  it.each(ROUTES)('%s: GET and HEAD, every encoding, revalidated or not, with an ignored query', async (url) => {
    const before = ctx.app.fastPath.counts().hits;
    for (const method of ['GET', 'HEAD']) {
      for (const encoding of ENCODINGS) {
        const headers: Record<string, string> = encoding === undefined ? {} : { 'accept-encoding': encoding };
        const first = await compare(method, url, headers);
        expect(first.status).toBe(200);
        const etag = String(first.headers.etag);
        expect((await compare(method, url, { ...headers, 'if-none-match': etag })).status).toBe(304);
        await compare(method, url, { ...headers, 'if-none-match': 'W/"autre"' });
        await compare(method, `${url}${url.includes('?') ? '&' : '?'}utm_source=lettre`, headers);
      }
    }
    // The fast path did answer (else the comparison would compare Fastify with itself).
    expect(ctx.app.fastPath.counts().hits).toBeGreaterThan(before);
  }, 60_000);

  it.each(ROUTES)('%s: with Authorization and with cookies', async (url) => {
    // With a token a page is rendered for each request (its state dated to the millisecond): never by the fast path.
    const before = ctx.app.fastPath.counts().hits;
    const full = await ask(bareBase, 'GET', url, { authorization: `Bearer ${token}` });
    const fast = await ask(fastBase, 'GET', url, { authorization: `Bearer ${token}` });
    expect(ctx.app.fastPath.counts().hits).toBe(before);
    const undated = (answer: Answer) => ({ ...comparable(answer), headers: { ...comparable(answer).headers, etag: undefined, 'content-length': undefined }, body: answer.body.toString().replace(/"\w+At":\d{13}/g, '') });
    expect(undated(fast)).toEqual(undated(full));
    await compare('GET', url, { cookie: 'maintenance-access=true', 'accept-encoding': 'gzip' });
    await compare('GET', url, { cookie: 'theme=dark' });
  }, 60_000);

  it('answers what the full path answers after a change (the new content, at once on this server)', async () => {
    await compare('GET', '/api/shows?published=true', { 'accept-encoding': 'br' });
    const auth = { authorization: `Bearer ${token}` };
    const created = await ctx.app.inject({ method: 'POST', url: '/api/shows', headers: auth, payload: { name: 'Bel-Ami', type: 'Grand format', year: '2026', pitch: 'G.', note: 'N', published: true } });
    expect(created.statusCode, created.body).toBe(201);
    const after = await compare('GET', '/api/shows?published=true', {});
    expect(after.body.toString()).toContain('Bel-Ami');
  });
});
