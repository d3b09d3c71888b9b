import crypto from 'node:crypto';
import fs from 'node:fs';
import zlib from 'node:zlib';
import { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { sql } from 'kysely';
import tar from 'tar-stream';
import type { DialectName } from '../db/connection.ts';
import { migrateToLatest, migrationNames } from '../db/migrate.ts';
import { isValidKey, type Storage } from '../plugins/storage.ts';
import { ARCHIVE_FORMAT, ArchiveError, CONTENT_TABLES, FORMAT_VERSION, formatBytes, NOT_ARCHIVED, TABLES, tableEntry, UPLOADS_PREFIX, type ArchiveHeader, type Manifest, type SiteStores } from './archive-format.ts';
import type { LooseDB } from './backup.ts';

/** The database already holds content and --force was not given: nothing was changed. */
export class RestoreRefusedError extends Error {}

export interface RestoreOptions extends SiteStores {
  file: string;
  /** Replace a database that already holds content. */
  force?: boolean;
}

const BATCH = 100;
const tableNames = new Map(TABLES.map((table) => [tableEntry(table.name), table]));
/** Entries an older backup may hold that are no longer restored (NOT_ARCHIVED): read past. */
const notArchivedEntries = new Set(NOT_ARCHIVED.map((name) => tableEntry(name)));
const snakeCase = (name: string) => name.replace(/[A-Z]/g, (char) => `_${char.toLowerCase()}`);

type Entry = AsyncIterable<Buffer> & { header: { name: string } };

/** The archive's entries, in order; each must be read to its end before the next comes. */
function openArchive(file: string): AsyncIterable<Entry> {
  const extract = tar.extract();
  const read = fs.createReadStream(file);
  const gunzip = zlib.createGunzip();
  read.on('error', (error) => extract.destroy(error));
  gunzip.on('error', (error) => extract.destroy(error));
  read.pipe(gunzip).pipe(extract as unknown as NodeJS.WritableStream);
  return extract as unknown as AsyncIterable<Entry>;
}

async function readText(entry: AsyncIterable<Buffer>): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of entry) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

async function drain(entry: AsyncIterable<Buffer>): Promise<void> {
  for await (const chunk of entry) void chunk;
}

/** The lines of a JSON Lines entry, decoded across chunk boundaries; `onChunk` sees the raw bytes. */
async function* lines(entry: AsyncIterable<Buffer>, onChunk: (chunk: Buffer) => void): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  let rest = '';
  for await (const chunk of entry) {
    onChunk(chunk);
    const parts = (rest + decoder.write(chunk)).split('\n');
    rest = parts.pop()!;
    yield* parts;
  }
  rest += decoder.end();
  if (rest !== '') yield rest;
}

function parseRow(line: string, entry: string): Record<string, unknown> {
  const row: unknown = JSON.parse(line);
  if (typeof row !== 'object' || row === null || Array.isArray(row)) throw new ArchiveError(`ligne invalide dans ${entry}`);
  return row as Record<string, unknown>;
}

function checkHeader(value: unknown, dialect: DialectName): ArchiveHeader {
  const header = value as Partial<ArchiveHeader> | null;
  if (header?.format !== ARCHIVE_FORMAT) throw new ArchiveError('Ce fichier n’est pas une sauvegarde de La Bande à Lire. Rien n’a été restauré.');
  if (header.version !== FORMAT_VERSION) {
    throw new ArchiveError(
      `Format de sauvegarde inconnu (version ${String(header.version)}) : cette version du site lit la version ${FORMAT_VERSION}. Mettez le site à jour avant de restaurer. Rien n’a été restauré.`,
    );
  }
  if (header.migration != null && !migrationNames(dialect).includes(header.migration)) {
    throw new ArchiveError(`Cette sauvegarde vient d’une version plus récente du site (migration ${header.migration}) : mettez le site à jour avant de restaurer. Rien n’a été restauré.`);
  }
  return header as ArchiveHeader;
}

const corrupt = (detail: string) => new ArchiveError(`Fichier de sauvegarde corrompu ou incomplet (${detail}). Rien n’a été restauré.`);

function asArchiveError(error: unknown, file: string): Error {
  if (error instanceof ArchiveError) return error;
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return new ArchiveError(`Fichier de sauvegarde introuvable : ${file}`);
  return corrupt(error instanceof Error ? error.message : String(error));
}

