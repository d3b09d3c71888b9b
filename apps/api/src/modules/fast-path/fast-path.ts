import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { Logger } from 'pino';
import { LRUCache } from 'lru-cache';
import type { Clock } from '../../lib/clock.ts';
import { matchesEtag, pickEncoding } from '../../plugins/public-cache/http-negotiation.ts';
import { isCacheableRequest, type AnswerKeyOf, type CacheAnswer, type PublicCache } from '../../plugins/public-cache/public-cache.ts';
import type { CachedResponse } from '../../plugins/public-cache/response-store.ts';
import { cappedCacheControl, type ScheduleHorizon } from '../scheduling/schedule-horizon.ts';

/**
 * The fast path (issue 37, docs/decisions/009-fast-path.md): a `node:http` request listener in front
 * of Fastify that answers a visitor's GET or HEAD of a public answer the cache already holds, without
 * Fastify's routing, hooks and reply. It never makes an answer: it replays, byte for byte, the status,
 * headers and body that Fastify (with helmet, @fastify/etag, @fastify/compress and the public cache)
 * wrote for the same entry and the same variant (method, encoding, 304 or not). Everything else, and
 * the first request of each variant, goes to Fastify, which is watched as it answers:
 *  - the public cache tells (observe) which entry answers a request and how its path makes keys;
 *  - the listener records what Fastify writes for it (writeHead, write, end) and keeps it beside the
 *    entry (a WeakMap: when the entry goes, its recordings go with it).
 * Freshness is the cache's own: `publicCache.peek` returns an entry only while the content version
 * read less than a second ago is its version, so another server's change stops the fast path within
 * the same second as the full path. `Cache-Control` is capped again at each answer, as the schedule's
 * onSend hook does (modules/scheduling/schedule-horizon.ts), with its own function and memo.
 */

/** What Fastify wrote for one variant of one entry. */
interface Recording {
  status: number;
  /** Header names as Fastify and helmet spelled them, Date and Connection left to Node. */
  headers: OutgoingHttpHeaders;
  /** Empty for HEAD and 304. */
  body: Buffer;
}

/** What the fast path tells its hook about each answer it sends (status and the raw request). */
export type OnServed = (request: IncomingMessage, status: number) => void;

export interface FastPathOptions {
  publicCache: PublicCache;
  horizon: ScheduleHorizon;
  clock: Clock;
  log: FastifyBaseLogger & Partial<Pick<Logger, 'isLevelEnabled'>>;
  /**
   * Called for every answer the fast path sends (never for those Fastify sends). The audience count of
   * the « Bilan » (issue 36) is wired here at merge: its entry point takes `{ path, search, headers, ip }`
   * and never waits for the database, so it can run inline; it must not throw (a throw is logged).
   */
  onServed?: OnServed;
  /** Health answers: the probe's one-second window, when the fast path may answer GET /api/health. */
  health?: { path: string; isFresh(): boolean };
}

export interface FastPath {
  /** The request listener placed before Fastify's: true when it answered, false to hand over to Fastify. */
  handle(request: IncomingMessage, response: ServerResponse): boolean;
  /** Stops answering (the server closes: Fastify alone then answers, with `Connection: close`). */
  stop(): void;
  /** Answers sent by the fast path and requests handed to Fastify, since start. */
  counts(): { hits: number; misses: number };
}

/** Headers Node writes itself for each answer: never recorded, never replayed. */
const NODE_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);
/** Paths remembered (each a route or a page whose answer the cache holds); the oldest go first. */
const MAX_PATHS = 2000;
/** Recordings kept for the health answer (variants by request headers; renewed each second). */
const MAX_HEALTH_VARIANTS = 16;

type Variant = string;

/** The variant of an entry's answer a request gets: the cache's own negotiation (http-negotiation.ts). */
function variantOf(request: IncomingMessage, entry: CachedResponse): Variant {
  const revalidated = matchesEtag(request.headers['if-none-match'], entry.etag);
  const encoding = entry.bodies.br ? pickEncoding(request.headers['accept-encoding']) : 'identity';
  return `${request.method} ${revalidated ? '304' : encoding}`;
}

