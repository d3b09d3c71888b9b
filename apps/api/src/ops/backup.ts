import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { once } from 'node:events';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { sql, type Kysely } from 'kysely';
import tar, { type Pack } from 'tar-stream';
import { createDatabase } from '../db/connection.ts';
import { openSqlite } from '../db/sqlite.ts';
import { StorageNotFoundError } from '../plugins/storage.ts';
import { ARCHIVE_FORMAT, FORMAT_VERSION, formatBytes, neutralValue, TABLES, tableEntry, UPLOADS_PREFIX, type ArchiveHeader, type Manifest, type SiteStores } from './archive-format.ts';

/** Any table, any column: the tables are walked by name. */
export type LooseDB = Kysely<Record<string, Record<string, unknown>>>;

const PAGE = 500;

export interface BackupOptions extends SiteStores {
  /** The SQLite file behind `db`, when there is one: copied with SQLite's online backup API. */
  sqliteFile?: string;
  /** The backup file to write (written under a temporary name, then renamed). */
  out: string;
}

/**
 * Reads every table inside one consistent view of the database: a copy made by SQLite's online backup
 * (the server goes on writing meanwhile), one read transaction on an in-memory SQLite, or one
 * REPEATABLE READ READ ONLY transaction (a snapshot) on PostgreSQL.
 */
async function withSnapshot<T>(options: BackupOptions, tempDir: string, read: (db: LooseDB) => Promise<T>): Promise<T> {
  if (options.dialect === 'postgres') {
    return options.db.transaction().setIsolationLevel('repeatable read').setAccessMode('read only').execute((trx) => read(trx as unknown as LooseDB));
  }
  if (!options.sqliteFile) return options.db.transaction().execute((trx) => read(trx as unknown as LooseDB));
  const copyFile = path.join(tempDir, 'snapshot.sqlite');
  const source = openSqlite(options.sqliteFile, { fileMustExist: true });
  try {
    await source.backup(copyFile);
  } finally {
    source.close();
  }
  const { db: copy } = createDatabase({ sqliteFile: copyFile });
  try {
    return await read(copy as unknown as LooseDB);
  } finally {
    await copy.destroy();
  }
}

async function lastMigration(db: LooseDB): Promise<string | null> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(db);
  return rows[0]?.name ?? null;
}

/** Writes one table as JSON Lines into `file`, page by page in key order; returns its figures. */
async function dumpTable(db: LooseDB, table: (typeof TABLES)[number], file: string) {
  const out = fs.createWriteStream(file);
  const hash = crypto.createHash('sha256');
  let rows = 0;
  let bytes = 0;
  let last: unknown;
  for (;;) {
    let query = db.selectFrom(table.name).selectAll().orderBy(table.key).limit(PAGE);
    if (last !== undefined) query = query.where(table.key, '>', last);
    const page = await query.execute();
    for (const row of page) {
      const neutral = Object.fromEntries(Object.entries(row).map(([column, value]) => [column, neutralValue(value)]));
      const line = `${JSON.stringify(neutral)}\n`;
      hash.update(line);
      bytes += Buffer.byteLength(line);
      rows++;
      if (!out.write(line)) await once(out, 'drain');
    }
    if (page.length < PAGE) break;
    last = page[page.length - 1]![table.key];
  }
  out.end();
  await once(out, 'finish');
  return { rows, bytes, sha256: hash.digest('hex') };
}

/** Adds one streamed entry of known size to the tar; resolves once tar-stream has taken all of it. */
async function addStream(pack: Pack, name: string, size: number, body: Readable, onChunk?: (chunk: Buffer) => void): Promise<void> {
  let entry!: NodeJS.WritableStream;
  const finished = new Promise<void>((done, fail) => {
    entry = pack.entry({ name, size, mtime: new Date() }, (error) => (error ? fail(error) : done()));
  });
  for await (const chunk of body as AsyncIterable<Buffer>) {
    onChunk?.(chunk);
    if (!entry.write(chunk)) await once(entry, 'drain');
  }
  entry.end();
  await finished;
}

