import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import tar from 'tar-stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../db/connection.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { createTestApp, type TestContext } from '../test/test-app.ts';
import { apiAnswers, fillSource, logIn, storedFiles } from '../test/backup-fixtures.ts';
import { createDiskStorage } from '../plugins/storage.ts';
import { ArchiveError, NOT_ARCHIVED, TABLES } from './archive-format.ts';
import { createBackup } from './backup.ts';
import { describeContent, restoreBackup, RestoreRefusedError, verifyArchive, type LooseDBForTests } from './restore.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const quiet = { update: () => undefined, done: () => undefined };
let tmp: string;
let source: TestContext;
let token: string;
let uploadUrl: string;
let archive: string;
const contexts: TestContext[] = [];

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bande-backup-'));
  source = await createTestApp();
  contexts.push(source);
  ({ token, uploadUrl } = await fillSource(source));
  archive = path.join(tmp, 'sauvegarde.tar.gz');
  await createBackup({ db: source.db, dialect: source.dialect, storage: source.storage, out: archive, progress: quiet });
});
afterAll(async () => {
  for (const ctx of contexts) await ctx.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const counts = (ctx: TestContext) => describeContent(ctx.db as unknown as LooseDBForTests);

describe('what a backup holds', () => {
  it('names every table of the schema, to back up or to leave out (a table added by a migration must be added to one)', async () => {
    const { db } = createDatabase({ sqliteFile: ':memory:' });
    await migrateToLatest(db, 'sqlite');
    const { rows } = await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE 'kysely_%'`.execute(db);
    await db.destroy();
    const snake = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
    expect([...TABLES.map((table) => table.name), ...NOT_ARCHIVED].map(snake).sort()).toEqual(rows.map((row) => row.name).sort());
  });

  it("never holds the day's visitor hashes nor the key they were made with, and a restore keeps the target's own", async () => {
    // The day's key and a visitor's hash, as the audience module writes them while the day runs.
    const key = 'cle-du-jour-0123456789abcdef';
    const hash = 'empreinte-visiteur-fedcba9876543210';
    await source.db.insertInto('audienceKeys').values({ day: '2026-03-03', key }).execute();
    await source.db.insertInto('audienceVisitors').values({ day: '2026-03-03', hash }).execute();
    const file = path.join(tmp, 'sans-empreintes.tar.gz');
    await createBackup({ db: source.db, dialect: source.dialect, storage: source.storage, out: file, progress: quiet });
    await source.db.deleteFrom('audienceVisitors').execute();
    await source.db.deleteFrom('audienceKeys').execute();
    // The whole file, uncompressed, searched for either value, and its entries' names.
    const content = zlib.gunzipSync(fs.readFileSync(file)).toString('utf8');
    expect(content).not.toContain(key);
    expect(content).not.toContain(hash);
    expect(content).not.toContain('tables/audienceKeys.jsonl');
    expect(content).not.toContain('tables/audienceVisitors.jsonl');
    // Restored over a server whose own day is running: its key and hashes stay.
    const target = await createTestApp();
    contexts.push(target);
    await target.db.insertInto('audienceKeys').values({ day: '2026-03-04', key: 'cle-de-la-cible' }).execute();
    await target.db.insertInto('audienceVisitors').values({ day: '2026-03-04', hash: 'empreinte-de-la-cible' }).execute();
    await restoreBackup({ db: target.db, dialect: target.dialect, storage: target.storage, file, force: true, progress: quiet });
    expect(await target.db.selectFrom('audienceKeys').select('key').execute()).toEqual([{ key: 'cle-de-la-cible' }]);
    expect(await target.db.selectFrom('audienceVisitors').select('hash').execute()).toEqual([{ hash: 'empreinte-de-la-cible' }]);

    // A backup made before (which held them) still restores; its copies are read past, not restored.
    const older = path.join(tmp, 'ancienne.tar.gz');
    const extract = tar.extract();
    const pack = tar.pack();
    fs.createReadStream(file).pipe(zlib.createGunzip()).pipe(extract as unknown as NodeJS.WritableStream);
    for await (const entry of extract as unknown as AsyncIterable<AsyncIterable<Buffer> & { header: { name: string } }>) {
      const chunks: Buffer[] = [];
      for await (const chunk of entry as AsyncIterable<Buffer>) chunks.push(chunk);
      if (entry.header.name === 'manifest.json') pack.entry({ name: 'tables/audienceKeys.jsonl' }, `${JSON.stringify({ day: '2026-03-03', key })}\n`);
      pack.entry({ name: entry.header.name }, Buffer.concat(chunks));
    }
    pack.finalize();
    const packed: Buffer[] = [];
    for await (const chunk of pack.pipe(zlib.createGzip()) as AsyncIterable<Buffer>) packed.push(chunk);
    fs.writeFileSync(older, Buffer.concat(packed));
    await restoreBackup({ db: target.db, dialect: target.dialect, storage: target.storage, file: older, force: true, progress: quiet });
    expect(await target.db.selectFrom('audienceKeys').select('key').execute()).toEqual([{ key: 'cle-de-la-cible' }]);
  });
});

describe('backup then restore (SQLite → SQLite)', () => {
  it('gives the same API answers, the same files and the same admin password', async () => {
    const target = await createTestApp();
    contexts.push(target);
    const result = await restoreBackup({ db: target.db, dialect: target.dialect, storage: target.storage, file: archive, progress: quiet });
    expect(result.files).toBeGreaterThan(1);
    expect(await apiAnswers(target, token, uploadUrl)).toEqual(await apiAnswers(source, token, uploadUrl));
    const files = await storedFiles(target);
    expect(files).toEqual(await storedFiles(source));
    expect(Object.keys(files)).toContain(uploadUrl.replace('/uploads/', ''));
    expect(await logIn(target)).toBe(200);
  });

  it('refuses a database holding content without --force, in French, and changes nothing', async () => {
    const target = await createTestApp();
    contexts.push(target);
    await target.db.insertInto('venues').values({ name: 'Salle à garder', address: '1 rue', createdAt: 'x', updatedAt: 'x' }).execute();
    const restore = (force: boolean) => restoreBackup({ db: target.db, dialect: target.dialect, storage: target.storage, file: archive, force, progress: quiet });
    const refusal = await restore(false).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(RestoreRefusedError);
    expect((refusal as Error).message).toBe('La base contient déjà des données (1 lieu). Relancez avec --force pour les remplacer.');
    expect(await counts(target)).toEqual(['1 lieu']);
    expect(await storedFiles(target)).toEqual({});

    await restore(true);
    expect(await target.db.selectFrom('venues').select('name').where('name', '=', 'Salle à garder').execute()).toEqual([]);
    expect(await counts(target)).toEqual(await counts(source));
  });

  it('refuses a corrupt file and an unknown format version, leaving the database as it was', async () => {
    const target = await createTestApp();
    contexts.push(target);
    const restore = (file: string) => restoreBackup({ db: target.db, dialect: target.dialect, storage: target.storage, file, progress: quiet }).then(() => new Error('restauré'), (error: unknown) => error as Error);

    const truncated = path.join(tmp, 'coupee.tar.gz');
    const bytes = fs.readFileSync(archive);
    fs.writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length * 0.8)));
    const cut = await restore(truncated);
    expect(cut).toBeInstanceOf(ArchiveError);
    expect(cut.message).toMatch(/^Fichier de sauvegarde corrompu ou incomplet \(.+\)\. Rien n’a été restauré\.$/);

    const future = path.join(tmp, 'future.tar.gz');
    const pack = tar.pack();
    pack.entry({ name: 'format.json' }, JSON.stringify({ format: 'la-bande-a-lire-backup', version: 99 }));
    pack.finalize();
    const chunks: Buffer[] = [];
    for await (const chunk of pack.pipe(zlib.createGzip()) as AsyncIterable<Buffer>) chunks.push(chunk);
    fs.writeFileSync(future, Buffer.concat(chunks));
    const unknown = await restore(future);
    expect(unknown).toBeInstanceOf(ArchiveError);
    expect(unknown.message).toBe('Format de sauvegarde inconnu (version 99) : cette version du site lit la version 1. Mettez le site à jour avant de restaurer. Rien n’a été restauré.');

    expect(await counts(target)).toEqual([]);
    expect(await storedFiles(target)).toEqual({});
  });
});

describe('backup of a SQLite file that is being written', () => {
  it('is one consistent copy: the manifest counts the rows the file holds', async () => {
    const dataDir = fs.mkdtempSync(path.join(tmp, 'data-'));
    const sqliteFile = path.join(dataDir, 'bande.sqlite');
    const { db, dialect } = createDatabase({ sqliteFile });
    await migrateToLatest(db, dialect);
    // Another connection, as the running server's, writes all along.
    const writer = createDatabase({ sqliteFile }).db;
    let writing = true;
    let written = 0;
    const writes = (async () => {
      while (writing) {
        await writer.insertInto('newsletterSubscriptions').values({ email: `n${written}@example.org`, createdAt: new Date().toISOString() }).execute();
        written++;
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    while (written < 200) await new Promise((resolve) => setTimeout(resolve, 5));
    const out = path.join(tmp, 'pendant.tar.gz');
    const manifest = await createBackup({ db, dialect, storage: createDiskStorage(path.join(dataDir, 'uploads')), sqliteFile, out, progress: quiet });
    writing = false;
    await writes;
    const rows = manifest.tables.newsletterSubscriptions!.rows;
    expect(rows).toBeGreaterThanOrEqual(200);
    // verifyArchive counts every line of every table and compares it with the manifest.
    expect((await verifyArchive(out, 'sqlite')).tables.newsletterSubscriptions!.rows).toBe(rows);
    await writer.destroy();
    await db.destroy();
  });
});

describe('npm run backup / restore (the command)', () => {
  it('backs up a DATA_DIR, then refuses to restore over it with exit code 2 and the French message', async () => {
    const dataDir = fs.mkdtempSync(path.join(tmp, 'cli-'));
    const { db, dialect } = createDatabase({ sqliteFile: path.join(dataDir, 'bande.sqlite') });
    await migrateToLatest(db, dialect);
    await db.insertInto('shows').values({ slug: 's', name: 'S', type: 't', pitch: 'p', note: 'n', year: '2026', isFeatured: 0, published: 1, createdAt: 'x', updatedAt: 'x' }).execute();
    await db.destroy();
    const run = (...args: string[]) =>
      spawnSync(process.execPath, [path.join(root, 'scripts/ops.mjs'), ...args], {
        cwd: tmp,
        env: { PATH: process.env.PATH, DATA_DIR: dataDir, INIT_CWD: tmp },
        encoding: 'utf8',
      });
    const backup = run('backup', 'cli.tar.gz');
    expect(backup.stderr).toMatch(/^Sauvegarde écrite : .*cli\.tar\.gz — \d+ tables, \d+ lignes, 0 fichiers/m);
    expect(backup.status).toBe(0);
    const restore = run('restore', 'cli.tar.gz');
    expect(restore.stderr.trim()).toBe('La base contient déjà des données (1 spectacle). Relancez avec --force pour les remplacer.');
    expect(restore.status).toBe(2);
    const forced = run('restore', 'cli.tar.gz', '--force');
    expect(forced.stderr).toMatch(/Restauration terminée : \d+ tables/);
    expect(forced.status).toBe(0);
    // Three Node processes compiling TypeScript: slow on a busy 2-core machine.
  }, 60_000);
});
