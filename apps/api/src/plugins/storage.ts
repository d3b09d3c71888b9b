import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';

/** What storage knows about a stored file without reading it. */
export interface StoredFile {
  /** Whole size in bytes. */
  size: number;
  contentType: string;
  /** Quoted, as HTTP sends it, when the store has one. */
  etag?: string;
  lastModified?: Date;
}

/** Bytes asked for by an HTTP Range header: `bytes=start-[end]` or `bytes=-suffix`. */
export type ByteRange = { start: number; end?: number } | { suffix: number };

export interface OpenedFile extends StoredFile {
  body: Readable;
  /** The bytes served (inclusive) when a range was asked; `size` stays the whole size. */
  range?: { start: number; end: number };
}

/**
 * Where uploaded files live: this machine's disk by default, an S3-compatible bucket when several
 * servers must see the same files. Nothing outside this module and s3-storage.ts touches the files.
 */
export interface Storage {
  /**
   * Streams `content` under `key`; on failure nothing is left behind. Never replaces an existing key:
   * that refusal is an error with code `EEXIST`.
   */
  save(key: string, content: Readable): Promise<void>;
  /** Removes `key`; a missing key is not an error. */
  remove(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** The file's size and type, or undefined when there is none under `key`. */
  stat(key: string): Promise<StoredFile | undefined>;
  /** Opens `key` (or one byte range of it). Throws `StorageNotFoundError` or `RangeNotSatisfiableError`. */
  read(key: string, options?: { range?: ByteRange }): Promise<OpenedFile>;
  /** Every key starting with `prefix` ('' for all), in no particular order: for backups and orphan sweeps. */
  list(prefix: string): AsyncIterable<string>;
  publicUrl(key: string): string;
  /** Absolute directory for the static file server, when files are on this machine's disk. */
  readonly localRoot?: string;
}

export class StorageNotFoundError extends Error {
  readonly code = 'ENOENT';
  constructor(key: string) {
    super(`fichier absent du stockage: ${key}`);
  }
}

export class RangeNotSatisfiableError extends Error {
  constructor(readonly size: number) {
    super('plage d’octets hors du fichier');
  }
}

export function alreadyExists(key: string): Error {
  return Object.assign(new Error(`clé de stockage déjà prise: ${key}`), { code: 'EEXIST' });
}

/**
 * Keys are relative slash-separated paths such as `2026/11/abc.jpg`: no `..` or `.` segment, no
 * absolute path, no backslash or control character, so that no store can be led outside its folder.
 */
export function isValidKey(key: string): boolean {
  if (key === '' || key.length > 512 || key.startsWith('/') || key.includes('\\')) return false;
  if ([...key].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) return false;
  return key.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

export function checkKey(key: string): string {
  if (!isValidKey(key)) throw new Error(`clé de stockage invalide: ${key}`);
  return key;
}

const CONTENT_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  mp4: 'video/mp4',
  webm: 'video/webm',
  ogv: 'video/ogg',
  txt: 'text/plain; charset=utf-8',
};

/** The served type, decided by the key's extension (uploads are stored under their detected type's). */
export function contentTypeFor(key: string): string {
  return CONTENT_TYPES[path.extname(key).slice(1).toLowerCase()] ?? 'application/octet-stream';
}

/** First and last byte (inclusive) of `range` in a file of `size` bytes, or undefined when it is outside. */
export function resolveRange(range: ByteRange, size: number): { start: number; end: number } | undefined {
  if ('suffix' in range) return range.suffix > 0 && size > 0 ? { start: Math.max(0, size - range.suffix), end: size - 1 } : undefined;
  if (range.start >= size || (range.end !== undefined && range.end < range.start)) return undefined;
  return { start: range.start, end: Math.min(range.end ?? size - 1, size - 1) };
}

/** Temporary names start with this, beside their final name; `list` skips them. */
const TEMP_PREFIX = '.tmp-';

export function createDiskStorage(root: string): Storage {
  fs.mkdirSync(root, { recursive: true });
  const resolve = (key: string) => {
    const target = path.resolve(root, checkKey(key));
    if (!target.startsWith(path.resolve(root) + path.sep)) throw new Error(`clé de stockage invalide: ${key}`);
    return target;
  };
  const statFile = async (key: string) => {
    try {
      const stats = await fsp.stat(resolve(key));
      return stats.isFile() ? stats : undefined;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  };
  const describe = (key: string, stats: fs.Stats): StoredFile => ({
    size: stats.size,
    contentType: contentTypeFor(key),
    etag: `"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`,
    lastModified: stats.mtime,
  });
  async function* walk(dir: string, relative: string): AsyncGenerator<string> {
    let entries: fs.Dirent[];
    try {
      entries = await fsp.readdir(dir, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      if (entry.name.startsWith(TEMP_PREFIX)) continue;
      const key = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) yield* walk(path.join(dir, entry.name), key);
      else if (entry.isFile()) yield key;
    }
  }
  return {
    localRoot: root,
    async save(key, content) {
      const target = resolve(key);
      if (await statFile(key)) {
        content.destroy();
        throw alreadyExists(key);
      }
      await fsp.mkdir(path.dirname(target), { recursive: true });
      // Written under a temporary name beside the final one, then linked in whole: a crash or a broken
      // stream never leaves a half file under the final name. link (unlike rename) refuses to replace
      // a file that appeared meanwhile, so a key is never overwritten.
      const temp = path.join(path.dirname(target), `${TEMP_PREFIX}${crypto.randomBytes(8).toString('hex')}-${path.basename(target)}`);
      try {
        await pipeline(content, fs.createWriteStream(temp, { flags: 'wx' }));
        try {
          await fsp.link(temp, target);
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code;
          if (code === 'EEXIST') throw alreadyExists(key);
          if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP') throw error;
          // A file system without hard links: rename, after checking again that the key is free.
          if (await statFile(key)) throw alreadyExists(key);
          await fsp.rename(temp, target);
        }
      } finally {
        await fsp.rm(temp, { force: true });
      }
    },
    async remove(key) {
      await fsp.rm(resolve(key), { force: true });
    },
    async exists(key) {
      return (await statFile(key)) !== undefined;
    },
    async stat(key) {
      const stats = await statFile(key);
      return stats && describe(key, stats);
    },
    async read(key, options = {}) {
      const stats = await statFile(key);
      if (!stats) throw new StorageNotFoundError(key);
      const file = describe(key, stats);
      const range = options.range && resolveRange(options.range, stats.size);
      if (options.range && !range) throw new RangeNotSatisfiableError(stats.size);
      return { ...file, body: fs.createReadStream(resolve(key), range ?? {}), ...(range && { range }) };
    },
    list(prefix) {
      // Walks only the folder the prefix names, then filters on the rest of it.
      const dir = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
      if (dir && !isValidKey(dir)) throw new Error(`préfixe de stockage invalide: ${prefix}`);
      const keys = walk(dir ? resolve(dir) : root, dir);
      return (async function* () {
        for await (const key of keys) if (key.startsWith(prefix)) yield key;
      })();
    },
    publicUrl: (key) => `/uploads/${key}`,
  };
}
