import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** A page count no database reaches: an online backup's whole copy in one step (SqliteConnection.backup says why). */
export const ALL_PAGES_AT_ONCE = 0x7fffffff;

/*
 * Node's built-in SQLite module (node:sqlite) shaped like better-sqlite3, the way Kysely's SqliteDialect
 * and our backup use it. It serves on Node 24 and later, where better-sqlite3 12 aborts the process
 * (docs/decisions/007-sqlite-on-node-24.md).
 *
 * @types/node follows the oldest supported Node (20), which has no node:sqlite: below are the parts
 * used here, as Node 24 documents them.
 */
interface StatementSync {
  /** The result columns; empty for a statement that returns no rows (INSERT without RETURNING…). */
  columns(): unknown[];
  all(...parameters: unknown[]): unknown[];
  run(...parameters: unknown[]): { changes: number | bigint; lastInsertRowid: number | bigint };
  iterate(...parameters: unknown[]): IterableIterator<unknown>;
}

interface DatabaseSync {
  prepare(sql: string): StatementSync;
  exec(sql: string): void;
  close(): void;
}

interface NodeSqliteModule {
  DatabaseSync: new (path: string) => DatabaseSync;
  StatementSync: { prototype: Partial<StatementSync> };
  /** SQLite's online backup API: copies `source` page by page into the file at `path`. */
  backup(source: DatabaseSync, path: string, options?: { rate?: number }): Promise<number>;
}

/**
 * node:sqlite when this Node has it complete: backup() and StatementSync.columns() came with 22.16
 * and 24.0; Node 20 has no node:sqlite at all. On Node 22 loading it prints an ExperimentalWarning
 * (not on 24), which is one reason better-sqlite3 stays the driver there.
 */
export function loadNodeSqlite(): NodeSqliteModule | undefined {
  const sqlite = process.getBuiltinModule('node:sqlite') as Partial<NodeSqliteModule> | undefined;
  if (typeof sqlite?.backup !== 'function' || typeof sqlite.StatementSync?.prototype.columns !== 'function') return undefined;
  return sqlite as NodeSqliteModule;
}

/**
 * A prepared statement as Kysely reads it. Kysely passes parameters as one array, which better-sqlite3
 * spreads itself and node:sqlite expects spread. `reader` is what better-sqlite3 computes: the statement
 * has result columns (a SELECT, or a write with RETURNING), so Kysely runs all() rather than run().
 */
class NodeSqliteStatement implements SqliteStatement {
  readonly reader: boolean;

  constructor(private readonly statement: StatementSync) {
    this.reader = statement.columns().length > 0;
  }

  all(parameters: ReadonlyArray<unknown>): unknown[] {
    return this.statement.all(...parameters);
  }

  run(parameters: ReadonlyArray<unknown>) {
    return this.statement.run(...parameters);
  }

  iterate(parameters: ReadonlyArray<unknown>): IterableIterator<unknown> {
    return this.statement.iterate(...parameters);
  }
}

/**
 * One node:sqlite connection with the better-sqlite3 methods our code calls: prepare (Kysely), exec
 * (pragmas) and backup (apps/api/src/ops/backup.ts). Integers are read as numbers, as better-sqlite3
 * does, except that one beyond 2^53 throws (ERR_OUT_OF_RANGE) instead of being silently rounded; no
 * column holds one (ids and positions are capped at PostgreSQL's int4, dates are epoch milliseconds).
 */
export class NodeSqliteDatabase implements SqliteDatabase {
  readonly #sqlite: NodeSqliteModule;
  readonly #database: DatabaseSync;

  constructor(sqlite: NodeSqliteModule, file: string) {
    this.#sqlite = sqlite;
    this.#database = new sqlite.DatabaseSync(file);
  }

  prepare(sql: string): NodeSqliteStatement {
    return new NodeSqliteStatement(this.#database.prepare(sql));
  }

  exec(sql: string): void {
    this.#database.exec(sql);
  }

  /** Copies the whole database into `file` in one step while other connections go on writing (see SqliteConnection). */
  backup(file: string): Promise<number> {
    return this.#sqlite.backup(this.#database, file, { rate: ALL_PAGES_AT_ONCE });
  }

  close(): void {
    this.#database.close();
  }
}
