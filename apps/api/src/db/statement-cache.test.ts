import { CamelCasePlugin, Kysely, SqliteDialect, sql, type SqliteDatabase } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openSqlite, usableSqliteDrivers, type SqliteDriver } from './sqlite.ts';
import { withStatementCache } from './statement-cache.ts';

interface Tables {
  notes: { id: number; text: string };
}

/** A SQLite connection that counts the statements SQLite is asked to prepare. */
function countingConnection(driver: SqliteDriver) {
  const sqlite = openSqlite(':memory:', { driver });
  const counts = { prepared: 0 };
  const counting: SqliteDatabase = {
    prepare: (text: string) => {
      counts.prepared++;
      return sqlite.prepare(text);
    },
    close: () => sqlite.close(),
  };
  return { counts, counting };
}

describe.each(usableSqliteDrivers())('prepared statements kept by their SQL (%s)', (driver) => {
  async function open(size?: number) {
    const { counts, counting } = countingConnection(driver);
    const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: withStatementCache(counting, size) }), plugins: [new CamelCasePlugin()] });
    await sql`create table notes (id integer primary key, text text not null)`.execute(db);
    await db.insertInto('notes').values([{ id: 1, text: 'un' }, { id: 2, text: 'deux' }]).execute();
    return { db, counts };
  }

  it('prepares a query once, however often it runs, with any parameters', async () => {
    const { db, counts } = await open();
    const before = counts.prepared;
    for (const id of [1, 2, 1, 2, 1]) {
      const row = await db.selectFrom('notes').select('text').where('id', '=', id).executeTakeFirst();
      expect(row?.text).toBe(id === 1 ? 'un' : 'deux');
    }
    expect(counts.prepared - before).toBe(1);
    await db.destroy();
  });

  it('reads the new schema after a migration changed the table (node:sqlite kept the old columns of a select *)', async () => {
    const { db } = await open();
    const readAll = () => db.selectFrom('notes').selectAll().orderBy('id').execute();
    expect(await readAll()).toEqual([{ id: 1, text: 'un' }, { id: 2, text: 'deux' }]);
    await sql`alter table notes add column mood text not null default 'gai'`.execute(db);
    expect(await readAll()).toEqual([{ id: 1, text: 'un', mood: 'gai' }, { id: 2, text: 'deux', mood: 'gai' }]);
    await db.destroy();
  });

  it('runs a query again after a stream of it was left half read', async () => {
    const { db } = await open();
    const query = db.selectFrom('notes').select('text').orderBy('id');
    expect(await query.execute()).toEqual([{ text: 'un' }, { text: 'deux' }]);
    for await (const row of query.stream()) {
      expect(row.text).toBe('un');
      break;
    }
    expect(await query.execute()).toEqual([{ text: 'un' }, { text: 'deux' }]);
    await db.destroy();
  });

  it('keeps a bounded number of statements: the least recently used are prepared again', async () => {
    const { db, counts } = await open(2);
    const byId = (id: number) => db.selectFrom('notes').select('id').where('id', '=', id).execute();
    const byText = (text: string) => db.selectFrom('notes').select('id').where('text', '=', text).execute();
    const all = () => db.selectFrom('notes').select('id').execute();
    const before = counts.prepared;
    await byId(1);
    await byText('un');
    await all(); // the third distinct query pushes out the first
    await byId(2);
    expect(counts.prepared - before).toBe(4);
    await db.destroy();
  });
});
