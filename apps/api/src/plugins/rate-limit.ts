import fastifyRateLimit, { type FastifyRateLimitStore, type RateLimitOptions } from '@fastify/rate-limit';
import type { RouteOptions } from 'fastify';
import { sql } from 'kysely';
import { texts } from '@bande/shared';
import type { App, AppDeps } from '../deps.ts';
import type { DB } from '../db/connection.ts';
import { tooManyRequests } from '../lib/http-error.ts';

/**
 * Route config of a per-IP limit: `config: rateLimit(10, minutes(15))` on a route opts it in.
 * Each route counts on its own bucket (key = method + url + client address).
 */
export function rateLimit(max: number, timeWindowMs: number): { rateLimit: RateLimitOptions } {
  return { rateLimit: { max, timeWindow: timeWindowMs } };
}

/** A bound epoch-milliseconds value typed BIGINT (PostgreSQL reads a lone parameter in a CASE as text). */
export const epochMs = (value: number) => sql<number>`CAST(${value} AS BIGINT)`;

/** One in this many increments (of any bucket) also deletes expired buckets, so the table stays small without a timer. */
const CLEANUP_ONE_IN = 100;

/**
 * Adds one hit to a fixed-window bucket in a single SQL statement (upsert), so that concurrent
 * requests on several servers never lose a count. A bucket whose window has ended starts over at 1.
 */
export async function incrementBucket(db: DB, key: string, windowMs: number, nowMs: number) {
  const [bucket] = await incrementBuckets(db, [{ key, windowMs }], nowMs);
  return bucket!;
}

/**
 * Adds one hit to each of several buckets (distinct keys) in one statement (one round trip, one commit):
 * a booking counts its client address and its e-mail address together, a failed login its account and
 * its address. Answers the buckets in the order asked. Keys are upserted in the order given; each caller
 * always gives its kinds of key in one order, so that two statements never lock the same two rows crosswise.
 */
export async function incrementBuckets(db: DB, buckets: readonly { key: string; windowMs: number }[], nowMs: number) {
  const resetAt = sql.ref('rateLimitBuckets.resetAt');
  const expired = sql<boolean>`${resetAt} <= ${nowMs}`;
  // The new window's end is the row that was offered (excluded): each bucket has its own window.
  const offeredResetAt = sql.ref('excluded.resetAt');
  const rows = await db
    .insertInto('rateLimitBuckets')
    .values(buckets.map(({ key, windowMs }) => ({ key, count: 1, resetAt: nowMs + windowMs })))
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`CASE WHEN ${expired} THEN 1 ELSE ${sql.ref('rateLimitBuckets.count')} + 1 END`,
        resetAt: sql<number>`CASE WHEN ${expired} THEN ${offeredResetAt} ELSE ${resetAt} END`,
      }),
    )
    .returning(['key', 'count', 'resetAt'])
    .execute();
  // Expired rows are rewritten on their next hit, but a key seen once would stay for ever otherwise.
  if (Math.floor(Math.random() * CLEANUP_ONE_IN) === 0) void deleteExpiredBuckets(db, nowMs).catch(() => {});
  const byKey = new Map(rows.map((row) => [row.key, { count: Number(row.count), resetAt: Number(row.resetAt) }]));
  return buckets.map(({ key }) => byKey.get(key)!);
}

export async function deleteExpiredBuckets(db: DB, nowMs: number): Promise<number> {
  const result = await db.deleteFrom('rateLimitBuckets').where('resetAt', '<=', nowMs).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * @fastify/rate-limit store kept in the rateLimitBuckets table: the buckets are shared by every
 * server on one PostgreSQL and survive restarts. Time comes from deps.clock so tests can move it.
 */
function databaseStore({ db, clock }: AppDeps) {
  return class DatabaseStore implements FastifyRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly prefix = 'rl:',
    ) {}

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number) {
      const nowMs = clock.now().getTime();
      incrementBucket(db, this.prefix + key, timeWindow, nowMs).then(
        (bucket) => {
          callback(null, { current: bucket.count, ttl: Math.max(0, bucket.resetAt - nowMs) });
        },
        (error: Error) => callback(error),
      );
    }

    // Typed as the route's options; at run time the plugin passes its merged settings, with the
    // route under `routeInfo`. Each route gets its own key prefix, as the plugin's Redis store does.
    child(routeOptions: RouteOptions & { path: string; prefix: string }) {
      const route = (routeOptions as { routeInfo?: Partial<RouteOptions> }).routeInfo ?? routeOptions;
      const method = Array.isArray(route.method) ? route.method.join(',') : (route.method ?? '');
      return new DatabaseStore(undefined, `${this.prefix}${method}${route.url ?? ''}-`);
    }
  };
}

/**
 * Registers @fastify/rate-limit (global: false) with a store in the database, so that several
 * servers sharing one PostgreSQL share the buckets. Routes opt in with `config: rateLimit(max, ms)`.
 */
export async function registerRateLimit(app: App, deps: AppDeps): Promise<void> {
  await app.register(fastifyRateLimit, {
    global: false,
    store: databaseStore(deps),
    // The plugin throws what this returns: an HttpError becomes { error } in French via the error handler.
    errorResponseBuilder: () => tooManyRequests(texts.api.tooManyRequests),
  });
}
