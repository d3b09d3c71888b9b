import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageSrcSet, texts } from '@bande/shared';
import type { TestContext } from '../../test/test-app.ts';
import { createAdminTestApp } from '../../test/admin-token.ts';
import { multipartBody, sampleImage, sampleMp4 } from '../../test/upload-fixtures.ts';
import { imagesRepository } from './images.repository.ts';

let ctx: TestContext;
let token: string;

beforeAll(async () => {
  ({ ctx, token } = await createAdminTestApp());
});
afterAll(() => ctx.close());

const upload = (content: Buffer) => {
  const { payload, contentType } = multipartBody([{ name: 'file', filename: 'photo.bin', content }]);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/upload',
    payload,
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
  });
};
const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#864' } }).jpeg().toBuffer();
const imageInfo = (url: string) => ctx.app.inject({ method: 'GET', url: `/api/images?url=${encodeURIComponent(url)}` });

describe('POST /api/upload makes image variants', () => {
  it('answers the url, the intrinsic size and the variants, which are served', async () => {
    const res = await upload(await photo(1200, 800));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    const base = body.url.replace(/\.jpg$/, '');
    expect(body).toEqual({
      url: expect.stringMatching(/^\/uploads\/2026\/03\/[0-9a-f]{32}\.jpg$/),
      width: 1200,
      height: 800,
      variants: [
        { url: `${base}.w480.webp`, width: 480, type: 'image/webp' },
        { url: `${base}.w960.webp`, width: 960, type: 'image/webp' },
        { url: `${base}.w960.avif`, width: 960, type: 'image/avif' },
      ],
    });
    const served = await ctx.app.inject({ method: 'GET', url: `${base}.w960.webp` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toContain('immutable');
    expect((await sharp(served.rawPayload).metadata()).width).toBe(960);
    expect(imageSrcSet(body)).toBe(`${base}.w480.webp 480w, ${base}.w960.webp 960w`);
    expect(imageSrcSet(body, 'image/avif')).toBe(`${base}.w960.avif 960w`);
  });

  it('answers only the url for a GIF and for a video', async () => {
    const gif = await upload(await sampleImage('gif'));
    expect(gif.statusCode).toBe(201);
    expect(Object.keys(gif.json())).toEqual(['url']);
    expect((await imageInfo(gif.json().url)).statusCode).toBe(404);
    const video = await upload(sampleMp4());
    expect(video.statusCode).toBe(201);
    expect(Object.keys(video.json())).toEqual(['url']);
  });

  it('still stores the upload when its variants cannot be made', async () => {
    // PNG by its first bytes (so accepted), but the pixels behind are garbage.
    const png = await sampleImage('png');
    const res = await upload(Buffer.concat([png.subarray(0, 40), Buffer.alloc(300, 9)]));
    expect(res.statusCode).toBe(201);
    expect(Object.keys(res.json())).toEqual(['url']);
    expect((await ctx.app.inject({ method: 'GET', url: res.json().url })).statusCode).toBe(200);
  });
});

describe('GET /api/images', () => {
  it('answers the recorded size and variants of an upload, publicly', async () => {
    const { url, width, height, variants } = (await upload(await photo(500, 300))).json();
    const res = await imageInfo(url);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { url, width, height, variants } });
    expect(variants).toEqual([{ url: url.replace(/\.jpg$/, '.w480.webp'), width: 480, type: 'image/webp' }]);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
  });

  it('answers a French 404 for an unknown image and 400 for a url outside uploads', async () => {
    const missing = await imageInfo('/uploads/2026/03/absente.jpg');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: texts.api.notFound });
    expect((await imageInfo('https://example.org/a.jpg')).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/images' })).statusCode).toBe(400);
  });
});

describe('imageInfoFor', () => {
  it('answers many images in one call, keyed by url, skipping the unknown and the empty', async () => {
    const first = (await upload(await photo(1000, 1000))).json();
    const second = (await upload(await photo(600, 900))).json();
    const infos = await imagesRepository(ctx.db).imageInfoFor([first.url, null, second.url, 'https://x.org/a.jpg', '/uploads/absente.png', first.url]);
    expect([...infos.keys()].sort()).toEqual([first.url, second.url].sort());
    expect(infos.get(second.url)).toMatchObject({ width: 600, height: 900 });
    expect(infos.get(first.url)?.variants.map((v) => `${v.width} ${v.type}`)).toEqual(['480 image/webp', '960 image/webp', '960 image/avif']);
    expect(await imagesRepository(ctx.db).imageInfoFor([])).toEqual(new Map());
  });
});
