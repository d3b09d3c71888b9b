import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LIMITS, texts } from '@bande/shared';
import type { TestContext } from '../../test/test-app.ts';
import { createAdminTestApp } from '../../test/admin-token.ts';
import sharp from 'sharp';
import { IMAGE_MAX_PIXELS } from '../images/images.service.ts';
import {
  decompressionBombPng,
  listFiles,
  multipartBody,
  sampleImage,
  sampleMp4,
  sampleOgg,
  sampleWebm,
  type FormPart,
} from '../../test/upload-fixtures.ts';

let ctx: TestContext;
let token: string;
let uploadsDir: string;

beforeAll(async () => {
  ({ ctx, token } = await createAdminTestApp());
  uploadsDir = path.join(ctx.dataDir, 'uploads');
});
afterAll(() => ctx.close());
beforeEach(() => {
  fs.rmSync(uploadsDir, { recursive: true, force: true });
  fs.mkdirSync(uploadsDir, { recursive: true });
});

const upload = (parts: FormPart[], headers: Record<string, string> = { authorization: `Bearer ${token}` }) => {
  const { payload, contentType } = multipartBody(parts);
  return ctx.app.inject({ method: 'POST', url: '/api/upload', payload, headers: { ...headers, 'content-type': contentType } });
};
const uploadFile = (content: Buffer | string, filename = 'fichier.bin', contentType = 'application/octet-stream') =>
  upload([{ name: 'file', filename, contentType, content }]);

/** Stored files other than the image variants made beside them (see modules/images). */
const originals = () => listFiles(uploadsDir).filter((file) => !/\.w\d+\.(webp|avif)$/.test(file));

/** The stored file behind a returned url. */
const storedFile = (url: string) => path.join(uploadsDir, url.replace(/^\/uploads\//, ''));

describe('POST /api/upload: access', () => {
  it('answers 401 without a token and stores nothing', async () => {
    const res = await upload([{ name: 'file', filename: 'a.png', content: await sampleImage('png') }], {});
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: texts.api.unauthorized });
    expect(listFiles(uploadsDir)).toEqual([]);
  });

  it('answers 401 with an unknown token and stores nothing', async () => {
    const res = await upload([{ name: 'file', filename: 'a.png', content: await sampleImage('png') }], {
      authorization: 'Bearer pas-un-jeton',
    });
    expect(res.statusCode).toBe(401);
    expect(listFiles(uploadsDir)).toEqual([]);
  });
});

describe('POST /api/upload: accepted files', () => {
  // The clock of test apps starts on 2026-03-03.
  it.each([
    ['png', 'png'],
    ['jpeg', 'jpg'],
    ['webp', 'webp'],
    ['gif', 'gif'],
    ['avif', 'avif'],
  ] as const)('stores a %s image under a generated name', async (format, ext) => {
    const content = await sampleImage(format);
    const res = await uploadFile(content, '../../mon image.exe', 'text/html');
    expect(res.statusCode).toBe(201);
    const { url } = res.json();
    expect(url).toMatch(new RegExp(`^/uploads/2026/03/[0-9a-f]{32}\\.${ext}$`));
    expect(fs.readFileSync(storedFile(url)).equals(content)).toBe(true);
    expect(originals()).toHaveLength(1);
  });

  it.each([
    ['MP4', sampleMp4(), 'mp4'],
    ['WebM', sampleWebm(), 'webm'],
    ['Ogg Theora', sampleOgg('theora'), 'ogv'],
  ])('stores a %s video', async (_label, content, ext) => {
    const res = await uploadFile(content, 'clip.mov', 'video/quicktime');
    expect(res.statusCode).toBe(201);
    const { url } = res.json();
    expect(url).toMatch(new RegExp(`^/uploads/2026/03/[0-9a-f]{32}\\.${ext}$`));
    expect(fs.readFileSync(storedFile(url)).equals(content)).toBe(true);
  });

  it('gives two uploads of the same file two different names', async () => {
    const content = await sampleImage('png');
    const first = (await uploadFile(content, 'a.png')).json().url;
    const second = (await uploadFile(content, 'a.png')).json().url;
    expect(first).not.toBe(second);
    expect(originals()).toHaveLength(2);
  });

  it('accepts text fields next to the file', async () => {
    const res = await upload([
      { name: 'title', content: 'Affiche' },
      { name: 'file', filename: 'a.png', contentType: 'image/png', content: await sampleImage('png') },
    ]);
    expect(res.statusCode).toBe(201);
  });
});

