import { CamelCasePlugin, Kysely, SqliteDialect, type CompiledQuery } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/schema.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import { openSqlite } from '../../db/sqlite.ts';
import { audienceFigures } from './figures.ts';

/**
 * The Bilan's audience sums read a season of daily counts (500,000 page views in the bench, 167,000
 * rows). Each must be answered from the index made for them (migration 035) alone: read through the
 * unique key instead, the six sums took 350 ms of the Bilan's 300 ms on SQLite (scripts/bench-bilan.mjs).
 * SQLite's own plan for each statement the figures run says which index it reads.
 */
describe("the audience figures' sums on SQLite", () => {
  it('each read the period from the covering index audience_counts_period, never the table', async () => {
    const sqlite = openSqlite(':memory:');
    const statements: CompiledQuery[] = [];
    const db = new Kysely<Database>({
      dialect: new SqliteDialect({ database: sqlite }),
      plugins: [new CamelCasePlugin()],
      log: (event) => {
        if (event.level === 'query') statements.push(event.query);
      },
    });
    await migrateToLatest(db as never, 'sqlite');
    statements.length = 0;
    await audienceFigures(db, '2025-09-01', '2026-08-31');
    const sums = statements.filter((statement) => statement.sql.includes('"audience_counts"'));
    expect(sums.length).toBeGreaterThanOrEqual(6);
    for (const statement of sums) {
      const plan = sqlite
        .prepare(`explain query plan ${statement.sql}`)
        .all(statement.parameters)
        .map((step) => String((step as { detail: string }).detail))
        .filter((detail) => detail.includes('audience_counts'));
      expect(plan, statement.sql).toEqual([expect.stringContaining('USING COVERING INDEX audience_counts_period')]);
    }
    await db.destroy();
  });
});
