import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app.ts';
import { apiAnswers, fillSource, logIn, storedFiles } from '../test/backup-fixtures.ts';
import { createBackup } from './backup.ts';
import { restoreBackup } from './restore.ts';

const quiet = { update: () => undefined, done: () => undefined };
const contexts: TestContext[] = [];
let tmp: string;

/** createTestApp picks PostgreSQL when TEST_DATABASE_URL is set: hide it for a SQLite app. */
async function sqliteApp(): Promise<TestContext> {
  const url = process.env.TEST_DATABASE_URL;
  delete process.env.TEST_DATABASE_URL;
  try {
    return await createTestApp();
  } finally {
    process.env.TEST_DATABASE_URL = url;
  }
}

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bande-backup-pg-'));
});
afterAll(async () => {
  for (const ctx of contexts) await ctx.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

it('SQLite → PostgreSQL → SQLite gives the same API answers, files and admin password at each step', async () => {
  const source = await sqliteApp();
  contexts.push(source);
  const { token, uploadUrl } = await fillSource(source);
  const expected = await apiAnswers(source, token, uploadUrl);
  const files = await storedFiles(source);
  const fromSqlite = path.join(tmp, 'sqlite.tar.gz');
  await createBackup({ db: source.db, dialect: source.dialect, storage: source.storage, out: fromSqlite, progress: quiet });

  const onPg = await createTestApp();
  contexts.push(onPg);
  expect(onPg.dialect).toBe('postgres');
  await restoreBackup({ db: onPg.db, dialect: onPg.dialect, storage: onPg.storage, file: fromSqlite, progress: quiet });
  expect(await apiAnswers(onPg, token, uploadUrl)).toEqual(expected);
  expect(await storedFiles(onPg)).toEqual(files);
  expect(await logIn(onPg)).toBe(200);
  // Sequences were moved past the restored ids: a new row gets a fresh id.
  const venue = await onPg.db.insertInto('venues').values({ name: 'Nouvelle salle', address: '2 rue', createdAt: 'x', updatedAt: 'x' }).returning('id').executeTakeFirstOrThrow();
  const maxBefore = Math.max(...(expected['/api/venues'] as { body: Array<{ id: number }> }).body.map((v) => v.id));
  expect(venue.id).toBeGreaterThan(maxBefore);
  await onPg.db.deleteFrom('venues').where('id', '=', venue.id).execute();

  const fromPg = path.join(tmp, 'pg.tar.gz');
  await createBackup({ db: onPg.db, dialect: onPg.dialect, storage: onPg.storage, out: fromPg, progress: quiet });
  const back = await sqliteApp();
  contexts.push(back);
  await restoreBackup({ db: back.db, dialect: back.dialect, storage: back.storage, file: fromPg, progress: quiet });
  expect(await apiAnswers(back, token, uploadUrl)).toEqual(expected);
  expect(await storedFiles(back)).toEqual(files);
  expect(await logIn(back)).toBe(200);
  // Three databases built, backed up and restored in turn: about 13 s alone, twice that on a busy machine.
}, 90_000);
