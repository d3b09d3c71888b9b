import fs from 'node:fs';
import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';
import { ALL_PAGES_AT_ONCE, loadNodeSqlite, NodeSqliteDatabase } from './node-sqlite.ts';

/**
 * The SQLite driver behind Kysely, chosen by Node version (docs/decisions/007-sqlite-on-node-24.md):
 * - better-sqlite3 on Node 20 and 22: the driver the machines have always run. Node 20 has no node:sqlite.
 * - node:sqlite from Node 24: better-sqlite3 12 aborts the process there when the garbage collector
 *   frees a prepared statement (`Assertion failed: (env) != nullptr`), and better-sqlite3 13, which
 *   fixes that, no longer runs on Node 20.
 */
export type SqliteDriver = 'better-sqlite3' | 'node:sqlite';

export function sqliteDriverFor(nodeVersion: string = process.versions.node): SqliteDriver {
  return Number(nodeVersion.split('.')[0]) >= 24 ? 'node:sqlite' : 'better-sqlite3';
}

/** Every driver that runs on this Node (both on Node 22): the driver tests check each of them. */
export function usableSqliteDrivers(): SqliteDriver[] {
  const drivers: SqliteDriver[] = [];
  if (sqliteDriverFor() === 'better-sqlite3') drivers.push('better-sqlite3');
  if (loadNodeSqlite()) drivers.push('node:sqlite');
  return drivers;
}

/** What the app needs of a SQLite connection, whichever the driver: Kysely's interface, pragmas, online backup. */
export interface SqliteConnection extends SqliteDatabase {
  exec(sql: string): void;
  /**
   * Copies the whole database into `file` with SQLite's online backup API, in one step. SQLite restarts a
   * backup whenever another connection writes between two of its steps: in the drivers' default steps of
   * 100 pages, a file larger than that, written all along by the running server, was never copied (the
   * backup-while-writing test hung once this round's tables passed 100 pages). One step holds the source's
   * read lock for the copy; only `npm run backup`, a process of its own, calls it.
   */
  backup(file: string): Promise<unknown>;
}

export interface OpenSqliteOptions {
  driver?: SqliteDriver;
  /** Fail rather than create an empty database when the file is missing. */
  fileMustExist?: boolean;
}

// Loaded on demand: Node 24 never loads better-sqlite3's native module (it is still installed there).
const requireModule = createRequire(import.meta.url);

/** Opens `file` (or ':memory:') with the driver for this Node, or the one asked for. */
export function openSqlite(file: string, options: OpenSqliteOptions = {}): SqliteConnection {
  const driver = options.driver ?? sqliteDriverFor();
  if (driver === 'better-sqlite3') {
    const SQLite = requireModule('better-sqlite3') as typeof BetterSqlite3;
    const database = new SQLite(file, { fileMustExist: options.fileMustExist ?? false });
    const backup = database.backup.bind(database);
    // better-sqlite3 sends the progress callback's answer as the next step's page count.
    return Object.assign(database, { backup: (target: string) => backup(target, { progress: () => ALL_PAGES_AT_ONCE }) });
  }
  const nodeSqlite = loadNodeSqlite();
  if (!nodeSqlite) throw new Error(`node:sqlite (avec backup) est absent de Node ${process.versions.node} : il faut Node 22.16 ou plus récent.`);
  // node:sqlite has no "must exist" flag: opening a missing file would create it.
  if (options.fileMustExist && file !== ':memory:' && !fs.existsSync(file)) {
    throw Object.assign(new Error(`Base SQLite introuvable : ${file}`), { code: 'SQLITE_CANTOPEN' });
  }
  return new NodeSqliteDatabase(nodeSqlite, file);
}
