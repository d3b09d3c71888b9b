import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImageInfo } from '@bande/shared';
import { createAdminTestApp } from '../../test/admin-token.ts';
import type { TestContext } from '../../test/test-app.ts';
import { uploadPhoto } from './image-test-helpers.ts';
import { imagesRepository } from './images.repository.ts';

let ctx: TestContext;
let token: string;

beforeAll(async () => {
  ({ ctx, token } = await createAdminTestApp());
});
afterAll(() => ctx.close());

const send = async (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
  const res = await ctx.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload && { payload }) });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.statusCode === 204 ? undefined : res.json().data;
};
/** The original and every variant of an upload, as storage keys. */
const filesOf = (info: ImageInfo) => [info.url, ...info.variants.map((variant) => variant.url)].map((url) => url.replace(/^\/uploads\//, ''));
const stored = async (info: ImageInfo) => Promise.all(filesOf(info).map((key) => ctx.storage.exists(key)));
const hasManifest = async (info: ImageInfo) => (await imagesRepository(ctx.db).find(info.url)) !== undefined;

async function expectGone(info: ImageInfo) {
  expect(await stored(info)).toEqual(filesOf(info).map(() => false));
  expect(await hasManifest(info)).toBe(false);
}
async function expectKept(info: ImageInfo) {
  expect(info.variants.length).toBeGreaterThan(0);
  expect(await stored(info)).toEqual(filesOf(info).map(() => true));
  expect(await hasManifest(info)).toBe(true);
}

describe('files of deleted or replaced content leave storage, with their variants', () => {
  it('deleting a gallery photo removes the file and its variants, unless another item still shows it', async () => {
    const photo = await uploadPhoto(ctx, token);
    const first = await send('POST', '/api/gallery', { type: 'photo', url: photo.url, title: 'Un' });
    const second = await send('POST', '/api/gallery', { type: 'photo', url: photo.url, title: 'Deux' });
    await expectKept(photo);
    await send('DELETE', `/api/gallery/${first.id}`);
    await expectKept(photo);
    await send('DELETE', `/api/gallery/${second.id}`);
    await expectGone(photo);
  });

  it('replacing a gallery photo removes the former one; a YouTube link is left alone', async () => {
    const before = await uploadPhoto(ctx, token);
    const after = await uploadPhoto(ctx, token);
    const item = await send('POST', '/api/gallery', { type: 'photo', url: before.url, title: 'Avant' });
    await send('PUT', `/api/gallery/${item.id}`, { type: 'photo', url: after.url, title: 'Après' });
    await expectGone(before);
    await expectKept(after);
    await send('PUT', `/api/gallery/${item.id}`, { type: 'youtube', url: 'https://youtu.be/dQw4w9WgXcQ' });
    await expectGone(after);
    await send('DELETE', `/api/gallery/${item.id}`);
  });

  it('replacing or deleting a member photo removes it, even when the same file was a gallery item before', async () => {
    const first = await uploadPhoto(ctx, token);
    const second = await uploadPhoto(ctx, token);
    const member = await send('POST', '/api/members', { firstName: 'Léa', lastName: 'Martin', role: 'Comédienne', photo: first.url });
    await send('PUT', `/api/members/${member.id}`, { firstName: 'Léa', lastName: 'Martin', role: 'Comédienne', photo: second.url });
    await expectGone(first);
    await expectKept(second);
    await send('DELETE', `/api/members/${member.id}`);
    await expectGone(second);
  });

  it('a partner logo and a show photo (also its book photo) follow the same rule', async () => {
    const logo = await uploadPhoto(ctx, token);
    const partner = await send('POST', '/api/partners', { title: 'Librairie', description: 'Partenaire', link: '', logo: logo.url });
    await send('PUT', `/api/partners/${partner.id}`, { title: 'Librairie', description: 'Partenaire', link: '', logo: null });
    await expectGone(logo);
    await send('DELETE', `/api/partners/${partner.id}`);

    const poster = await uploadPhoto(ctx, token);
    const cover = await uploadPhoto(ctx, token);
    const base = { name: 'Madame Bovary', type: 'Grand format', year: '2025', pitch: 'Emma rêve.', note: 'Note' };
    const book = { name: 'Madame Bovary', type: 'Roman', description: 'Un roman', note: '', photo: cover.url };
    const show = await send('POST', '/api/shows', { ...base, photo: poster.url, book });
    // The book keeps its cover, which the show's own photo now also uses: only the former poster goes.
    await send('PUT', `/api/shows/${show.id}`, { ...base, photo: cover.url, book });
    await expectGone(poster);
    await expectKept(cover);
    await send('DELETE', `/api/shows/${show.id}`);
    await expectGone(cover);
  });

  it('never removes a file still named by a show book, nor a link outside /uploads/', async () => {
    const cover = await uploadPhoto(ctx, token);
    const base = { name: 'Bel-Ami', type: 'Grand format', year: '2025', pitch: 'Georges monte.', note: 'Note' };
    const show = await send('POST', '/api/shows', { ...base, book: { name: 'Bel-Ami', type: 'Roman', description: 'Un roman', note: '', photo: cover.url } });
    const item = await send('POST', '/api/gallery', { type: 'photo', url: cover.url, title: 'Couverture' });
    await send('DELETE', `/api/gallery/${item.id}`);
    await expectKept(cover);
    await send('DELETE', `/api/shows/${show.id}`);
    await expectGone(cover);
  });
});
