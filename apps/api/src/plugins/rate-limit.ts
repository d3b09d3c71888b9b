import type { App, AppDeps } from '../app.ts';

/**
 * Registers @fastify/rate-limit (global: false) with a store in the database, so that several
 * servers sharing one PostgreSQL share the buckets. Routes opt in with `config.rateLimit`.
 */
export async function registerRateLimit(_app: App, _deps: AppDeps): Promise<void> {
  // TODO: implemented by the auth/foundation work.
}
