import { beforeEach, describe, expect, it } from 'vitest';
import { texts } from '@bande/shared';
import type { TestContext } from '../../test/test-app.ts';
import { adminTestAppForThisFile } from '../../test/admin-token.ts';
import { expectInvalidIds, expectUnknownIds } from '../../test/id-checks.ts';
import { uploadPhoto, webpWidths } from '../images/image-test-helpers.ts';
import { mediaFields } from './gallery.service.ts';

let ctx: TestContext;
let auth: { authorization: string };
let token: string;
adminTestAppForThisFile((app) => ({ ctx, token, auth } = app));

interface Item {
  id: number;
  type: string;
  url: string;
  thumbnail: string | null;
  published: boolean;
  position: number;
  youtubeId: string | null;
}

const photo = { type: 'photo', url: '/uploads/images/lecture.webp', title: 'Lecture au jardin', description: 'Juin 2025' };
const VIDEO_ID = 'dQw4w9WgXcQ';

async function create(body: Record<string, unknown> = photo): Promise<Item> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/gallery', headers: auth, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}
const adminList = async (): Promise<Item[]> => (await ctx.app.inject({ method: 'GET', url: '/api/gallery', headers: auth })).json().data;
const publicList = async (): Promise<Item[]> => (await ctx.app.inject({ method: 'GET', url: '/api/gallery?published=true' })).json().data;
const order = (items: Item[]) => items.map((item) => [item.id, item.position]);

