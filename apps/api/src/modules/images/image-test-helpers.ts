import sharp from 'sharp';
import { expect } from 'vitest';
import type { ImageInfo } from '@bande/shared';
import type { TestContext } from '../../test/test-app.ts';
import { multipartBody } from '../../test/upload-fixtures.ts';

/**
 * Uploads a JPEG of the given size through POST /api/upload, as the admin forms do, so that its variants
 * are really made; answers what the upload answered (url, size, variants).
 */
export async function uploadPhoto(ctx: Pick<TestContext, 'app'>, token: string, width = 1200, height = 800): Promise<ImageInfo> {
  const content = await sharp({ create: { width, height, channels: 3, background: '#7a5230' } }).jpeg().toBuffer();
  const { payload, contentType } = multipartBody([{ name: 'file', filename: 'photo.jpg', content }]);
  const res = await ctx.app.inject({ method: 'POST', url: '/api/upload', payload, headers: { authorization: `Bearer ${token}`, 'content-type': contentType } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** Widths of an image's WebP variants, e.g. [480, 960] (the AVIF is kept only when lighter). */
export const webpWidths = (info: Pick<ImageInfo, 'variants'>) => info.variants.filter((v) => v.type === 'image/webp').map((v) => v.width);