describe('POST /api/upload: refused content', () => {
  it.each([
    ['SVG', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'logo.svg', 'image/svg+xml'],
    ['HTML', '<!doctype html><html><body><script>alert(1)</script></body></html>', 'page.html', 'text/html'],
    ['text', 'Bonjour la bande', 'notes.txt', 'text/plain'],
    ['HTML named .png', '<html><body><script>alert(1)</script></body></html>', 'photo.png', 'image/png'],
    ['PDF', '%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n', 'doc.pdf', 'application/pdf'],
    ['Ogg audio', sampleOgg('vorbis'), 'son.ogg', 'video/ogg'],
  ])('refuses %s with 415 and stores nothing', async (_label, content, filename, contentType) => {
    const res = await uploadFile(content, filename, contentType);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ error: texts.api.uploadUnsupportedType });
    expect(listFiles(uploadsDir)).toEqual([]);
  });

  it('refuses an image over 15 MB with 413 and leaves no file behind', async () => {
    const png = await sampleImage('png');
    const content = Buffer.concat([png, Buffer.alloc(LIMITS.imageUploadBytes + 1 - png.length)]);
    const res = await uploadFile(content, 'grande.png', 'image/png');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: texts.api.uploadImageTooLarge });
    expect(listFiles(uploadsDir)).toEqual([]);
  });

  it('accepts an image of exactly 15 MB', async () => {
    const png = await sampleImage('png');
    const content = Buffer.concat([png, Buffer.alloc(LIMITS.imageUploadBytes - png.length)]);
    const res = await uploadFile(content, 'limite.png', 'image/png');
    expect(res.statusCode).toBe(201);
    expect(fs.statSync(storedFile(res.json().url)).size).toBe(LIMITS.imageUploadBytes);
  });
});

describe('POST /api/upload: decompression bombs', () => {
  it.each([
    [20000, 20000],
    // Under sharp's default limit (268 million pixels), over ours: only our explicit limit refuses it.
    [10000, 5001],
  ])('refuses a PNG of %i × %i (tiny file, huge image) with a French 413 and stores nothing', async (width, height) => {
    const variantRows = () => ctx.db.selectFrom('imageVariants').selectAll().execute();
    const rowsBefore = await variantRows();
    const bomb = decompressionBombPng(width, height);
    expect(bomb.length).toBeLessThan(LIMITS.imageUploadBytes / 100);
    expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({ format: 'png', width, height });
    expect(width * height).toBeGreaterThan(IMAGE_MAX_PIXELS);
    const res = await uploadFile(bomb, 'bombe.png', 'image/png');
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json()).toEqual({ error: texts.api.uploadImageTooManyPixels });
    expect(listFiles(uploadsDir)).toEqual([]);
    expect(await variantRows()).toEqual(rowsBefore);
  });

  it('quotes the limit it applies', () => {
    expect(texts.api.uploadImageTooManyPixels).toContain(`${IMAGE_MAX_PIXELS / 1_000_000} millions de pixels`);
  });
});

describe('POST /api/upload: malformed requests', () => {
  it('answers 400 when the form has no file', async () => {
    const res = await upload([{ name: 'title', content: 'rien' }]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: texts.api.uploadMissingFile });
  });

  it('answers 400 when the file is sent under another field name', async () => {
    const res = await upload([{ name: 'image', filename: 'a.png', content: await sampleImage('png') }]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: texts.api.uploadMissingFile });
    expect(listFiles(uploadsDir)).toEqual([]);
  });

  it('answers 400 for an empty file', async () => {
    const res = await uploadFile(Buffer.alloc(0), 'vide.png', 'image/png');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: texts.api.uploadMissingFile });
    expect(listFiles(uploadsDir)).toEqual([]);
  });

  it('answers 415 in French for a JSON body', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: { authorization: `Bearer ${token}` },
      payload: { file: 'data:image/png;base64,AAAA' },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ error: texts.api.unsupportedMediaType });
  });

  it('answers 415 in French for a raw binary body', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'image/png' },
      payload: await sampleImage('png'),
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ error: texts.api.unsupportedMediaType });
    expect(listFiles(uploadsDir)).toEqual([]);
  });

  it('answers 400, not 500, for a multipart body without a boundary', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data' },
      payload: 'n importe quoi',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: texts.api.invalidBody });
  });

  it('answers 400, not 500, for a truncated multipart body, and keeps nothing', async () => {
    const { payload, contentType } = multipartBody([{ name: 'file', filename: 'a.png', content: await sampleImage('png') }]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
      payload: payload.subarray(0, payload.length - 40),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: texts.api.invalidBody });
    expect(listFiles(uploadsDir)).toEqual([]);
  });
});

describe('GET /uploads/*: serving stored files', () => {
  it.each([
    ['png', sampleImage('png'), 'image/png'],
    ['avif', sampleImage('avif'), 'image/avif'],
    ['webm', Promise.resolve(sampleWebm()), 'video/webm'],
    ['ogv', Promise.resolve(sampleOgg('theora')), 'video/ogg'],
    ['mp4', Promise.resolve(sampleMp4()), 'video/mp4'],
  ])('serves a stored .%s with its type, nosniff and a year of cache', async (_ext, pending, mime) => {
    const content = await pending;
    const { url } = (await uploadFile(content)).json();
    const res = await ctx.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(mime);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toContain('max-age=31536000');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.rawPayload.equals(content)).toBe(true);
  });

  it('never serves an upload still being written (its temporary dot-name)', async () => {
    fs.mkdirSync(path.join(uploadsDir, '2026/03'), { recursive: true });
    fs.writeFileSync(path.join(uploadsDir, '2026/03/.tmp-0123456789abcdef-video.mp4'), sampleMp4());
    const res = await ctx.app.inject({ method: 'GET', url: '/uploads/2026/03/.tmp-0123456789abcdef-video.mp4' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: texts.api.notFound });
  });

  it('answers a French 404 for a missing file', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/uploads/2026/03/absent.png' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: texts.api.notFound });
  });
});
