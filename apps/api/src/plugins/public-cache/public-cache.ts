import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { App, AppDeps } from '../../deps.ts';
import { addVary } from '../../lib/cache-headers.ts';
import { contentVersion } from './content-version.ts';
import { matchesEtag, pickEncoding } from './http-negotiation.ts';
import { makeEntry, ResponseStore, type CachedResponse, type ResponseInput, type StoreLimits } from './response-store.ts';
import { onSendWhen } from '../../lib/hooks-when.ts';

/** What an SSR page handler gives `serve` to answer (and maybe keep) a page. */
export interface ProducedResponse extends ResponseInput {
  statusCode: number;
}

/**
 * The cache key of any address of one route (or page), given the request's headers: what a request
 * asked at another address of the same path would be looked up under; null when it is never kept.
 */
export type AnswerKeyOf = (url: string, headers: IncomingHttpHeaders) => string | null;

/** A request the cache answered from (or has just stored) `entry`, found under `key`. */
export interface CacheAnswer {
  key: string;
  keyOf: AnswerKeyOf;
  entry: CachedResponse;
}

export interface PublicCache {
  /** The current content version (memoised at most a second, so other servers' writes show within it). */
  version(): Promise<number>;
  /** Marks every cached public answer, on every server, as stale: call after a write outside admin routes. */
  bump(): Promise<number>;
  /**
   * Answers from memory when this URL (or `key`, the address the answer depends on, when several
   * URLs give the same answer) was produced at the current version, else calls `produce`, keeps its
   * answer when it is a public 200 and sends it. Only for answers that depend on that address alone;
   * a request with Authorization always gets a fresh `produce()`, never stored. `key: null` produces
   * without looking up or keeping (an answer that depends on free values of the query string).
   */
  serve(request: FastifyRequest, reply: FastifyReply, produce: () => Promise<ProducedResponse>, key?: string | null, keyOf?: AnswerKeyOf): Promise<FastifyReply>;
  /**
   * The entry kept under `key` when the content version read less than a second ago is still its own,
   * without any query (undefined otherwise, and when the memo has expired: the next full request reads
   * the version again). The fast path's only look at the store (modules/fast-path).
   */
  peek(key: string): CachedResponse | undefined;
  /** Called with each request the cache answers from an entry, as it answers (one observer: the fast path). */
  observe(observer: (raw: IncomingMessage, answer: CacheAnswer) => void): void;
  /** Number of answers held (for tests and diagnostics). */
  size(): number;
}

declare module 'fastify' {
  interface FastifyInstance {
    publicCache: PublicCache;
  }
  interface FastifyRequest {
    /**
     * The public cache's note on this request: the version it was looked up at (its answer is kept under
     * that version), and whether the cache or `serve` already answered it (the route's own store step
     * then leaves it alone). Fields of the request rather than a WeakMap and a WeakSet: their write
     * barriers and the ephemerons the garbage collector keeps until a full collection cost several
     * percent of a public request and most of the heap's growth under load (issue 27).
     */
    publicCache: { lookedUpAt?: number; answered: boolean } | null;
  }
  interface FastifyContextConfig {
    /** Opt-in of a public GET route to the in-memory answer cache (plugins/public-cache). */
    answerCache?: boolean;
  }
}

export const DEFAULT_LIMITS: StoreLimits = { maxEntries: 500, maxBytes: 64 * 1024 * 1024, maxAgeMs: 60_000 };
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The cache's note on a request, made on first use. */
const noteOf = (request: FastifyRequest) => (request.publicCache ??= { answered: false });

/**
 * A visitor's request: an Authorization header may reveal drafts, so such requests never touch the cache.
 * The one rule, also the fast path's (modules/fast-path), which sees the raw request before Fastify.
 */
export const isCacheableRequest = (method: string | undefined, headers: IncomingHttpHeaders) =>
  (method === 'GET' || method === 'HEAD') && headers.authorization === undefined;
const isCacheable = (request: FastifyRequest) => isCacheableRequest(request.method, request.headers);

/** Whether an answer may be shared with every visitor. */
function isShareable(statusCode: number, cacheControl: string | undefined, reply: FastifyReply): boolean {
  if (statusCode !== 200 || reply.hasHeader('set-cookie')) return false;
  return !/\b(?:no-store|private)\b/i.test(cacheControl ?? '');
}

/**
 * The address an API answer depends on: its path and the query parameters its schema reads, sorted.
 * Other parameters (tracking, a cache-busting `?x=N`) are left out, so that they neither make one entry
 * each nor evict the useful ones; the route never sees them (the schema drops unknown keys).
 */