describe('gallery', () => {
  beforeEach(async () => {
    await ctx.db.deleteFrom('galleryItems').execute();
  });

  it('puts new media at the end, positions counted from 0, published unless told otherwise', async () => {
    const first = await create();
    const second = await create({ ...photo, type: 'video', url: '/uploads/videos/extrait.mp4' });
    const draft = await create({ ...photo, published: false });
    expect([first.position, second.position, draft.position]).toEqual([0, 1, 2]);
    expect(first.published).toBe(true);
    expect(draft.published).toBe(false);
    expect(first.thumbnail).toBe(photo.url);
    expect(second.thumbnail).toBeNull();
  });

  it.each([
    `https://www.youtube.com/watch?v=${VIDEO_ID}&t=42s`,
    `https://youtu.be/${VIDEO_ID}`,
    `https://www.youtube.com/embed/${VIDEO_ID}`,
    `https://youtube.com/shorts/${VIDEO_ID}`,
    `https://m.youtube.com/watch?feature=share&v=${VIDEO_ID}`,
  ])('derives the YouTube id, thumbnail and canonical url from %s', async (url) => {
    const item = await create({ type: 'youtube', url, title: '' });
    expect(item).toMatchObject({
      youtubeId: VIDEO_ID,
      url: `https://www.youtube.com/watch?v=${VIDEO_ID}`,
      thumbnail: `https://i.ytimg.com/vi/${VIDEO_ID}/hqdefault.jpg`,
    });
  });

  it('ignores a thumbnail sent for a YouTube item', async () => {
    const item = await create({ type: 'youtube', url: `https://youtu.be/${VIDEO_ID}`, thumbnail: 'https://example.org/autre.jpg' });
    expect(item.thumbnail).toBe(`https://i.ytimg.com/vi/${VIDEO_ID}/hqdefault.jpg`);
  });

  it.each(['https://vimeo.com/123456', 'https://www.youtube.com/watch?v=court', 'pas une url', 'https://youtu.be/'])(
    "answers 'URL YouTube invalide' for %s",
    async (url) => {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/gallery', headers: auth, payload: { type: 'youtube', url } });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(texts.validation.youtubeInvalid);
      expect(await adminList()).toEqual([]);
    },
  );

  it('requires a type among photo, video and youtube, and a file url for photos and videos', async () => {
    for (const payload of [{ url: photo.url }, { ...photo, type: 'gif' }, { ...photo, url: '' }, { ...photo, url: 'javascript:alert(1)' }]) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/gallery', headers: auth, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(typeof res.json().error).toBe('string');
    }
    expect(await adminList()).toEqual([]);
  });

  it('edits, publishes, unpublishes and reads an item as the admin UI does', async () => {
    const item = await create();
    const edited = await ctx.app.inject({
      method: 'PUT',
      url: `/api/gallery/${item.id}`,
      headers: auth,
      payload: { type: 'photo', url: item.url, thumbnail: item.thumbnail, title: 'Nouveau titre', description: '' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ id: item.id, url: photo.url, title: 'Nouveau titre', description: null, position: 0, published: true });

    const toYoutube = await ctx.app.inject({ method: 'PUT', url: `/api/gallery/${item.id}`, headers: auth, payload: { type: 'youtube', url: `https://youtu.be/${VIDEO_ID}` } });
    expect(toYoutube.json().data).toMatchObject({ type: 'youtube', youtubeId: VIDEO_ID, thumbnail: `https://i.ytimg.com/vi/${VIDEO_ID}/hqdefault.jpg` });

    const unpublished = await ctx.app.inject({ method: 'POST', url: `/api/gallery/${item.id}/unpublish`, headers: auth });
    expect(unpublished.json().data.published).toBe(false);
    expect(await publicList()).toEqual([]);
    const published = await ctx.app.inject({ method: 'POST', url: `/api/gallery/${item.id}/publish`, headers: auth });
    expect(published.json().data.published).toBe(true);
    expect((await publicList()).map((i) => i.id)).toEqual([item.id]);

    const read = await ctx.app.inject({ method: 'GET', url: `/api/gallery/${item.id}`, headers: auth });
    expect(read.json().data.id).toBe(item.id);
    expect(read.headers['cache-control']).toBe('no-store');
  });

  it('shows only published media to visitors, in position order, with a short public cache', async () => {
    const a = await create();
    await create({ ...photo, published: false });
    const c = await create();
    await ctx.app.inject({ method: 'POST', url: '/api/gallery/reorder', headers: auth, payload: { items: [{ id: c.id, position: 0 }, { id: a.id, position: 2 }] } });
    const res = await ctx.app.inject({ method: 'GET', url: '/api/gallery?published=true' });
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    expect(res.json().data.map((i: Item) => i.id)).toEqual([c.id, a.id]);
    expect((await adminList()).length).toBe(3);
  });

  it('answers beside the public list the size and variants of uploaded photos and video thumbnails', async () => {
    const [picture, poster, hidden] = [await uploadPhoto(ctx, token, 1600, 1200), await uploadPhoto(ctx, token, 1200, 800), await uploadPhoto(ctx, token, 600, 400)];
    const youtubePoster = await uploadPhoto(ctx, token, 800, 600);
    await create({ ...photo, url: picture.url });
    await create({ type: 'video', url: '/uploads/2026/03/clip.mp4', thumbnail: poster.url });
    await create({ type: 'youtube', url: `https://youtu.be/${VIDEO_ID}` });
    // A YouTube item whose poster is an uploaded picture, as the demo's (the form derives YouTube's own).
    const withPoster = await create({ type: 'youtube', url: 'https://youtu.be/q3VbLe8nTgA' });
    await ctx.db.updateTable('galleryItems').set({ thumbnail: youtubePoster.url }).where('id', '=', withPoster.id).execute();
    await create({ ...photo, url: 'https://images.example.org/lien.jpg' });
    await create({ ...photo, url: hidden.url, published: false });
    const body = (await ctx.app.inject({ method: 'GET', url: '/api/gallery?published=true' })).json();
    expect(Object.keys(body.images).sort()).toEqual([picture.url, poster.url, youtubePoster.url].sort());
    expect(webpWidths(body.images[youtubePoster.url])).toEqual([480]);
    expect(body.images[picture.url]).toEqual({ width: 1600, height: 1200, variants: picture.variants });
    expect(webpWidths(body.images[picture.url])).toEqual([480, 960, 1600]);
    expect(webpWidths(body.images[poster.url])).toEqual([480, 960]);
    // The admin list too: the backoffice's previews take the smallest variant.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/gallery', headers: auth })).json().images).toMatchObject(body.images);
  });

  it('asks for a token everywhere but the public list', async () => {
    const item = await create();
    for (const call of [
      { method: 'GET', url: '/api/gallery' },
      { method: 'GET', url: '/api/gallery?published=false' },
      { method: 'GET', url: `/api/gallery/${item.id}` },
      { method: 'POST', url: '/api/gallery', payload: photo },
      { method: 'PUT', url: `/api/gallery/${item.id}`, payload: photo },
      { method: 'POST', url: `/api/gallery/${item.id}/publish` },
      { method: 'POST', url: `/api/gallery/${item.id}/unpublish` },
      { method: 'POST', url: '/api/gallery/reorder', payload: { items: [{ id: item.id, position: 0 }] } },
      { method: 'DELETE', url: `/api/gallery/${item.id}` },
    ] as const) {
      const res = await ctx.app.inject(call);
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(401);
    }
    expect((await adminList()).map((i) => i.id)).toEqual([item.id]);
  });

  it('reorders in one go and keeps positions 0..n-1', async () => {
    const [a, b, c] = [await create(), await create(), await create()];
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/gallery/reorder',
      headers: auth,
      payload: { items: [{ id: c.id, position: 0 }, { id: a.id, position: 1 }, { id: b.id, position: 2 }] },
    });
    expect(res.statusCode).toBe(200);
    expect(order(res.json().data)).toEqual([[c.id, 0], [a.id, 1], [b.id, 2]]);
    expect(order(await adminList())).toEqual([[c.id, 0], [a.id, 1], [b.id, 2]]);
  });

  it('refuses a reorder holding an unknown id and changes nothing (transaction rolled back)', async () => {
    const [a, b] = [await create(), await create()];
    const before = await adminList();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/gallery/reorder',
      headers: auth,
      // The unknown id comes last, after two updates that must be undone.
      payload: { items: [{ id: b.id, position: 0 }, { id: a.id, position: 1 }, { id: 999_999, position: 2 }] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain('Média introuvable');
    expect(await adminList()).toEqual(before);
  });

  it('refuses malformed reorder bodies', async () => {
    const a = await create();
    const before = await adminList();
    for (const payload of [
      {},
      { items: [] },
      { items: [{ id: a.id, position: -1 }] },
      { items: [{ id: a.id, position: 0 }, { id: a.id, position: 1 }] },
      { items: [{ id: 'x', position: 0 }] },
      { items: [{ id: 99_999_999_999, position: 0 }] },
      { items: [{ id: a.id, position: 1.5 }] },
      { items: 'tout' },
    ]) {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/gallery/reorder', headers: auth, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await adminList()).toEqual(before);
  });

  it('closes the gap left by a deletion', async () => {
    const [a, b, c] = [await create(), await create(), await create()];
    const res = await ctx.app.inject({ method: 'DELETE', url: `/api/gallery/${b.id}`, headers: auth });
    expect(res.statusCode).toBe(204);
    expect(order(await adminList())).toEqual([[a.id, 0], [c.id, 1]]);
    expect((await create()).position).toBe(2);
  });

  it('answers 404 for unknown ids and 400 for ids that are not numbers', async () => {
    await expectUnknownIds(ctx.app, auth, 'Média introuvable', [
      { method: 'GET', url: '/api/gallery/424242' },
      { method: 'PUT', url: '/api/gallery/424242', payload: photo },
      { method: 'POST', url: '/api/gallery/424242/publish' },
      { method: 'POST', url: '/api/gallery/424242/unpublish' },
      { method: 'DELETE', url: '/api/gallery/424242' },
    ]);
    await expectInvalidIds(ctx.app, auth, 'DELETE', ['/api/gallery/abc', '/api/gallery/0', '/api/gallery/9999999999']);
  });

  it('refuses hostile bodies with a 4xx and changes nothing', async () => {
    const item = await create();
    const before = await adminList();
    for (const body of [
      { payload: '{"type":', headers: { 'content-type': 'application/json' } },
      { payload: '"photo"', headers: { 'content-type': 'application/json' } },
      { payload: '<xml/>', headers: { 'content-type': 'application/xml' } },
      { payload: { ...photo, title: 'a\u0000b' } },
      { payload: { ...photo, url: '/uploads/a\u0000.webp' } },
      { payload: { ...photo, description: 'x'.repeat(50_000) } },
      { payload: { ...photo, published: 1 } },
      { payload: '{"type":"photo","url":"/uploads/a.webp","__proto__":{"published":false}}', headers: { 'content-type': 'application/json' } },
    ]) {
      for (const [method, url] of [['POST', '/api/gallery'], ['PUT', `/api/gallery/${item.id}`]] as const) {
        const res = await ctx.app.inject({ method, url, payload: body.payload, headers: { ...auth, ...body.headers } });
        expect(res.statusCode, `${method} ${String(body.payload).slice(0, 40)}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
      }
    }
    expect(await adminList()).toEqual(before);
  });
});

describe('mediaFields', () => {
  it('keeps the thumbnail sent for a video and makes a photo its own thumbnail', () => {
    const base = { title: null, description: null, published: undefined };
    expect(mediaFields({ ...base, type: 'video', url: '/uploads/v.mp4', thumbnail: '/uploads/v.webp' }).thumbnail).toBe('/uploads/v.webp');
    expect(mediaFields({ ...base, type: 'photo', url: '/uploads/p.webp', thumbnail: null }).thumbnail).toBe('/uploads/p.webp');
    expect(() => mediaFields({ ...base, type: 'youtube', url: 'https://vimeo.com/1', thumbnail: null })).toThrow(texts.validation.youtubeInvalid);
  });
});
