import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { matchesEtag, pickEncoding } from './http-negotiation.ts';
import { makeEntry, ResponseStore } from './response-store.ts';

const entry = (body: string, version = 1, storedAt = 0) => makeEntry({ contentType: 'application/json', cacheControl: 'public', body }, version, storedAt);

describe('ResponseStore', () => {
  it('evicts the least recently used answer, not the oldest stored', async () => {
    const store = new ResponseStore({ maxEntries: 2, maxBytes: 1e6, maxAgeMs: 60_000 });
    store.set('/a', await entry('a'));
    store.set('/b', await entry('b'));
    expect(store.get('/a', 1, 0)).toBeDefined();
    store.set('/c', await entry('c'));
    expect(store.has('/a')).toBe(true);
    expect(store.has('/b')).toBe(false);
    expect(store.size).toBe(2);
  });

  it('keeps within its byte budget and refuses an answer bigger than it', async () => {
    const store = new ResponseStore({ maxEntries: 100, maxBytes: 2500, maxAgeMs: 60_000 });
    store.set('/big', await entry('x'.repeat(3000)));
    expect(store.has('/big')).toBe(false);
    for (const key of ['/1', '/2', '/3']) store.set(key, await entry(key.repeat(500)));
    // Each holds 1000 bytes (too small to compress): only two fit.
    expect([store.has('/1'), store.has('/2'), store.has('/3')]).toEqual([false, true, true]);
  });

  it('drops an answer of another version or older than its max age', async () => {
    const store = new ResponseStore({ maxEntries: 10, maxBytes: 1e6, maxAgeMs: 1000 });
    store.set('/v', await entry('v', 1, 0));
    expect(store.get('/v', 2, 0)).toBeUndefined();
    expect(store.has('/v')).toBe(false);
    store.set('/t', await entry('t', 1, 0));
    expect(store.get('/t', 1, 999)).toBeDefined();
    expect(store.get('/t', 1, 1000)).toBeUndefined();
  });

  it('compresses a big enough text answer once, in br and gzip, with the plain body’s tag', async () => {
    const body = JSON.stringify({ data: 'texte '.repeat(400) });
    const made = await entry(body);
    expect(zlib.brotliDecompressSync(made.bodies.br!).toString()).toBe(body);
    expect(zlib.gunzipSync(made.bodies.gzip!).toString()).toBe(body);
    expect(made.etag).toMatch(/^W\/".+"$/);
    expect((await entry('{"petit":true}')).bodies.br).toBeUndefined();
  });
});

describe('content negotiation', () => {
  it('picks br, then gzip, by quality', () => {
    expect(pickEncoding(undefined)).toBe('identity');
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip;q=1, br;q=0.5')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('x-gzip')).toBe('gzip');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('deflate, identity')).toBe('identity');
    expect(pickEncoding('br;q=0, gzip;q=0')).toBe('identity');
  });

  it('matches If-None-Match weakly, in a list or with *', () => {
    expect(matchesEtag('W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('*', 'W/"abc"')).toBe(true);
    expect(matchesEtag('W/"abd"', 'W/"abc"')).toBe(false);
    expect(matchesEtag(undefined, 'W/"abc"')).toBe(false);
  });
});
