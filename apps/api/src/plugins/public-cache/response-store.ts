import crypto from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { LRUCache } from 'lru-cache';
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
export const weakEtag = (body: Buffer) => `W/"${crypto.hash('sha1', body, 'base64')}"`;

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
 * A bounded least-recently-used map of answers: lru-cache keeps the count and the byte budget (an
 * answer bigger than the whole budget is not kept: it would only evict everything else). Freshness
 * stays here: an answer's age is measured on the app clock, the one tests move and versions are
 * dated by, whereas lru-cache's ttl counts on its own `performance.now()`.
 */
export class ResponseStore {
  private readonly entries: LRUCache<string, CachedResponse>;

  constructor(private readonly limits: StoreLimits) {
    this.entries = new LRUCache({ max: limits.maxEntries, maxSize: limits.maxBytes, sizeCalculation: (entry) => entry.bytes });
  }

  /** The answer for `key` if it was made at `version` and is younger than maxAgeMs; stale ones are dropped. */
  get(key: string, version: number, now: number): CachedResponse | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.version !== version || now - entry.storedAt >= this.limits.maxAgeMs || now < entry.storedAt) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  set(key: string, entry: CachedResponse): void {
    this.entries.set(key, entry);
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
