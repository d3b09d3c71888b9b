import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminTestApp } from '../../test/admin-token.ts';
import type { TestContext } from '../../test/test-app.ts';

// ETags and short public caching of the public API (app.ts registers @fastify/etag before compress).
let ctx: TestContext;
let token: string;
const auth = () => ({ authorization: `Bearer ${token}` });

beforeAll(async () => {
  ({ ctx, token } = await createAdminTestApp());
  // Enough shows for the list to pass the compression threshold (1 KB).
  for (const name of ['Le Horla', 'Bel-Ami', 'Boule de suif', 'La Parure']) await publishShow(name);
});
afterAll(() => ctx.close());

async function publishShow(name: string) {
  const payload = { name, type: 'Grand format', year: '2025', pitch: 'Un pitch assez long pour peser. '.repeat(4), note: 'Une note.' };
  const { id } = (await ctx.app.inject({ method: 'POST', url: '/api/shows', headers: auth(), payload })).json().data;
  await ctx.app.inject({ method: 'POST', url: `/api/shows/${id}/publish`, headers: auth() });
  return id as number;
}

const list = (headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url: '/api/shows?published=true', headers });

describe('ETags on public API responses', () => {
  it('tags the published list with a weak ETag, short public caching, and answers 304 to a match', async () => {
    const first = await list();
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=60');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);

    const revalidated = await list({ 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    expect(revalidated.headers.etag).toBe(etag);
  });

  it('makes the tag the SHA-1 of the plain body, as @fastify/etag always did: copies kept by browsers still match', async () => {
    const sha1Tag = (body: Buffer) => `W/"${createHash('sha1').update(body).digest('base64')}"`;
    // From the answer cache, and from @fastify/etag's own hook (an answer the cache does not keep).
    const cached = await list();
    expect(cached.headers.etag).toBe(sha1Tag(cached.rawPayload));
    const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.headers.etag).toBe(sha1Tag(health.rawPayload));
  });

  it('gives the compressed and plain forms the same tag, and still compresses', async () => {
    const plain = await list();
    const brotli = await list({ 'accept-encoding': 'br, gzip' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.etag).toBe(plain.headers.etag);
    expect(JSON.parse(zlib.brotliDecompressSync(brotli.rawPayload).toString())).toEqual(plain.json());
    expect((await list({ 'accept-encoding': 'br, gzip', 'if-none-match': plain.headers.etag as string })).statusCode).toBe(304);
  });

  it('changes the tag when the content changes, so the old copy is not revalidated', async () => {
    const before = (await list()).headers.etag as string;
    await publishShow('Pierre et Jean');
    const after = await list({ 'if-none-match': before });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before);
    expect(after.json().data.map((show: { name: string }) => show.name)).toContain('Pierre et Jean');
  });

  it('varies public reads on Authorization, so a browser never hands its visitor copy to the backoffice', async () => {
    for (const url of ['/api/shows?published=true', '/api/venues', '/api/card-config']) {
      const visitorFirst = await ctx.app.inject({ method: 'GET', url });
      const visitorCached = await ctx.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      const admin = await ctx.app.inject({ method: 'GET', url, headers: auth() });
      for (const res of [visitorFirst, visitorCached, admin]) expect(String(res.headers.vary), url).toMatch(/\bauthorization\b/i);
      expect(admin.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('keeps admin answers out of caches', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/shows', headers: auth() });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
