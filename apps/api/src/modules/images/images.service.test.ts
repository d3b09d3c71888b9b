import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { decompressionBombPng, listFiles, sampleImage } from '../../test/upload-fixtures.ts';
import { createDiskStorage, type Storage } from '../../plugins/storage.ts';
import { createImageVariants, createImageVariantsFor, IMAGE_MAX_PIXELS, makeImageVariantFiles, variantKey, variantWidths } from './images.service.ts';

let ctx: TestContext;
let storage: Storage;
let root: string;

beforeAll(async () => {
  ctx = await createTestApp();
  root = path.join(ctx.dataDir, 'variants');
  storage = createDiskStorage(root);
});
afterAll(() => ctx.close());
beforeEach(async () => {
  fs.rmSync(root, { recursive: true, force: true });
  fs.mkdirSync(root, { recursive: true });
  await ctx.db.deleteFrom('imageVariants').execute();
});

const deps = () => ({ db: ctx.db, storage, clock: ctx.clock });
const solid = (width: number, height: number, background = '#2a6') => sharp({ create: { width, height, channels: 3, background } });

/** Writes an original into storage, as an upload or the seed would. */
function put(key: string, content: Buffer) {
  fs.mkdirSync(path.dirname(path.join(root, key)), { recursive: true });
  fs.writeFileSync(path.join(root, key), content);
  return key;
}

const sizeOf = async (key: string) => {
  const { width, height, format } = await sharp(path.join(root, key)).metadata();
  return { width, height, format };
};

describe('variantWidths', () => {
  it('never upscales, and keeps one variant at the original width below 480', () => {
    expect(variantWidths(4000)).toEqual([480, 960, 1600]);
    expect(variantWidths(1600)).toEqual([480, 960, 1600]);
    expect(variantWidths(1599)).toEqual([480, 960]);
    expect(variantWidths(480)).toEqual([480]);
    expect(variantWidths(300)).toEqual([300]);
  });

  it('names variants beside the original', () => {
    expect(variantKey('2026/11/abc.jpg', 960, 'webp')).toBe('2026/11/abc.w960.webp');
    expect(variantKey('demo/shows/a.b.png', 480, 'avif')).toBe('demo/shows/a.b.w480.avif');
  });
});

