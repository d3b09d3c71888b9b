import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ImageInfo } from '@bande/shared';
import { seedDemoContent } from '../../db/seed/seed.ts';
import { createAdminToken } from '../../test/admin-token.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { multipartBody, sampleMp4 } from '../../test/upload-fixtures.ts';
import { uploadPhoto } from '../images/image-test-helpers.ts';
import { imagesRepository } from '../images/images.repository.ts';
import { createOrphanSweeper, ORPHAN_GRACE_MS, SWEEP_INTERVAL_MS, SWEEP_LEASE_KEY, sweepOrphanUploads, type SweepOptions } from './orphan-sweep.ts';

let ctx: TestContext;
const lines: { msg: string }[] = [];
const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });

beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemoContent({ db: ctx.db, dialect: ctx.dialect, config: ctx.config, mailer: ctx.mailer, storage: ctx.storage, clock: ctx.clock }, log);
});
afterAll(() => ctx.close());

const MINUTE = 60_000;
const keyOf = (url: string) => url.replace(/^\/uploads\//, '');
const filesOf = (info: Pick<ImageInfo, 'url' | 'variants'>) => [info.url, ...info.variants.map((variant) => variant.url)].map(keyOf);
const exist = (keys: string[]) => Promise.all(keys.map((key) => ctx.storage.exists(key)));
const hasManifest = async (url: string) => (await imagesRepository(ctx.db).find(url)) !== undefined;

/** Files take their time from the disk (mtime): sets it `ms` before the test clock's now. */
function age(keys: string[], ms: number) {
  const when = new Date(ctx.clock.now().getTime() - ms);
  for (const key of keys) fs.utimesSync(path.join(ctx.storage.localRoot!, key), when, when);
}
/** Every stored file made `ms` old. */
function ageAll(ms: number) {
  const root = ctx.storage.localRoot!;
  const when = new Date(ctx.clock.now().getTime() - ms);
  for (const entry of fs.readdirSync(root, { recursive: true }) as string[]) {
    const file = path.join(root, entry);
    if (fs.statSync(file).isFile()) fs.utimesSync(file, when, when);
  }
}
/** A sweep in a new lease interval (the one before has ended). */
async function sweep(options: SweepOptions = {}) {
  ctx.clock.advance(SWEEP_INTERVAL_MS);
  return sweepOrphanUploads({ db: ctx.db, storage: ctx.storage, clock: ctx.clock, log }, options);
}

async function uploadVideo(token: string): Promise<string> {
  const { payload, contentType } = multipartBody([{ name: 'file', filename: 'clip.mp4', content: sampleMp4() }]);
  const res = await ctx.app.inject({ method: 'POST', url: '/api/upload', payload, headers: { authorization: `Bearer ${token}`, 'content-type': contentType } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().url;
}

async function send(token: string, method: 'POST' | 'PUT', url: string, payload: object) {
  const res = await ctx.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json().data;
}

/** Every /uploads/ url in a JSON answer: values, keys (the `images` maps) and text inside strings. */
function uploadUrlsIn(value: unknown, found = new Set<string>()): Set<string> {
  const scan = (text: string) => {
    for (const match of text.matchAll(/\/uploads\/[^\s"'()<>,\\]+/g)) found.add(match[0]);
  };
  if (typeof value === 'string') scan(value);
  else if (Array.isArray(value)) for (const item of value) uploadUrlsIn(item, found);
  else if (value && typeof value === 'object')
    for (const [key, child] of Object.entries(value)) {
      scan(key);
      uploadUrlsIn(child, found);
    }
  return found;
}

/** What the public site and the admin read: every list, each item's detail, anonymous and with a token. */
async function urlsTheApiMentions(token: string): Promise<Set<string>> {
  const found = new Set<string>();
  const get = async (url: string, admin: boolean) => {
    const res = await ctx.app.inject({ method: 'GET', url, headers: admin ? { authorization: `Bearer ${token}` } : {} });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    const body = res.json();
    uploadUrlsIn(body, found);
    return body;
  };
  const lists = ['/api/shows', '/api/members', '/api/gallery', '/api/partners'];
  const others = ['/api/origins/categories', '/api/site', '/api/card-config', '/api/legal', '/api/venues'];
  // The public site asks for published content only; the admin (with a token) for everything.
  for (const url of [...lists.map((list) => `${list}?published=true`), '/api/shows?published=true&isFeatured=true', ...others]) await get(url, false);
  for (const url of [...lists, ...others, '/api/origins/admin/categories']) await get(url, true);
  const items = (body: { data?: unknown } | unknown[]) => (Array.isArray(body) ? body : (body as { data: unknown[] }).data) as { id: number; slug?: string }[];
  for (const resource of ['shows', 'members', 'gallery', 'partners']) {
    for (const item of items(await get(`/api/${resource}`, true))) {
      await get(`/api/${resource}/${item.id}`, true);
      if (resource === 'shows' && item.slug) {
        const res = await ctx.app.inject({ method: 'GET', url: `/api/shows/slug/${item.slug}` });
        if (res.statusCode === 200) uploadUrlsIn(res.json(), found);
      }
    }
  }
  return found;
}

describe('the sweep of uploads no row refers to', () => {
  it('keeps every file any API answer mentions (each content column, the demo, their variants), removes an orphan', async () => {
    const token = await createAdminToken(ctx);
    const [member, galleryPhoto, thumbnail, logo, poster, cover, portrait, orphan] = await Promise.all(Array.from({ length: 8 }, () => uploadPhoto(ctx, token, 900, 600)));
    const video = await uploadVideo(token);
    const person = { firstName: 'Léa', lastName: 'Martin', role: 'Comédienne', published: true };
    await send(token, 'POST', '/api/members', { ...person, photo: member!.url });
    await send(token, 'POST', '/api/gallery', { type: 'photo', url: galleryPhoto!.url, title: 'Photo', published: true });
    await send(token, 'POST', '/api/gallery', { type: 'video', url: video, thumbnail: thumbnail!.url, title: 'Vidéo', published: true });
    await send(token, 'POST', '/api/partners', { title: 'Librairie', description: 'Partenaire', link: '', logo: logo!.url, published: true });
    await send(token, 'POST', '/api/shows', {
      name: 'Madame Bovary',
      type: 'Grand format',
      year: '2025',
      pitch: 'Emma rêve.',
      note: 'Note',
      photo: poster!.url,
      book: { name: 'Madame Bovary', type: 'Roman', description: 'Un roman', note: '', photo: cover!.url },
      author: { name: 'Gustave Flaubert', date: '1821-1880', description: 'Romancier', photo: portrait!.url },
    });
    const ours = [member, galleryPhoto, thumbnail, logo, poster, cover, portrait].map((info) => info!.url);

    // Grace 0 and every file older than the clock: only references can keep a file.
    ctx.clock.advance(SWEEP_INTERVAL_MS);
    ageAll(MINUTE);
    const result = await sweepOrphanUploads({ db: ctx.db, storage: ctx.storage, clock: ctx.clock, log }, { graceMs: 0 });
    expect(result.ran).toBe(true);
    expect(await exist(filesOf(orphan!))).toEqual(filesOf(orphan!).map(() => false));
    expect(await hasManifest(orphan!.url)).toBe(false);

    const mentioned = await urlsTheApiMentions(await createAdminToken(ctx));
    // The walk reached every column this test filled, and the demo's pictures.
    expect([...mentioned]).toEqual(expect.arrayContaining([...ours, video]));
    expect([...mentioned].filter((url) => url.startsWith('/uploads/demo/')).length).toBeGreaterThan(10);
    const missing: string[] = [];
    for (const url of mentioned) {
      const info = await imagesRepository(ctx.db).find(url);
      for (const key of info ? filesOf(info) : [keyOf(url)]) if (!(await ctx.storage.exists(key))) missing.push(key);
    }
    expect(missing).toEqual([]);
    expect(result.removed).toBe(filesOf(orphan!).length);
    expect(lines.some((line) => line.msg.startsWith('balayage des fichiers orphelins'))).toBe(true);
  });

  it('removes an unreferenced upload older than the grace period with its variants and manifest row, keeps a younger one', async () => {
    const token = await createAdminToken(ctx);
    const old = await uploadPhoto(ctx, token);
    const young = await uploadPhoto(ctx, token);
    ctx.clock.advance(SWEEP_INTERVAL_MS);
    age(filesOf(old), ORPHAN_GRACE_MS + MINUTE);
    age(filesOf(young), ORPHAN_GRACE_MS - MINUTE);
    const result = await sweepOrphanUploads({ db: ctx.db, storage: ctx.storage, clock: ctx.clock, log });
    expect(result).toMatchObject({ ran: true, removed: filesOf(old).length, manifestRows: 1 });
    expect(result.young).toBeGreaterThanOrEqual(filesOf(young).length);
    expect(await exist(filesOf(old))).toEqual(filesOf(old).map(() => false));
    expect(await hasManifest(old.url)).toBe(false);
    expect(await exist(filesOf(young))).toEqual(filesOf(young).map(() => true));
    expect(await hasManifest(young.url)).toBe(true);
  });

  it('removes an image_variants row whose original is gone, with its leftover variant', async () => {
    const token = await createAdminToken(ctx);
    const photo = await uploadPhoto(ctx, token);
    // A removal that failed half way: the original went, the row and the variants stayed.
    await ctx.storage.remove(keyOf(photo.url));
    ctx.clock.advance(2 * ORPHAN_GRACE_MS);
    const result = await sweep();
    expect(result.ran).toBe(true);
    expect(await hasManifest(photo.url)).toBe(false);
    expect(await exist(filesOf(photo))).toEqual(filesOf(photo).map(() => false));
  });

  it('two sweeps started at once on one database: one runs, the other finds the lease taken', async () => {
    ctx.clock.advance(SWEEP_INTERVAL_MS);
    const deps = { db: ctx.db, storage: ctx.storage, clock: ctx.clock, log };
    const results = await Promise.all([sweepOrphanUploads(deps), sweepOrphanUploads(deps)]);
    expect(results.map((result) => result.ran).sort()).toEqual([false, true]);
    ctx.clock.advance(SWEEP_INTERVAL_MS - MINUTE);
    expect((await sweepOrphanUploads(deps)).ran).toBe(false);
    ctx.clock.advance(MINUTE);
    expect((await sweepOrphanUploads(deps)).ran).toBe(true);
  });

  it('on disk, never touches a temporary file being written', async () => {
    await ctx.storage.save('2026/03/kept.txt', Readable.from(['x']));
    const temp = path.join(ctx.storage.localRoot!, '2026/03/.tmp-0123456789abcdef-abc.jpg');
    const writing = fs.createWriteStream(temp);
    writing.write('partial');
    await new Promise<void>((resolve) => writing.once('ready', () => resolve()));
    ctx.clock.advance(SWEEP_INTERVAL_MS);
    const old = new Date(ctx.clock.now().getTime() - 2 * ORPHAN_GRACE_MS);
    fs.utimesSync(temp, old, old);
    const result = await sweep({ graceMs: 0 });
    expect(result.ran).toBe(true);
    expect(fs.existsSync(temp)).toBe(true);
    writing.end();
    await new Promise<void>((resolve) => writing.once('close', () => resolve()));
    expect(fs.readFileSync(temp, 'utf8')).toBe('partial');
  });

  it('the server\'s sweeper takes the lease after its first delay, then stops', async () => {
    ctx.clock.advance(SWEEP_INTERVAL_MS);
    const before = lines.length;
    const sweeper = createOrphanSweeper({ db: ctx.db, storage: ctx.storage, clock: ctx.clock, log }, { firstDelayMs: 1, everyMs: SWEEP_INTERVAL_MS });
    sweeper.start();
    await vi.waitFor(() => expect(lines.slice(before).some((line) => line.msg.startsWith('balayage des fichiers orphelins'))).toBe(true));
    await sweeper.stop();
    const lease = await ctx.db.selectFrom('rateLimitBuckets').selectAll().where('key', '=', SWEEP_LEASE_KEY).executeTakeFirstOrThrow();
    expect(Number(lease.resetAt)).toBe(ctx.clock.now().getTime() + SWEEP_INTERVAL_MS);
  });
});
