import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { texts } from '@bande/shared';
import { HttpError } from '../../lib/http-error.ts';
import { createDiskStorage, type Storage } from '../../plugins/storage.ts';
import { listFiles, sampleImage, sampleMp4, sampleWebm } from '../../test/upload-fixtures.ts';
import { newUploadKey, storeUpload, type UploadLimits } from './upload.service.ts';

let root: string;
let storage: Storage;
const now = new Date('2026-11-05T10:00:00.000Z');
const limits: UploadLimits = { imageBytes: 2_000, videoBytes: 10_000 };

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'bande-upload-'));
  storage = createDiskStorage(root);
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

/** A stream delivered in small chunks, as a network upload arrives. */
const chunked = (content: Buffer, size = 1_000) =>
  Readable.from(Array.from({ length: Math.ceil(content.length / size) }, (_, i) => content.subarray(i * size, (i + 1) * size)));
const padded = (head: Buffer, total: number) => Buffer.concat([head, Buffer.alloc(total - head.length)]);

async function expectHttpError(promise: Promise<unknown>, status: number, message: string) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  expect((error as HttpError).statusCode).toBe(status);
  expect((error as HttpError).message).toBe(message);
}

describe('storeUpload', () => {
  it('stores a video up to its limit, streamed in chunks', async () => {
    const content = padded(sampleMp4(), limits.videoBytes);
    const stored = await storeUpload(storage, chunked(content), { now, limits });
    expect(stored).toMatchObject({ kind: 'video', bytes: limits.videoBytes });
    expect(stored.url).toMatch(/^\/uploads\/2026\/11\/[0-9a-f]{32}\.mp4$/);
    expect(fs.readFileSync(path.join(root, stored.key)).equals(content)).toBe(true);
  });

  it('refuses a video one byte over its limit and removes the partial file', async () => {
    const content = padded(sampleWebm(), limits.videoBytes + 1);
    await expectHttpError(storeUpload(storage, chunked(content), { now, limits }), 413, texts.api.uploadVideoTooLarge);
    expect(listFiles(root)).toEqual([]);
  });

  it('applies the image limit to images, not the video one', async () => {
    const content = padded(await sampleImage('png'), limits.imageBytes + 1);
    await expectHttpError(storeUpload(storage, chunked(content), { now, limits }), 413, texts.api.uploadImageTooLarge);
    expect(listFiles(root)).toEqual([]);
  });

  it('refuses an oversized file already in its first bytes without creating a file', async () => {
    const content = padded(await sampleImage('gif'), limits.imageBytes + 500);
    await expectHttpError(storeUpload(storage, Readable.from([content]), { now, limits }), 413, texts.api.uploadImageTooLarge);
    expect(listFiles(root)).toEqual([]);
  });

  it('decides the type from the content even when it arrives byte by byte', async () => {
    const content = await sampleImage('webp');
    const stored = await storeUpload(storage, chunked(content, 1), { now, limits });
    expect(stored.key).toMatch(/\.webp$/);
  });

  it('refuses unknown content and an empty stream', async () => {
    await expectHttpError(
      storeUpload(storage, chunked(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')), { now, limits }),
      415,
      texts.api.uploadUnsupportedType,
    );
    await expectHttpError(storeUpload(storage, Readable.from([]), { now, limits }), 400, texts.api.uploadMissingFile);
    expect(listFiles(root)).toEqual([]);
  });

  it('removes the partial file when the upload breaks off, and blames the request', async () => {
    const head = await sampleImage('png');
    const broken = Readable.from(
      (async function* () {
        yield head;
        yield Buffer.alloc(100);
        throw new Error('connexion coupée');
      })(),
    );
    await expectHttpError(storeUpload(storage, broken, { now, limits }), 400, texts.api.invalidBody);
    expect(listFiles(root)).toEqual([]);
  });
});

describe('newUploadKey', () => {
  it('files uploads by UTC year and month with a random name', () => {
    const key = newUploadKey(new Date('2027-01-31T23:30:00.000Z'), 'jpg');
    expect(key).toMatch(/^2027\/01\/[0-9a-f]{32}\.jpg$/);
    expect(newUploadKey(now, 'jpg')).not.toBe(newUploadKey(now, 'jpg'));
  });
});