describe('createImageVariants', () => {
  it('makes WebP at 480, 960 and 1600 and an AVIF at 960 from a large JPEG, once', async () => {
    const key = put('2026/11/abc.jpg', await solid(2400, 1600).jpeg().toBuffer());
    const info = await createImageVariants(deps(), key);
    expect(info).toEqual({
      url: '/uploads/2026/11/abc.jpg',
      width: 2400,
      height: 1600,
      variants: [
        { url: '/uploads/2026/11/abc.w480.webp', width: 480, type: 'image/webp' },
        { url: '/uploads/2026/11/abc.w960.webp', width: 960, type: 'image/webp' },
        { url: '/uploads/2026/11/abc.w1600.webp', width: 1600, type: 'image/webp' },
        { url: '/uploads/2026/11/abc.w960.avif', width: 960, type: 'image/avif' },
      ],
    });
    expect(await sizeOf('2026/11/abc.w480.webp')).toEqual({ width: 480, height: 320, format: 'webp' });
    expect(await sizeOf('2026/11/abc.w1600.webp')).toEqual({ width: 1600, height: 1067, format: 'webp' });
    expect(await sizeOf('2026/11/abc.w960.avif')).toMatchObject({ width: 960, height: 640, format: 'heif' });

    const row = await ctx.db.selectFrom('imageVariants').selectAll().execute();
    expect(row).toEqual([expect.objectContaining({ url: info!.url, width: 2400, height: 1600 })]);
    expect(JSON.parse(row[0]!.variants)).toEqual(info!.variants);

    // Made once: a second call answers the recorded info and writes nothing.
    const before = fs.statSync(path.join(root, '2026/11/abc.w480.webp')).mtimeMs;
    expect(await createImageVariants(deps(), key)).toEqual(info);
    expect(fs.statSync(path.join(root, '2026/11/abc.w480.webp')).mtimeMs).toBe(before);
  });

  it('never upscales: a 700 px PNG gets a 480 WebP only, and no AVIF without a 960 WebP', async () => {
    const key = put('2026/11/mid.png', await solid(700, 500).png().toBuffer());
    const info = await createImageVariants(deps(), key);
    expect(info?.variants).toEqual([{ url: '/uploads/2026/11/mid.w480.webp', width: 480, type: 'image/webp' }]);
    expect(listFiles(root).sort()).toEqual(['2026/11/mid.png', '2026/11/mid.w480.webp']);
  });

  it('makes one WebP at the original width for an image narrower than 480 px', async () => {
    const key = put('2026/11/petit.webp', await solid(300, 200).webp().toBuffer());
    const info = await createImageVariants(deps(), key);
    expect(info).toMatchObject({ width: 300, height: 200, variants: [{ url: '/uploads/2026/11/petit.w300.webp', width: 300 }] });
    expect(await sizeOf('2026/11/petit.w300.webp')).toEqual({ width: 300, height: 200, format: 'webp' });
  });

  it('keeps the AVIF only when it is lighter than the WebP at 960', async () => {
    const key = put('2026/11/lourd.png', await solid(1000, 600).png().toBuffer());
    // A flat picture in lossless WebP takes a few dozen bytes, less than AVIF's container alone.
    const info = await createImageVariants(deps(), key, { webp: { lossless: true } });
    expect(info?.variants.map((v) => v.type)).toEqual(['image/webp', 'image/webp']);
    expect(listFiles(root).filter((file) => file.endsWith('.avif'))).toEqual([]);
  });

  it('records the size as displayed, after the EXIF orientation', async () => {
    const rotated = await solid(1200, 800).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const info = await createImageVariants(deps(), put('2026/11/portrait.jpg', rotated));
    expect(info).toMatchObject({ width: 800, height: 1200 });
    expect(await sizeOf('2026/11/portrait.w480.webp')).toEqual({ width: 480, height: 720, format: 'webp' });
  });

  it('leaves GIFs, animated images and videos alone', async () => {
    const gif = put('2026/11/anim.gif', await sampleImage('gif'));
    const frames = await Promise.all(['#c00', '#00c'].map((background) => solid(600, 400, background).png().toBuffer()));
    const animated = put('2026/11/anim.webp', await sharp(frames, { join: { animated: true } }).webp({ loop: 0 }).toBuffer());
    const video = put('2026/11/clip.mp4', Buffer.from('not read'));
    for (const key of [gif, animated, video]) expect(await createImageVariants(deps(), key)).toBeUndefined();
    expect(listFiles(root).sort()).toEqual(['2026/11/anim.gif', '2026/11/anim.webp', '2026/11/clip.mp4']);
    expect(await ctx.db.selectFrom('imageVariants').selectAll().execute()).toEqual([]);
  });

  it('logs and answers undefined for an image it cannot read, leaving no variant behind', async () => {
    const png = await sampleImage('png');
    const key = put('2026/11/casse.png', Buffer.concat([png.subarray(0, 40), Buffer.alloc(200, 7)]));
    const logged: object[] = [];
    const info = await createImageVariants(deps(), key, { log: { warn: (details) => logged.push(details) } });
    expect(info).toBeUndefined();
    expect(logged).toEqual([expect.objectContaining({ key })]);
    expect(listFiles(root)).toEqual(['2026/11/casse.png']);
    expect(await ctx.db.selectFrom('imageVariants').selectAll().execute()).toEqual([]);
  });

  it('makes the variants of a list of stored images, as the demo seed needs', async () => {
    const keys = [
      put('demo/a.jpg', await solid(600, 750).jpeg().toBuffer()),
      put('demo/logo.gif', await sampleImage('gif')),
      put('demo/b.png', await solid(400, 200).png().toBuffer()),
    ];
    expect(await createImageVariantsFor(deps(), keys)).toBe(2);
    expect(listFiles(root).sort()).toEqual(['demo/a.jpg', 'demo/a.w480.webp', 'demo/b.png', 'demo/b.w400.webp', 'demo/logo.gif']);
  });

  it('makes the files alone, without a manifest row, for the demo pictures shipped with the repository', async () => {
    const key = put('demo/scene.jpg', await solid(1200, 800).jpeg().toBuffer());
    const info = await makeImageVariantFiles(storage, key, { webp: { quality: 75 } });
    expect(info?.variants.filter((v) => v.type === 'image/webp').map((v) => v.url)).toEqual(['/uploads/demo/scene.w480.webp', '/uploads/demo/scene.w960.webp']);
    expect(await ctx.db.selectFrom('imageVariants').selectAll().execute()).toEqual([]);
    expect(await makeImageVariantFiles(storage, put('demo/anim.gif', await sampleImage('gif')))).toBeUndefined();

    const png = await sampleImage('png');
    const broken = put('demo/casse.png', Buffer.concat([png.subarray(0, 40), Buffer.alloc(200, 7)]));
    await expect(makeImageVariantFiles(storage, broken)).rejects.toThrow();
    expect(listFiles(root).filter((file) => file.startsWith('demo/casse'))).toEqual(['demo/casse.png']);
  });
});

describe('pixel limit', () => {
  it('never decodes an image over IMAGE_MAX_PIXELS, even one under sharp’s own default limit (the seed and scripts call this too)', async () => {
    const key = put('2026/11/bombe.png', decompressionBombPng(10000, 5001));
    expect(10000 * 5001).toBeGreaterThan(IMAGE_MAX_PIXELS);
    const warnings: unknown[] = [];
    expect(await createImageVariants(deps(), key, { log: { warn: (details) => warnings.push(details) } })).toBeUndefined();
    expect(String((warnings[0] as { err: Error }).err.message)).toMatch(/pixel limit/);
    expect(listFiles(root)).toEqual([key]);
    await expect(makeImageVariantFiles(storage, key)).rejects.toThrow(/pixel limit/);
  });
});