/**
 * First pass: reads the whole file, checks its format version, that it is complete (every entry the
 * manifest lists, with its row count and SHA-256) and that every row is JSON. Nothing is written.
 */
export async function verifyArchive(file: string, dialect: DialectName): Promise<Manifest> {
  let header: ArchiveHeader | undefined;
  let manifest: Manifest | undefined;
  const tables = new Map<string, Manifest['tables'][string]>();
  const files = new Map<string, { size: number; sha256: string }>();
  try {
    for await (const entry of openArchive(file)) {
      const name = entry.header.name;
      if (!header) {
        if (name !== 'format.json') throw new ArchiveError('Ce fichier n’est pas une sauvegarde de La Bande à Lire. Rien n’a été restauré.');
        header = checkHeader(JSON.parse(await readText(entry)), dialect);
      } else if (name === 'manifest.json') {
        manifest = JSON.parse(await readText(entry)) as Manifest;
      } else if (tableNames.has(name)) {
        const hash = crypto.createHash('sha256');
        let bytes = 0;
        let rows = 0;
        for await (const line of lines(entry, (chunk) => (hash.update(chunk), (bytes += chunk.length)))) {
          parseRow(line, name);
          rows++;
        }
        tables.set(tableNames.get(name)!.name, { rows, bytes, sha256: hash.digest('hex') });
      } else if (notArchivedEntries.has(name)) {
        await drain(entry);
      } else if (name.startsWith(UPLOADS_PREFIX) && isValidKey(name.slice(UPLOADS_PREFIX.length))) {
        const hash = crypto.createHash('sha256');
        let size = 0;
        for await (const chunk of entry as AsyncIterable<Buffer>) {
          hash.update(chunk);
          size += chunk.length;
        }
        files.set(name.slice(UPLOADS_PREFIX.length), { size, sha256: hash.digest('hex') });
      } else throw corrupt(`entrée inattendue « ${name} »`);
    }
  } catch (error) {
    throw asArchiveError(error, file);
  }
  if (!header) throw corrupt('fichier vide');
  if (!manifest) throw corrupt('manifeste absent : la sauvegarde a été interrompue');
  for (const table of TABLES) {
    const expected = manifest.tables?.[table.name];
    const found = tables.get(table.name);
    if (!expected || !found) throw corrupt(`table ${table.name} absente`);
    if (expected.rows !== found.rows || expected.sha256 !== found.sha256) throw corrupt(`table ${table.name} : ${found.rows} lignes lues, ${expected.rows} attendues, ou empreinte différente`);
  }
  if (!Array.isArray(manifest.files) || manifest.files.length !== files.size) throw corrupt('liste des fichiers différente du manifeste');
  for (const expected of manifest.files) {
    const found = files.get(expected.key);
    if (!found || found.size !== expected.size || found.sha256 !== expected.sha256) throw corrupt(`fichier ${expected.key} absent ou différent de son empreinte SHA-256`);
  }
  return manifest;
}

/** What the database holds that a restore would replace, in French ('12 spectacles'); empty when nothing. */
export type LooseDBForTests = LooseDB;

export async function describeContent(db: LooseDB): Promise<string[]> {
  const found: string[] = [];
  for (const table of CONTENT_TABLES) {
    const { n } = await db.selectFrom(table.name).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    if (Number(n) > 0) found.push(table.label(Number(n)));
  }
  return found;
}

export const refusalMessage = (content: string[]) => `La base contient déjà des données (${content.join(', ')}). Relancez avec --force pour les remplacer.`;

async function sha256Of(storage: Storage, key: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  for await (const chunk of (await storage.read(key)).body as AsyncIterable<Buffer>) hash.update(chunk);
  return hash.digest('hex');
}