function addBuffer(pack: Pack, name: string, content: Buffer): Promise<void> {
  return new Promise((resolve, reject) => pack.entry({ name, size: content.length, mtime: new Date() }, content, (error) => (error ? reject(error) : resolve())));
}

/**
 * Writes every table's rows and every uploaded file into one .tar.gz (see archive-format.ts), while
 * the server keeps running. Rows and files are streamed; nothing is held whole in memory.
 */
export async function createBackup(options: BackupOptions): Promise<Manifest> {
  const out = path.resolve(options.out);
  const tempDir = await fsp.mkdtemp(path.join(path.dirname(out), '.sauvegarde-'));
  const partial = `${out}.partiel`;
  const progress = options.progress;
  try {
    // 1. The rows, from one consistent view, into temporary JSON Lines files (a tar entry needs its size first).
    let tablesDone = 0;
    const { migration, tables } = await withSnapshot(options, tempDir, async (db) => {
      const figures: Manifest['tables'] = {};
      for (const table of TABLES) {
        figures[table.name] = await dumpTable(db, table, path.join(tempDir, `${table.name}.jsonl`));
        tablesDone++;
        progress?.update(() => `tables ${tablesDone}/${TABLES.length}`);
      }
      return { migration: await lastMigration(db), tables: figures };
    });
    const header: ArchiveHeader = { format: ARCHIVE_FORMAT, version: FORMAT_VERSION, createdAt: new Date().toISOString(), dialect: options.dialect, migration };

    // 2. The archive: header, tables, files, manifest.
    const pack = tar.pack();
    const written = pipeline(pack, zlib.createGzip(), fs.createWriteStream(partial));
    // A failure of the file (disk full) must stop the packing below rather than leave it waiting.
    const failure = written.catch((error: unknown) => {
      pack.destroy(error as Error);
      throw error;
    });
    failure.catch(() => undefined);
    await addBuffer(pack, 'format.json', Buffer.from(JSON.stringify(header, null, 2)));
    for (const table of TABLES) {
      const file = path.join(tempDir, `${table.name}.jsonl`);
      await addStream(pack, tableEntry(table.name), tables[table.name]!.bytes, fs.createReadStream(file));
      await fsp.rm(file);
    }
    const keys: string[] = [];
    for await (const key of options.storage.list('')) keys.push(key);
    keys.sort();
    const files: Manifest['files'] = [];
    let bytes = 0;
    const line = () => `tables ${TABLES.length}/${TABLES.length} … fichiers ${files.length}/${keys.length} (${formatBytes(bytes)})`;
    for (const key of keys) {
      let opened;
      try {
        opened = await options.storage.read(key);
      } catch (error) {
        // Removed since the listing (its content was deleted meanwhile): nothing to keep.
        if (error instanceof StorageNotFoundError) continue;
        throw error;
      }
      const hash = crypto.createHash('sha256');
      await addStream(pack, UPLOADS_PREFIX + key, opened.size, opened.body, (chunk) => {
        hash.update(chunk);
        bytes += chunk.length;
        progress?.update(line);
      });
      files.push({ key, size: opened.size, sha256: hash.digest('hex') });
      progress?.update(line);
    }
    const manifest: Manifest = { ...header, tables, files };
    await addBuffer(pack, 'manifest.json', Buffer.from(JSON.stringify(manifest, null, 2)));
    pack.finalize();
    await failure;
    await fsp.rename(partial, out);
    const rows = Object.values(tables).reduce((n, t) => n + t.rows, 0);
    progress?.done(`Sauvegarde écrite : ${out} — ${TABLES.length} tables, ${rows} lignes, ${files.length} fichiers (${formatBytes(bytes)}), ${formatBytes((await fsp.stat(out)).size)} compressés.`);
    return manifest;
  } catch (error) {
    await fsp.rm(partial, { force: true });
    throw error;
  } finally {
    await fsp.rm(tempDir, { recursive: true, force: true });
  }
}
