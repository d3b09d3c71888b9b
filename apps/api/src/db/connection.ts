import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { CamelCasePlugin, Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { Database } from './schema.ts';

export type DB = Kysely<Database>;
export type DialectName = 'sqlite' | 'postgres';

// PostgreSQL answers COUNT() and BIGINT as strings by default; our counts and epoch milliseconds fit
// in a JS number, so read them as numbers to answer the same as SQLite.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export interface DatabaseOptions {
  /** postgres://... to use PostgreSQL, else SQLite. */
  databaseUrl?: string;
  /** SQLite file path, or ':memory:'. */
  sqliteFile?: string;
  /** PostgreSQL schema to use (tests get one each). */
  pgSchema?: string;
}

export function createDatabase(options: DatabaseOptions): { db: DB; dialect: DialectName } {
  const plugins = [new CamelCasePlugin()];
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
    });
    return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins }), dialect: 'postgres' };
  }
  const file = options.sqliteFile ?? ':memory:';
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  // WAL lets readers go on while a write happens; foreign keys are off by default in SQLite.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  return { db: new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }), plugins }), dialect: 'sqlite' };
}