/** Writes one file to storage, hashing it on the way; a file that does not match its SHA-256 is removed. */
async function restoreFile(storage: Storage, key: string, entry: AsyncIterable<Buffer>, expected: { size: number; sha256: string }, onChunk: (n: number) => void) {
  if (await storage.exists(key)) {
    // Already there (a restore over the same storage): kept when identical, else replaced.
    if ((await sha256Of(storage, key)) === expected.sha256) {
      for await (const chunk of entry) onChunk(chunk.length);
      return;
    }
    await storage.remove(key);
  }
  const hash = crypto.createHash('sha256');
  let size = 0;
  const body = Readable.from(
    (async function* () {
      for await (const chunk of entry) {
        hash.update(chunk);
        size += chunk.length;
        onChunk(chunk.length);
        yield chunk;
      }
    })(),
  );
  await storage.save(key, body);
  if (size !== expected.size || hash.digest('hex') !== expected.sha256) {
    await storage.remove(key);
    throw corrupt(`le fichier ${key} ne correspond pas à son empreinte SHA-256`);
  }
}

/**
 * Loads a backup into the configured database and storage: migrations first, then the whole file is
 * checked, then in ONE transaction the tables are emptied and filled (and PostgreSQL's sequences moved
 * past the largest ids), the files written to storage. Refuses a database holding content unless `force`.
 */
export async function restoreBackup(options: RestoreOptions): Promise<{ manifest: Manifest; rows: number; files: number; bytes: number }> {
  const { db, dialect, storage, file, progress } = options;
  await migrateToLatest(db, dialect);
  const refuseIfContent = async (executor: LooseDB) => {
    if (options.force) return;
    const content = await describeContent(executor);
    if (content.length > 0) throw new RestoreRefusedError(refusalMessage(content));
  };
  await refuseIfContent(db as unknown as LooseDB);
  const manifest = await verifyArchive(file, dialect);
  const expectedFiles = new Map(manifest.files.map((f) => [f.key, f]));
  const totalBytes = manifest.files.reduce((n, f) => n + f.size, 0);
  let tablesDone = 0;
  let rows = 0;
  let filesDone = 0;
  let bytes = 0;
  const line = () => `tables ${tablesDone}/${TABLES.length} … fichiers ${filesDone}/${manifest.files.length} (${formatBytes(bytes)} sur ${formatBytes(totalBytes)})`;

  await db.transaction().execute(async (transaction) => {
    const trx = transaction as unknown as LooseDB;
    await refuseIfContent(trx);
    // Every table, --force or not: a fresh database already has its content_version row.
    for (const table of [...TABLES].reverse()) await trx.deleteFrom(table.name).execute();
    for await (const entry of openArchive(file)) {
      const name = entry.header.name;
      const table = tableNames.get(name);
      if (table) {
        let batch: Record<string, unknown>[] = [];
        for await (const text of lines(entry, () => undefined)) {
          batch.push(parseRow(text, name));
          if (batch.length === BATCH) {
            await trx.insertInto(table.name).values(batch).execute();
            rows += batch.length;
            batch = [];
            progress?.update(line);
          }
        }
        if (batch.length > 0) await trx.insertInto(table.name).values(batch).execute();
        rows += batch.length;
        tablesDone++;
      } else if (name.startsWith(UPLOADS_PREFIX)) {
        const key = name.slice(UPLOADS_PREFIX.length);
        const expected = expectedFiles.get(key);
        if (!expected) throw corrupt(`fichier ${key} absent du manifeste`);
        await restoreFile(storage, key, entry, expected, (n) => {
          bytes += n;
          progress?.update(line);
        });
        filesDone++;
      } else await drain(entry);
      progress?.update(line);
    }
    // The archive's held_seats, plus the triggers' count of the reservations inserted after them, would
    // count twice (and an older archive has none): counted again from the reservations restored.
    await sql`update performances set held_seats = coalesce((select sum(seats) from reservations r where r.performance_id = performances.id and r.status in ('pending', 'confirmed', 'offered')), 0)`.execute(trx);
    if (dialect === 'postgres') {
      for (const table of TABLES.filter((t) => t.serial)) {
        const name = snakeCase(table.name);
        await sql`select setval(pg_get_serial_sequence(${name}, 'id'), coalesce(max(id), 0) + 1, false) from ${sql.table(name)}`.execute(trx);
      }
    }
  });
  progress?.done(`Restauration terminée : ${TABLES.length} tables, ${rows} lignes, ${filesDone} fichiers (${formatBytes(bytes)}) depuis la sauvegarde du ${manifest.createdAt}.`);
  return { manifest, rows, files: filesDone, bytes };
}