/** The health answer is not a cache entry: its variant is the headers that could change it. */
const healthVariantOf = (request: IncomingMessage): Variant =>
  `${request.method} ${request.headers['if-none-match'] ?? ''} ${request.headers['accept-encoding'] ?? ''}`;

/** What the full path's body must be for the recording to be kept: the entry's bytes, or nothing. */
function expectedBody(request: IncomingMessage, status: number, entry: CachedResponse): Buffer | undefined {
  if (request.method === 'HEAD' || status === 304) return Buffer.alloc(0);
  if (status !== 200) return undefined;
  const encoding = entry.bodies.br ? pickEncoding(request.headers['accept-encoding']) : 'identity';
  return entry.bodies[encoding] ?? entry.bodies.identity;
}

export function createFastPath(options: FastPathOptions): FastPath {
  const { publicCache, horizon, clock, log, onServed, health } = options;
  let stopped = false;
  let hits = 0;
  let misses = 0;
  const keyOfPath = new LRUCache<string, AnswerKeyOf>({ max: MAX_PATHS });
  const recordings = new WeakMap<CachedResponse, Map<Variant, Recording>>();
  /** The health recordings of the current probe window (replaced when the window is not fresh). */
  let healthRecordings = new Map<Variant, Recording>();
  /** What the public cache said about a request handed to Fastify (set during Fastify's hooks). */
  const answers = new WeakMap<IncomingMessage, CacheAnswer>();
  publicCache.observe((raw, answer) => answers.set(raw, answer));
  let nextId = 0;

  const countsLine = () => log.debug({ fastPath: { hits, misses } }, 'voie rapide : réponses servies (hits) et passées à Fastify (misses)');
  // A line at most every 1,000 decisions: the counts at debug level without a line per request.
  const counted = () => {
    if ((hits + misses) % 1000 === 0) countsLine();
  };

  function send(request: IncomingMessage, response: ServerResponse, recording: Recording, headers: OutgoingHttpHeaders) {
    const started = performance.now();
    // Fastify's request log lines, same messages and fields, so that the log reads alike on both paths.
    const reqId = log.isLevelEnabled?.('info') ? `fast-${(nextId++).toString(36)}` : undefined;
    if (reqId) log.info({ reqId, req: { method: request.method, url: request.url, headers: request.headers, host: request.headers.host, ip: request.socket.remoteAddress, socket: request.socket } }, 'incoming request');
    response.writeHead(recording.status, headers);
    response.end(request.method === 'HEAD' ? undefined : recording.body);
    hits++;
    counted();
    if (reqId) log.info({ reqId, res: { statusCode: recording.status }, responseTime: performance.now() - started }, 'request completed');
    try {
      onServed?.(request, recording.status);
    } catch (error) {
      log.warn({ err: error }, 'voie rapide : le compteur d’audience a échoué');
    }
    return true;
  }

  /** Records what Fastify writes for this request, and keeps it when it is the entry's answer. */
  function watch(request: IncomingMessage, response: ServerResponse, isHealth: boolean) {
    let head: { status: number; headers: OutgoingHttpHeaders } | undefined;
    const chunks: Buffer[] = [];
    const { writeHead, write, end } = response;
    const collect = (chunk: unknown) => {
      if (typeof chunk === 'string') chunks.push(Buffer.from(chunk));
      else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
    };
    response.writeHead = function (this: ServerResponse, status: number, ...rest: unknown[]) {
      const given = rest.length === 1 && rest[0] && typeof rest[0] === 'object' && !Array.isArray(rest[0]) ? (rest[0] as OutgoingHttpHeaders) : rest.length === 0 ? {} : undefined;
      if (given) {
        // Names as they were set (helmet's capitals), then those Fastify passes; Node's own left out.
        const headers: OutgoingHttpHeaders = {};
        for (const name of (this as unknown as { getRawHeaderNames(): string[] }).getRawHeaderNames()) if (!NODE_HEADERS.has(name.toLowerCase())) headers[name] = this.getHeader(name);
        for (const [name, value] of Object.entries(given)) if (!NODE_HEADERS.has(name.toLowerCase()) && value !== undefined) headers[name] = value;
        head = { status, headers };
      }
      return (writeHead as (...args: unknown[]) => ServerResponse).call(this, status, ...rest);
    } as ServerResponse['writeHead'];
    response.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
      collect(chunk);
      return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
    } as ServerResponse['write'];
    response.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
      if (typeof chunk !== 'function') collect(chunk);
      const result = (end as (...args: unknown[]) => ServerResponse).call(this, chunk, ...rest);
      if (!stopped && head) keep(request, head, Buffer.concat(chunks), isHealth);
      return result;
    } as ServerResponse['end'];
  }

  function keep(request: IncomingMessage, head: { status: number; headers: OutgoingHttpHeaders }, body: Buffer, isHealth: boolean) {
    // An answer that closes its connection (the server stopping) is no answer to repeat.
    if (isHealth) {
      if (head.status !== 200 && head.status !== 304) return;
      if (healthRecordings.size < MAX_HEALTH_VARIANTS) healthRecordings.set(healthVariantOf(request), { ...head, body: request.method === 'HEAD' ? Buffer.alloc(0) : body });
      return;
    }
    const answer = answers.get(request);
    if (!answer) return;
    const expected = expectedBody(request, head.status, answer.entry);
    const sent = request.method === 'HEAD' ? Buffer.alloc(0) : body;
    // Kept only when Fastify sent the entry's own bytes: anything else (an error, a change meanwhile) is not repeated.
    if (!expected || !expected.equals(sent)) return;
    const pathname = pathOf(request.url ?? '/');
    if (answer.keyOf(request.url ?? '/', request.headers) !== answer.key) return;
    keyOfPath.set(pathname, answer.keyOf);
    let variants = recordings.get(answer.entry);
    if (!variants) recordings.set(answer.entry, (variants = new Map()));
    variants.set(variantOf(request, answer.entry), { ...head, body: sent });
  }

  function handle(request: IncomingMessage, response: ServerResponse): boolean {
    if (stopped || !isCacheableRequest(request.method, request.headers)) return false;
    const url = request.url ?? '/';
    // An address with a %-escape is checked by the input guard (plugins/input-guard.ts): Fastify's alone.
    if (url.includes('%')) return false;
    const pathname = pathOf(url);
    if (health && pathname === health.path && url === pathname) {
      if (!health.isFresh()) {
        healthRecordings = new Map();
      } else {
        const recording = healthRecordings.get(healthVariantOf(request));
        if (recording) return send(request, response, recording, recording.headers);
      }
      return handOver(request, response, true);
    }
    const keyOf = keyOfPath.get(pathname);
    const key = keyOf?.(url, request.headers);
    const entry = key ? publicCache.peek(key) : undefined;
    const recording = entry ? recordings.get(entry)?.get(variantOf(request, entry)) : undefined;
    if (!entry || !recording) return handOver(request, response, false);
    // An answer no schedule can shorten (not public, no max-age above 0) is replayed as recorded.
    const nowMs = clock.now().getTime();
    if (cappedCacheControl(entry.cacheControl, nowMs, nowMs) === entry.cacheControl) return send(request, response, recording, recording.headers);
    const next = horizon.peek(entry.version);
    if (next === undefined) return handOver(request, response, false);
    let headers = recording.headers;
    const cacheControlName = Object.keys(headers).find((name) => name.toLowerCase() === 'cache-control');
    if (cacheControlName) headers = { ...headers, [cacheControlName]: cappedCacheControl(entry.cacheControl, next, nowMs) };
    return send(request, response, recording, headers);
  }

  function handOver(request: IncomingMessage, response: ServerResponse, isHealth: boolean) {
    misses++;
    counted();
    watch(request, response, isHealth);
    return false;
  }

  return {
    handle,
    stop() {
      stopped = true;
      countsLine();
    },
    counts: () => ({ hits, misses }),
  };
}

const pathOf = (url: string) => {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
};
