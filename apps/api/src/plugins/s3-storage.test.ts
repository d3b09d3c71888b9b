import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import S3rver from 's3rver';
import pino from 'pino';
import sharp from 'sharp';
import { GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { texts } from '@bande/shared';
import { buildApp } from '../app.ts';
import type { App } from '../deps.ts';
import type { TestContext } from '../test/test-app.ts';
import { createAdminTestApp } from '../test/admin-token.ts';
import { multipartBody, sampleMp4 } from '../test/upload-fixtures.ts';
import { seedDemoContent } from '../db/seed/seed.ts';
import { createS3Storage, type S3Storage } from './s3-storage.ts';
import { RangeNotSatisfiableError, StorageNotFoundError } from './storage.ts';

/**
 * A real S3-compatible server (s3rver) on a free port and a temp folder: the AWS SDK talks HTTP to it
 * exactly as to MinIO or Scaleway. Nothing of the SDK is mocked.
 */
const BUCKET = 'bande-uploads';
let s3: S3rver;
let s3Dir: string;
let env: Record<string, string>;
/** Requests the bucket received, as `METHOD path?query`. */
let requests: string[] = [];

let ctx: TestContext;
let token: string;
let storage: S3Storage;

beforeAll(async () => {
  s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bande-s3-'));
  s3 = new S3rver({ address: '127.0.0.1', port: 0, directory: s3Dir, silent: true, configureBuckets: [{ name: BUCKET }] });
  const { port } = await s3.run();
  s3.httpServer.on('request', (request: { method: string; url: string }) => requests.push(`${request.method} ${request.url}`));
  env = { S3_BUCKET: BUCKET, S3_ENDPOINT: `http://127.0.0.1:${port}`, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' };
  ({ ctx, token } = await createAdminTestApp(env));
  storage = createS3Storage(ctx.config.s3!);
});
afterAll(async () => {
  await ctx.close();
  await s3.close();
  fs.rmSync(s3Dir, { recursive: true, force: true });
});
beforeEach(() => {
  requests = [];
});

const upload = (app: App, content: Buffer, filename: string) => {
  const { payload, contentType } = multipartBody([{ name: 'file', filename, contentType: 'application/octet-stream', content }]);
  return app.inject({ method: 'POST', url: '/api/upload', payload, headers: { authorization: `Bearer ${token}`, 'content-type': contentType } });
};
/** The object as the bucket holds it, read with the SDK. */
const fromBucket = async (key: string) => {
  const object = await storage.client.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
  return { bytes: await buffer(object.Body as Readable), contentType: object.ContentType };
};
const keyOf = (url: string) => url.replace(/^\/uploads\//, '');
const partRequests = () => requests.filter((request) => /^PUT .*[?&]partNumber=\d+/.test(request));

describe('uploads in an S3 bucket (S3_BUCKET set)', () => {
  it('reads its settings from the environment: path-style with an endpoint, us-east-1 by default', () => {
    expect(ctx.config.s3).toMatchObject({ bucket: BUCKET, region: 'us-east-1', forcePathStyle: true, accessKeyId: 'S3RVER' });
    // Nothing is written to DATA_DIR/uploads.
    expect(fs.existsSync(path.join(ctx.dataDir, 'uploads'))).toBe(false);
  });

  it('stores an image sent to POST /api/upload in the bucket, its variants too, and serves them with cache headers', async () => {
    const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#864' } }).jpeg().toBuffer();
    const res = await upload(ctx.app, photo, 'photo.jpg');
    expect(res.statusCode).toBe(201);
    const body = res.json<{ url: string; width: number; variants: { url: string; width: number; type: string }[] }>();
    expect(body.url).toMatch(/^\/uploads\/\d{4}\/\d{2}\/[0-9a-f]{32}\.jpg$/);
    expect(body.width).toBe(1200);
    expect(body.variants.map((variant) => variant.width)).toEqual(expect.arrayContaining([480, 960]));

    const original = await fromBucket(keyOf(body.url));
    expect(original.bytes.equals(photo)).toBe(true);
    expect(original.contentType).toBe('image/jpeg');
    for (const variant of body.variants) {
      const stored = await fromBucket(keyOf(variant.url));
      expect(stored.contentType).toBe(variant.type);
      expect((await sharp(stored.bytes).metadata()).width).toBe(variant.width);
    }
    const listed: string[] = [];
    for await (const key of storage.list(keyOf(body.url).replace(/\.jpg$/, ''))) listed.push(key);
    expect(listed.sort()).toEqual([keyOf(body.url), ...body.variants.map((variant) => keyOf(variant.url))].sort());

    const served = await ctx.app.inject({ method: 'GET', url: body.url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(photo)).toBe(true);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers.etag).toMatch(/^"[^"]+"$/);
    expect(new Date(served.headers['last-modified'] as string).getTime()).not.toBeNaN();
    expect(Number(served.headers['content-length'])).toBe(photo.length);

    const headed = await ctx.app.inject({ method: 'HEAD', url: body.url });
    expect(headed.statusCode).toBe(200);
    expect(headed.headers['content-length']).toBe(String(photo.length));
    expect(headed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(headed.rawPayload.length).toBe(0);

    const revalidated = await ctx.app.inject({ method: 'GET', url: body.url, headers: { 'if-none-match': served.headers.etag as string } });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.rawPayload.length).toBe(0);
    const since = await ctx.app.inject({ method: 'GET', url: body.url, headers: { 'if-modified-since': served.headers['last-modified'] as string } });
    expect(since.statusCode).toBe(304);
    const changed = await ctx.app.inject({ method: 'GET', url: body.url, headers: { 'if-none-match': '"autre"' } });
    expect(changed.statusCode).toBe(200);
    expect(changed.rawPayload.equals(photo)).toBe(true);

    const variant = await ctx.app.inject({ method: 'GET', url: body.variants[0]!.url });
    expect(variant.statusCode).toBe(200);
    expect(variant.headers['content-type']).toBe(body.variants[0]!.type);
    expect(variant.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends a 12 MB video in 5 MB parts (multipart), and serves byte ranges with 206 for seeking', async () => {
    const video = Buffer.concat([sampleMp4(), Buffer.alloc(12 * 1024 * 1024 - sampleMp4().length, 7)]);
    video.write('fin de la vidéo', video.length - 20, 'latin1');
    const res = await upload(ctx.app, video, 'film.mp4');
    expect(res.statusCode).toBe(201);
    const { url } = res.json<{ url: string }>();
    // Three UploadPart requests (5 + 5 + 2 MB), no single PutObject of the whole file.
    expect(partRequests()).toHaveLength(3);
    expect(requests.some((request) => request.startsWith('POST ') && request.includes('uploads'))).toBe(true);
    expect(requests.filter((request) => request.startsWith('PUT ') && !/partNumber=/.test(request))).toEqual([]);
    const stored = await fromBucket(keyOf(url));
    expect(stored.bytes.equals(video)).toBe(true);
    expect(stored.contentType).toBe('video/mp4');

    const start = await ctx.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-99' } });
    expect(start.statusCode).toBe(206);
    expect(start.headers['content-range']).toBe(`bytes 0-99/${video.length}`);
    expect(start.headers['accept-ranges']).toBe('bytes');
    expect(start.headers['content-type']).toBe('video/mp4');
    expect(start.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(start.rawPayload.equals(video.subarray(0, 100))).toBe(true);

    const middle = await ctx.app.inject({ method: 'GET', url, headers: { range: 'bytes=6000000-' } });
    expect(middle.statusCode).toBe(206);
    expect(middle.headers['content-range']).toBe(`bytes 6000000-${video.length - 1}/${video.length}`);
    expect(middle.rawPayload.equals(video.subarray(6_000_000))).toBe(true);

    const tail = await ctx.app.inject({ method: 'GET', url, headers: { range: 'bytes=-20' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.toString('latin1')).toContain('fin de la vidéo');

    const outside = await ctx.app.inject({ method: 'GET', url, headers: { range: `bytes=${video.length}-` } });
    expect(outside.statusCode).toBe(416);
    expect(outside.headers['content-range']).toBe(`bytes */${video.length}`);
    expect(outside.json()).toEqual({ error: texts.api.uploadRangeNotSatisfiable });
  });

  it('answers 404 in French for a missing key or a key that leaves the bucket', async () => {
    for (const url of ['/uploads/2026/11/absent.jpg', '/uploads/..%2F..%2Fetc%2Fpasswd', '/uploads/a//b.jpg', '/uploads/']) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      // The disk's answer too.
      expect(res.json(), url).toEqual({ error: texts.api.notFound });
    }
  });

  it('serves from a second server, on the same bucket and database, a file uploaded through the first', async () => {
    const other = await buildApp({ ...ctx, storage: createS3Storage(ctx.config.s3!) });
    try {
      const video = Buffer.concat([sampleMp4(), Buffer.alloc(300_000, 3)]);
      const res = await upload(ctx.app, video, 'court.mp4');
      expect(res.statusCode).toBe(201);
      const { url } = res.json<{ url: string }>();
      const served = await other.inject({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(video)).toBe(true);
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      // And the other way: an upload through the second is served by the first.
      const back = await upload(other, video, 'retour.mp4');
      expect(back.statusCode).toBe(201);
      expect((await ctx.app.inject({ method: 'GET', url: back.json<{ url: string }>().url })).rawPayload.equals(video)).toBe(true);
    } finally {
      await other.close();
    }
  });
});

describe('deleting content in S3 mode', () => {
  it('removes the gallery photo and its variants from the bucket', async () => {
    const photo = await sharp({ create: { width: 1000, height: 600, channels: 3, background: '#468' } }).jpeg().toBuffer();
    const uploaded = (await upload(ctx.app, photo, 'galerie.jpg')).json<{ url: string; variants: { url: string }[] }>();
    const keys = [uploaded.url, ...uploaded.variants.map((variant) => variant.url)].map(keyOf);
    const auth = { authorization: `Bearer ${token}` };
    const item = (await ctx.app.inject({ method: 'POST', url: '/api/gallery', headers: auth, payload: { type: 'photo', url: uploaded.url, title: 'Galerie' } })).json().data;
    expect(await Promise.all(keys.map((key) => storage.exists(key)))).toEqual(keys.map(() => true));
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/gallery/${item.id}`, headers: auth })).statusCode).toBe(204);
    expect(await Promise.all(keys.map((key) => storage.exists(key)))).toEqual(keys.map(() => false));
    expect((await ctx.app.inject({ method: 'GET', url: uploaded.url })).statusCode).toBe(404);
  });
});

describe('demo seed into the bucket', () => {
  it('copies the demo pictures and their variants into the bucket, where every server serves them', async () => {
    await seedDemoContent({ ...ctx, storage }, pino({ level: 'silent' }));
    const rows = await ctx.db.selectFrom('imageVariants').select(['url', 'variants']).where('url', 'like', '/uploads/demo/%').execute();
    expect(rows.length).toBeGreaterThan(10);
    const demo = new Set<string>();
    for await (const key of storage.list('demo/')) demo.add(key);
    for (const row of rows) {
      expect(demo.has(keyOf(row.url)), row.url).toBe(true);
      for (const variant of JSON.parse(row.variants) as { url: string }[]) expect(demo.has(keyOf(variant.url)), variant.url).toBe(true);
    }
    const served = await ctx.app.inject({ method: 'GET', url: '/uploads/demo/show-boule-de-suif.jpg' });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(fs.existsSync(path.join(ctx.dataDir, 'uploads'))).toBe(false);
  });
});

describe('S3 storage', () => {
  it('leaves nothing in the bucket, not even parts, when a multipart upload breaks off', async () => {
    const key = '2026/11/coupure.mp4';
    let sent = 0;
    const breaking = new Readable({
      read() {
        if (sent >= 11 * 1024 * 1024) return this.destroy(new Error('client parti'));
        sent += 1024 * 1024;
        this.push(Buffer.alloc(1024 * 1024, 1));
      },
    });
    await expect(storage.save(key, breaking)).rejects.toThrow();
    // Two 5 MB parts had gone up; the multipart upload was then aborted, which deletes them.
    expect(partRequests().length).toBeGreaterThanOrEqual(1);
    expect(requests.some((request) => /^DELETE .*coupure\.mp4\?.*uploadId=/.test(request))).toBe(true);
    expect(await storage.exists(key)).toBe(false);
    const listing = await storage.client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: '2026/11/coupure' }));
    expect(listing.Contents ?? []).toEqual([]);
  });

  it('never replaces an existing key (EEXIST, as on disk), reads ranges, lists and removes', async () => {
    await storage.save('essai/a.txt', Readable.from(['0123456789']));
    await expect(storage.save('essai/a.txt', Readable.from(['autre']))).rejects.toMatchObject({ code: 'EEXIST' });
    expect(await text((await storage.read('essai/a.txt')).body)).toBe('0123456789');
    const part = await storage.read('essai/a.txt', { range: { start: 2, end: 4 } });
    expect(await text(part.body)).toBe('234');
    expect(part).toMatchObject({ size: 10, range: { start: 2, end: 4 } });
    await expect(storage.read('essai/a.txt', { range: { start: 50 } })).rejects.toBeInstanceOf(RangeNotSatisfiableError);
    await expect(storage.read('essai/absent.txt')).rejects.toBeInstanceOf(StorageNotFoundError);
    expect(await storage.stat('essai/a.txt')).toMatchObject({ size: 10, contentType: 'text/plain; charset=utf-8' });
    await expect(storage.save('../dehors.txt', Readable.from(['x']))).rejects.toThrow(/invalide/);
    await storage.remove('essai/a.txt');
    expect(await storage.exists('essai/a.txt')).toBe(false);
    await storage.remove('essai/a.txt');
  });
});
