import crypto from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Encoding } from './http-negotiation.ts';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Below this size compression does not pay (the same threshold as @fastify/compress in app.ts). */
export const COMPRESS_THRESHOLD = 1024;
const COMPRESSIBLE = /^text\/|[/+](?:json|xml)\b|javascript/i;

/** A public answer as kept in memory: the body in each encoding, compressed and tagged once. */
export interface CachedResponse {
  /** Content version the answer was made at: any other version makes it stale. */
  version: number;
  /** Epoch milliseconds (app clock) at which it was stored. */
  storedAt: number;
  contentType: string;
  cacheControl: string;
  /** Weak tag of the uncompressed body, the same as @fastify/etag gives an uncached answer. */
  etag: string;
  bodies: Partial<Record<Encoding, Buffer>> & { identity: Buffer };
  /** Bytes held by all the bodies, for the memory bound. */
  bytes: number;
}

export interface ResponseInput {
  contentType: string;
  cacheControl: string;
  body: string | Buffer;
}

/** Same weak tag as @fastify/etag ({ weak: true }, sha1 in base64), so revalidation works across hits and misses. */
export const weakEtag = (body: Buffer) => `W/"${crypto.createHash('sha1').update(body).digest('base64')}"`;

/** Builds an entry: brotli (quality 5: smaller than compress's 4 for the same cost once) and gzip, when worth it. */
export async function makeEntry(input: ResponseInput, version: number, storedAt: number): Promise<CachedResponse> {
  const identity = Buffer.isBuffer(input.body) ? input.body : Buffer.from(input.body);
  const bodies: CachedResponse['bodies'] = { identity };
  if (identity.length >= COMPRESS_THRESHOLD && COMPRESSIBLE.test(input.contentType)) {
    const [br, gz] = await Promise.all([brotli(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }), gzip(identity)]);
    bodies.br = br;
    bodies.gzip = gz;
  }
  const bytes = identity.length + (bodies.br?.length ?? 0) + (bodies.gzip?.length ?? 0);
  return { version, storedAt, contentType: input.contentType, cacheControl: input.cacheControl, etag: weakEtag(identity), bodies, bytes };
}

export interface StoreLimits {
  maxEntries: number;
  maxBytes: number;
  maxAgeMs: number;
}

/**
 * A bounded least-recently-used map of answers. A Map keeps insertion order, so re-inserting on
 * each hit keeps the least recently used first, where eviction takes from.
 */
export class ResponseStore {
  private readonly entries = new Map<string, CachedResponse>();
  private bytes = 0;

  constructor(private readonly limits: StoreLimits) {}

  /** The answer for `key` if it was made at `version` and is younger than maxAgeMs; stale ones are dropped. */
  get(key: string, version: number, now: number): CachedResponse | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.version !== version || now - entry.storedAt >= this.limits.maxAgeMs || now < entry.storedAt) {
      this.delete(key);
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  set(key: string, entry: CachedResponse): void {
    // An answer bigger than the whole budget would only evict everything else.
    if (entry.bytes > this.limits.maxBytes) return;
    this.delete(key);
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    for (const [oldest] of this.entries) {
      if (this.entries.size <= this.limits.maxEntries && this.bytes <= this.limits.maxBytes) break;
      this.delete(oldest);
    }
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  private delete(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}
