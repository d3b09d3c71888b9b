import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { createDiskStorage, isValidKey, RangeNotSatisfiableError, StorageNotFoundError } from './storage.ts';

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
    await expect(storage.read('../../etc/passwd')).rejects.toThrow(/invalide/);
    for (const key of ['../a', 'a/../../b', '/etc/passwd', 'a//b', './a', 'a\\b', 'a\0b', '']) expect(isValidKey(key), key).toBe(false);
    expect(isValidKey('2026/11/abc.w960.webp')).toBe(true);
  });

  it('never shows a half file under the final name, nor leaves its temporary file, when an upload breaks', async () => {
    const dir = path.join(root, 'coupure');
    let seenWhileWriting: string[] = [];
    let reads = 0;
    const failing = new Readable({
      read() {
        // Bytes flow until the file being written shows in the folder (its opening is asynchronous,
        // sooner or later depending on the Node version); then the client goes away.
        const present = fs.existsSync(dir) ? fs.readdirSync(dir) : [];
        if (present.length === 0 && ++reads < 200) {
          this.push(Buffer.alloc(64 * 1024, 1));
          return;
        }
        // While bytes are being written, the final name does not exist yet.
        seenWhileWriting = present;
        this.destroy(new Error('client parti'));
      },
    });
    await expect(storage.save('coupure/video.mp4', failing)).rejects.toThrow('client parti');
    expect(seenWhileWriting.length).toBe(1);
    expect(seenWhileWriting[0]).not.toBe('video.mp4');
    expect(fs.readdirSync(dir)).toEqual([]);
    expect(await storage.exists('coupure/video.mp4')).toBe(false);
  });

  it('leaves no temporary file once saved, and lists keys without them', async () => {
    await storage.save('liste/x/1.jpg', Readable.from(['1']));
    await storage.save('liste/2.jpg', Readable.from(['2']));
    await storage.save('listez.jpg', Readable.from(['3']));
    expect(fs.readdirSync(path.join(root, 'liste'))).toEqual(expect.arrayContaining(['x', '2.jpg']));
    expect(fs.readdirSync(path.join(root, 'liste')).length).toBe(2);
    const keys: string[] = [];
    for await (const key of storage.list('liste/')) keys.push(key);
    expect(keys.sort()).toEqual(['liste/2.jpg', 'liste/x/1.jpg']);
    const all: string[] = [];
    for await (const key of storage.list('')) all.push(key);
    expect(all).toEqual(expect.arrayContaining(['liste/2.jpg', 'listez.jpg', '2026/11/a.txt']));
    expect(all.some((key) => key.includes('.tmp-'))).toBe(false);
  });

  it('reads a file whole or by byte range, with its size and type', async () => {
    await storage.save('lire/a.txt', Readable.from(['0123456789']));
    const whole = await storage.read('lire/a.txt');
    expect(await text(whole.body)).toBe('0123456789');
    expect(whole).toMatchObject({ size: 10, contentType: 'text/plain; charset=utf-8' });
    expect(whole.range).toBeUndefined();
    const part = await storage.read('lire/a.txt', { range: { start: 2, end: 4 } });
    expect(await text(part.body)).toBe('234');
    expect(part).toMatchObject({ size: 10, range: { start: 2, end: 4 } });
    const tail = await storage.read('lire/a.txt', { range: { suffix: 3 } });
    expect(await text(tail.body)).toBe('789');
    await expect(storage.read('lire/a.txt', { range: { start: 10 } })).rejects.toBeInstanceOf(RangeNotSatisfiableError);
    await expect(storage.read('lire/absent.txt')).rejects.toBeInstanceOf(StorageNotFoundError);
    expect(await storage.stat('lire/a.txt')).toMatchObject({ size: 10 });
    expect(await storage.stat('lire/absent.txt')).toBeUndefined();
    expect(await storage.exists('lire')).toBe(false);
  });
});