export function cacheKey(url: string, readParams: ReadonlySet<string>): string {
  const query = url.indexOf('?');
  if (query === -1) return url;
  const kept = [...new URLSearchParams(url.slice(query + 1))].filter(([name]) => readParams.has(name)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return kept.length === 0 ? url.slice(0, query) : `${url.slice(0, query)}?${new URLSearchParams(kept)}`;
}

/** The parameter names of a route's querystring schema (a zod object; none without a schema). */
function queryParamNames(schema: unknown): Set<string> {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return new Set(shape ? Object.keys(shape) : []);
}

const headerText = (value: unknown) => (value === undefined ? undefined : String(value));

/** Sets the headers of a cached answer and gives the body in the encoding the client accepts. */
function encodedBody(request: FastifyRequest, reply: FastifyReply, entry: CachedResponse): Buffer {
  reply.header('content-type', entry.contentType).header('etag', entry.etag);
  if (entry.cacheControl) reply.header('cache-control', entry.cacheControl);
  // Kept answers only ever serve requests without a token; with one, the same URL may answer otherwise.
  addVary(reply, 'Authorization');
  if (!entry.bodies.br) return entry.bodies.identity;
  addVary(reply, 'Accept-Encoding');
  const encoding = pickEncoding(request.headers['accept-encoding']);
  const body = entry.bodies[encoding];
  if (encoding === 'identity' || !body) return entry.bodies.identity;
  // A Content-Encoding already set makes @fastify/compress pass the body through untouched.
  reply.header('content-encoding', encoding);
  return body;
}

/** Sends an answer serve() produced and did not keep. */
function sendProduced(request: FastifyRequest, reply: FastifyReply, produced: ProducedResponse): FastifyReply {
  noteOf(request).answered = true;
  return reply.code(produced.statusCode).header('content-type', produced.contentType).header('cache-control', produced.cacheControl).send(produced.body);
}

/** Answers from an entry: 304 to a matching If-None-Match (the tag already set stops @fastify/etag re-hashing). */
function answer(request: FastifyRequest, reply: FastifyReply, entry: CachedResponse): FastifyReply {
  noteOf(request).answered = true;
  const body = encodedBody(request, reply, entry);
  if (matchesEtag(request.headers['if-none-match'], entry.etag)) {
    reply.removeHeader('content-encoding');
    return reply.code(304).send();
  }
  return reply.code(200).send(body);
}

/**
 * The public answer cache: a content version shared through the database (bumped by every admin
 * write, before its answer leaves) and, on each server, a bounded LRU of whole answers tagged with
 * the version they were made at. Routes opt in with `config: { answerCache: true }`; SSR pages use
 * `app.publicCache.serve`. A failure of the cache falls back to the normal, uncached answer.
 * Register before the routes (it wraps them as they are declared).
 */
export function registerPublicCache(app: App, { db, clock }: AppDeps, limits: Partial<StoreLimits> = {}): void {
  // Declared on the request's shape once, so that every request keeps the same hidden class.
  app.decorateRequest('publicCache', null);
  const versions = contentVersion(db, clock);
  const store = new ResponseStore({ ...DEFAULT_LIMITS, ...limits });
  const now = () => clock.now().getTime();

  let observer: ((raw: IncomingMessage, answer: CacheAnswer) => void) | undefined;
  /** Tells the observer (the fast path) which entry answers this request, before its answer is written. */
  const observed = (request: FastifyRequest, key: string, keyOf: AnswerKeyOf, entry: CachedResponse) => observer?.(request.raw, { key, keyOf, entry });
  const forgetAll = () => {
    versions.forget();
    store.clear();
  };
  /**
   * serve()'s productions under way, by version and key: a request that misses meanwhile waits for the
   * one under way instead of rendering the page again. Without it, each expiry (60 s) or change of a busy
   * page had every open connection render it at once: 50 connections, 50 renders queued on one thread,
   * p99 of 0.4–0.6 s for that second (issue 37, `npm run bench`). Resolves with the entry kept, or
   * undefined when the answer was not to be shared (then each waiting request makes its own).
   */
  const producing = new Map<string, Promise<CachedResponse | undefined>>();

  async function lookup(request: FastifyRequest, reply: FastifyReply, key: string, keyOf: AnswerKeyOf) {
    if (!isCacheable(request)) return;
    try {
      const version = await versions.current();
      noteOf(request).lookedUpAt = version;
      const entry = store.get(key, version, now());
      if (entry) {
        observed(request, key, keyOf, entry);
        return answer(request, reply, entry);
      }
    } catch (error) {
      request.log.warn({ err: error }, 'cache public : lecture impossible, réponse sans cache');
    }
  }

  /** onSend of opted-in routes, before @fastify/compress: keeps the serialized answer and sends its encoded form. */
  async function keep(request: FastifyRequest, reply: FastifyReply, payload: unknown, key: string, keyOf: AnswerKeyOf) {
    const version = request.publicCache?.lookedUpAt;
    if (version === undefined || request.publicCache?.answered) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const cacheControl = headerText(reply.getHeader('cache-control'));
    if (!isShareable(reply.statusCode, cacheControl, reply) || reply.hasHeader('content-encoding')) return payload;
    try {
      const contentType = headerText(reply.getHeader('content-type')) ?? 'application/octet-stream';
      const entry = await makeEntry({ contentType, cacheControl: cacheControl ?? '', body: payload }, version, now());
      store.set(key, entry);
      observed(request, key, keyOf, entry);
      return encodedBody(request, reply, entry);
    } catch (error) {
      request.log.warn({ err: error }, 'cache public : enregistrement impossible');
      return payload;
    }
  }

  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.config?.answerCache) return;
    const asList = <T>(hooks: T | T[] | undefined): T[] => (hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]);
    const readParams = queryParamNames(route.schema?.querystring);
    const keyOfUrl: AnswerKeyOf = (url) => cacheKey(url, readParams);
    const keyOf = (request: FastifyRequest) => cacheKey(request.url, readParams);
    // New arrays: route option arrays may be shared between routes (e.g. an `adminOnly` list).
    route.onRequest = [(request: FastifyRequest, reply: FastifyReply) => lookup(request, reply, keyOf(request), keyOfUrl), ...asList(route.onRequest)] as RouteOptions['onRequest'];
    route.onSend = [(request: FastifyRequest, reply: FastifyReply, payload: unknown) => keep(request, reply, payload, keyOf(request), keyOfUrl), ...asList(route.onSend)] as RouteOptions['onSend'];
  });

  // The bump is awaited before the admin's answer leaves, so that the admin's next public read is fresh.
  // 4xx answers changed nothing; a 5xx may have left a partial write, so it bumps too.
  const bumpsTheVersion = (request: FastifyRequest, reply: FastifyReply) =>
    request.admin !== undefined && WRITES.has(request.method) && !(reply.statusCode >= 400 && reply.statusCode < 500);
  app.addHook('onSend', onSendWhen(bumpsTheVersion, async (request, _reply, payload: unknown) => {
    try {
      await versions.bump();
    } catch (error) {
      // At least this server drops what it holds; others follow within the entries' max age.
      forgetAll();
      request.log.error({ err: error }, 'cache public : version non incrémentée');
    }
    return payload;
  }));

  app.decorate('publicCache', {
    version: () => versions.current(),
    async bump() {
      try {
        return await versions.bump();
      } catch (error) {
        forgetAll();
        throw error;
      }
    },
    async serve(request, reply, produce, key = request.url, keyOf = () => null) {
      let version: number | undefined;
      if (key !== null && isCacheable(request)) {
        try {
          version = await versions.current();
          const entry = store.get(key, version, now());
          if (entry) {
            observed(request, key, keyOf, entry);
            return answer(request, reply, entry);
          }
        } catch (error) {
          version = undefined;
          request.log.warn({ err: error }, 'cache public : lecture impossible, réponse sans cache');
        }
      }
      if (key === null || version === undefined) return sendProduced(request, reply, await produce());
      const flight = `${version} ${key}`;
      const underWay = producing.get(flight);
      if (underWay) {
        const entry = await underWay;
        if (entry) {
          observed(request, key, keyOf, entry);
          return answer(request, reply, entry);
        }
        return sendProduced(request, reply, await produce());
      }
      let kept: (entry: CachedResponse | undefined) => void = () => {};
      producing.set(flight, new Promise((resolve) => (kept = resolve)));
      try {
        const produced = await produce();
        if (isShareable(produced.statusCode, produced.cacheControl, reply)) {
          try {
            // Tagged with the version read before producing: a write meanwhile leaves it stale, never wrong.
            const entry = await makeEntry(produced, version, now());
            store.set(key, entry);
            kept(entry);
            observed(request, key, keyOf, entry);
            return answer(request, reply, entry);
          } catch (error) {
            request.log.warn({ err: error }, 'cache public : enregistrement impossible');
          }
        }
        return sendProduced(request, reply, produced);
      } finally {
        // Waiting requests produce their own when nothing was kept (an error, an answer not to share).
        kept(undefined);
        producing.delete(flight);
      }
    },
    size: () => store.size,
    peek(key) {
      const version = versions.peek();
      return version === undefined ? undefined : store.get(key, version, now());
    },
    observe(next) {
      observer = next;
    },
  } satisfies PublicCache);
}
