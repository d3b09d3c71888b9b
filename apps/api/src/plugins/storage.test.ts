import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createDiskStorage } from './storage.ts';

describe('disk storage', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'storage-'));
  const storage = createDiskStorage(root);

  it('saves under its key and gives the public URL', async () => {
    await storage.save('2026/11/a.txt', Readable.from(['bonjour']));
    expect(fs.readFileSync(path.join(root, '2026/11/a.txt'), 'utf8')).toBe('bonjour');
    expect(storage.publicUrl('2026/11/a.txt')).toBe('/uploads/2026/11/a.txt');
  });

  it('never overwrites nor deletes an existing file when a key is reused', async () => {
    await storage.save('b.txt', Readable.from(['premier']));
    await expect(storage.save('b.txt', Readable.from(['second']))).rejects.toThrow();
    expect(fs.readFileSync(path.join(root, 'b.txt'), 'utf8')).toBe('premier');
  });

  it('removes a partial file when the stream fails', async () => {
    const failing = new Readable({
      read() {
        this.push('début');
        this.destroy(new Error('coupure'));
      },
    });
    await expect(storage.save('c.txt', failing)).rejects.toThrow('coupure');
    expect(fs.existsSync(path.join(root, 'c.txt'))).toBe(false);
  });

  it('refuses keys that leave its folder', async () => {
    await expect(storage.save('../evil.txt', Readable.from(['x']))).rejects.toThrow();
  });
});
