import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';

/**
 * Where uploaded files live. The disk implementation is the default; an object-storage one would
 * implement the same three calls and serve `publicUrl` from its own host.
 */
export interface Storage {
  /** Streams `content` under `key`; on failure nothing is left behind. */
  save(key: string, content: Readable): Promise<void>;
  remove(key: string): Promise<void>;
  publicUrl(key: string): string;
  /** Absolute directory for the static file server, when files are on this machine's disk. */
  readonly localRoot?: string;
}

export function createDiskStorage(root: string): Storage {
  fs.mkdirSync(root, { recursive: true });
  const resolve = (key: string) => {
    const target = path.resolve(root, key);
    if (!target.startsWith(path.resolve(root) + path.sep)) throw new Error(`clé de stockage invalide: ${key}`);
    return target;
  };
  return {
    localRoot: root,
    async save(key, content) {
      const target = resolve(key);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      try {
        await pipeline(content, fs.createWriteStream(target, { flags: 'wx' }));
      } catch (error) {
        // 'wx' refused because the key exists: that file belongs to someone else and must stay.
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') await fsp.rm(target, { force: true });
        throw error;
      }
    },
    async remove(key) {
      await fsp.rm(resolve(key), { force: true });
    },
    publicUrl: (key) => `/uploads/${key}`,
  };
}
