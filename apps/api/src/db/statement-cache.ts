import { LRUCache } from 'lru-cache';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** Statements that read or write rows (and the transaction's own), as Kysely writes them. */
const ROW_STATEMENT = /^\s*(?:select|insert|update|delete|with|replace|begin|commit|rollback|savepoint|release)\b/i;

/** How many distinct statements are kept prepared: every query this site makes, with room to spare. */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * A SQLite connection whose prepared statements are kept and reused by their SQL text.
 *
 * Kysely's SqliteDialect prepares each query afresh: compiling the SQL again on every call was 7.5 %
 * of the server's time on `GET /api/health` under load (docs/performance.md, issue 27). A statement
 * is reusable once its call returns (all() and run() are synchronous). Queries whose text varies (an
 * IN list of any length) fall out of the least recently used end.
 *
 * Only statements that read or write rows are kept. Any other statement (CREATE, ALTER, DROP, PRAGMA:
 * a migration) empties the cache before it runs, because node:sqlite keeps the columns a `select *`
 * had when it was prepared, where better-sqlite3 reads the new ones. A schema changed by another
 * process while the server runs is not seen that way; migrations run at start, before any query.
 *
 * Streams (Kysely's `.stream()`, iterate()) get a statement of their own: a stream left half read
 * must never leave a kept statement in the middle of its rows for the next query of the same SQL.
 */
export function withStatementCache<T extends SqliteDatabase>(database: T, size = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const statements = new LRUCache<string, SqliteStatement>({ max: size });
  return {
    prepare(sql: string): SqliteStatement {
      if (!ROW_STATEMENT.test(sql)) {
        statements.clear();
        return database.prepare(sql);
      }
      let kept = statements.get(sql);
      if (!kept) {
        const statement = database.prepare(sql);
        // Kept as Kysely will call it, so that a query of a known SQL allocates nothing here.
        kept = {
          reader: statement.reader,
          all: (parameters) => statement.all(parameters),
          run: (parameters) => statement.run(parameters),
          iterate: (parameters) => database.prepare(sql).iterate(parameters),
        };
        statements.set(sql, kept);
      }
      return kept;
    },
    close(): void {
      statements.clear();
      database.close();
    },
  };
}
