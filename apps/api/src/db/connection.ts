import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type pg from 'pg';
import { CamelCasePlugin, Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { Database } from './schema.ts';
import { openSqlite, type SqliteDriver } from './sqlite.ts';
import { withStatementCache } from './statement-cache.ts';

export type DB = Kysely<Database>;
export type DialectName = 'sqlite' | 'postgres';

const requireModule = createRequire(import.meta.url);

/**
 * The PostgreSQL driver, loaded when a DATABASE_URL asks for it: a site on SQLite (the default) never
 * holds its 13 MB (issue 27).
 */
function loadPg(): typeof pg {
  const driver = requireModule('pg') as typeof pg;
  // PostgreSQL answers COUNT() and BIGINT as strings by default; our counts and epoch milliseconds fit
  // in a JS number, so read them as numbers to answer the same as SQLite.
  driver.types.setTypeParser(driver.types.builtins.INT8, (value) => Number(value));
  return driver;
}

/**
 * PostgreSQL pool figures. A request never waits more than 5 s for a connection (the database is down
 * or saturated: answer 503 rather than pile up); a statement is stopped by the server after 15 s and
 * the client gives up after 20 s (a runaway query must not hold a connection for ever; this site's
 * slowest queries and migrations take well under a second); idle connections close after 30 s.
 */
export const PG_POOL = {
  max: 10,
  connectionTimeoutMillis: 5_000,
  idleTimeoutMillis: 30_000,
  statementTimeoutMs: 15_000,
  queryTimeoutMs: 20_000,
} as const;

export interface DatabaseOptions {
  /** postgres://... to use PostgreSQL, else SQLite. */
  databaseUrl?: string;
  /** SQLite file path, or ':memory:'. */
  sqliteFile?: string;
  /** The SQLite driver; by default the one for this Node version (sqlite.ts). */
  sqliteDriver?: SqliteDriver;
  /** PostgreSQL schema to use (tests get one each). */
  pgSchema?: string;
  /** Where a broken idle connection is reported (default: console). */
  log?: { error(details: object, message: string): void };
}

export function createDatabase(options: DatabaseOptions): { db: DB; dialect: DialectName } {
  const plugins = [new CamelCasePlugin()];
  if (options.databaseUrl) {
    const pg = loadPg();
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: PG_POOL.max,
      connectionTimeoutMillis: PG_POOL.connectionTimeoutMillis,
      idleTimeoutMillis: PG_POOL.idleTimeoutMillis,
      statement_timeout: PG_POOL.statementTimeoutMs,
      query_timeout: PG_POOL.queryTimeoutMs,
      ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
    });
    // An idle connection that breaks (the database restarts, an administrator ends it) is emitted as
    // 'error' on the pool; without a listener Node would end the whole process. The pool has already
    // dropped it and opens a new one on the next query.
    const log = options.log ?? { error: (details: object, message: string) => console.error(message, details) };
    // Code and message only: pg attaches the whole client (connection settings) to the error.
    pool.on('error', (error) => log.error({ code: (error as { code?: string }).code, reason: error.message }, 'connexion PostgreSQL perdue (elle sera remplacée)'));
    // The pool listens to a client's 'error' only while it is idle. One that breaks while a request holds
    // it, between two statements (a transaction, a backup's snapshot), would end the process for want of
    // a listener. The statement in flight, or the next one, fails with the error (a French 503), and the
    // pool drops the broken client when it is released.
    pool.on('connect', (client) => client.on('error', () => undefined));
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins }), dialect: 'postgres' };
  }
  const file = options.sqliteFile ?? ':memory:';
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  // better-sqlite3, or node:sqlite on Node 24 and later (see sqlite.ts).
  const sqlite = openSqlite(file, { driver: options.sqliteDriver });
  // WAL lets readers go on while a write happens; foreign keys are off by default in SQLite.
  sqlite.exec('PRAGMA journal_mode = WAL');
  sqlite.exec('PRAGMA foreign_keys = ON');
  sqlite.exec('PRAGMA busy_timeout = 5000');
  sqlite.exec('PRAGMA synchronous = NORMAL');
  return { db: new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }), plugins }), dialect: 'sqlite' };
}
