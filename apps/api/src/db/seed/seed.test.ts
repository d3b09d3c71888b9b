import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import pino from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorSchema, bookSchema, LIMITS, missingLegalFields, SHOW_TYPES } from '@bande/shared';
import type { AppDeps } from '../../deps.ts';
import { createDiskStorage } from '../../plugins/storage.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { findSeedAssets, listAssetFiles, seedDemoContent } from './seed.ts';
import { DEMO_VARIANTS_DIR, readDemoVariants, sourceHash } from './demo-variants.ts';
import { parisDateTime } from '@bande/shared/format/paris-clock';

function depsOf(ctx: TestContext): AppDeps {
  return { db: ctx.db, dialect: ctx.dialect, config: ctx.config, mailer: ctx.mailer, storage: createDiskStorage(path.join(ctx.dataDir, 'uploads')), clock: ctx.clock };
}

function recordingLog() {
  const lines: { level: number; msg: string }[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { log, lines };
}

async function counts(ctx: TestContext) {
  const count = async (table: 'members' | 'venues' | 'shows' | 'performances' | 'credits' | 'creditMembers' | 'partners' | 'galleryItems' | 'originCategories' | 'originEvents' | 'cardConfig') =>
    Number((await ctx.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const tables = ['members', 'venues', 'shows', 'performances', 'credits', 'creditMembers', 'partners', 'galleryItems', 'originCategories', 'originEvents', 'cardConfig'] as const;
  return Object.fromEntries(await Promise.all(tables.map(async (t) => [t, await count(t)])));
}

describe('parisDateTime', () => {
  it('gives 20h30 in Paris as 19:30 UTC in winter and 18:30 UTC in summer', () => {
    const winter = new Date('2026-01-15T10:00:00.000Z');
    expect(parisDateTime(winter, 0, 20, 30)).toBe('2026-01-15T19:30:00.000Z');
    expect(parisDateTime(winter, 180, 20, 30)).toBe('2026-07-14T18:30:00.000Z');
  });

  it('follows the Paris calendar day and the change to summer time', () => {
    // 23:30 UTC on 28 March is already 29 March in Paris, the night the clocks go forward.
    expect(parisDateTime(new Date('2026-03-28T23:30:00.000Z'), 0, 20, 30)).toBe('2026-03-29T18:30:00.000Z');
    expect(parisDateTime(new Date('2026-03-28T12:00:00.000Z'), 0, 20, 30)).toBe('2026-03-28T19:30:00.000Z');
  });
});

describe('seedDemoContent', () => {
  let ctx: TestContext;
  const { log, lines } = recordingLog();
  beforeAll(async () => {
    ctx = await createTestApp();
    await seedDemoContent(depsOf(ctx), log);
  });
  afterAll(() => ctx.close());

  it('fills an empty database with the demo troupe and says so once in the log', async () => {
    expect(await counts(ctx)).toMatchObject({ members: 10, venues: 4, shows: 6, partners: 5, galleryItems: 10, originCategories: 3, originEvents: 12, cardConfig: 1 });
    const published = async (table: 'members' | 'shows' | 'partners' | 'galleryItems') =>
      Number((await ctx.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).where('published', '=', 1).executeTakeFirstOrThrow()).n);
    expect(await published('members')).toBe(9);
    expect(await published('shows')).toBe(5);
    expect(await published('partners')).toBe(4);
    expect(await published('galleryItems')).toBe(9);
    expect(lines.filter((l) => l.level === 30)).toHaveLength(1);
    expect(lines[0]!.msg).toContain('contenu de démonstration ajouté');
  });

  it('gives the three featured shows none, one and several upcoming performances', async () => {
    const now = ctx.clock.now().toISOString();
    const featured = await ctx.db.selectFrom('shows').select(['id', 'slug']).where('isFeatured', '=', 1).where('published', '=', 1).execute();
    const upcoming = await Promise.all(
      featured.map(async (s) => {
        const rows = await ctx.db.selectFrom('performances').select('date').where('showId', '=', s.id).execute();
        return [s.slug, { upcoming: rows.filter((p) => p.date > now).length, past: rows.filter((p) => p.date <= now).length }] as const;
      }),
    );
    expect(Object.fromEntries(upcoming)).toEqual({
      'boule-de-suif': { upcoming: 3, past: 2 },
      'un-coeur-simple': { upcoming: 1, past: 2 },
      'la-mare-au-diable': { upcoming: 0, past: 3 },
    });
  });

  it('covers every show type, with ascii kebab slugs and valid book and author data', async () => {
    const shows = await ctx.db.selectFrom('shows').selectAll().execute();
    expect(new Set(shows.map((s) => s.type))).toEqual(new Set(SHOW_TYPES));
    for (const s of shows) {
      expect(s.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      if (s.book) expect(bookSchema.safeParse(JSON.parse(s.book)).success).toBe(true);
      if (s.author) expect(authorSchema.safeParse(JSON.parse(s.author)).success).toBe(true);
    }
    const credits = await ctx.db.selectFrom('credits').select(['showId']).execute();
    const perShow = new Map<number, number>();
    for (const c of credits) perShow.set(c.showId, (perShow.get(c.showId) ?? 0) + 1);
    expect(Math.max(...perShow.values())).toBeLessThanOrEqual(LIMITS.maxCreditCategories);
    const members = await ctx.db.selectFrom('members').select(['note', 'documentId']).execute();
    for (const m of members) expect(m.note!.length).toBeLessThanOrEqual(LIMITS.memberNoteMax);
    expect(new Set(members.map((m) => m.documentId)).size).toBe(members.length);
  });

  it('shows some performances without a venue name or a booking link', async () => {
    const performances = await ctx.db.selectFrom('performances').selectAll().execute();
    expect(performances.some((p) => p.venueName === null)).toBe(true);
    expect(performances.some((p) => p.bookingLink === null)).toBe(true);
    expect(performances.some((p) => p.bookingLink?.startsWith('https://'))).toBe(true);
    for (const p of performances) expect(p.date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\.000Z$/);
  });

  it('writes origin dates in the three accepted forms, categories from position 1, gallery from 0', async () => {
    const events = await ctx.db.selectFrom('originEvents').select('date').execute();
    expect(events.every((e) => /^\d{4}(-\d{2}(-\d{2})?)?$/.test(e.date))).toBe(true);
    expect(new Set(events.map((e) => e.date.length))).toEqual(new Set([4, 7, 10]));
    const positions = await ctx.db.selectFrom('originCategories').select('position').orderBy('position').execute();
    expect(positions.map((p) => p.position)).toEqual([1, 2, 3]);
    const gallery = await ctx.db.selectFrom('galleryItems').select(['position', 'type']).orderBy('position').execute();
    expect(gallery.map((g) => g.position)).toEqual(gallery.map((_, i) => i));
    expect(new Set(gallery.map((g) => g.type))).toEqual(new Set(['photo', 'youtube', 'video']));
    const card = await ctx.db.selectFrom('cardConfig').selectAll().executeTakeFirstOrThrow();
    expect(card).toMatchObject({ id: 1, isEnabled: 1, buttonText: 'Demander ma carte', modalButtonText: 'Envoyer ma demande' });
    // Every legal detail is filled, so a fresh demo shows a complete legal page.
    const legal = (await ctx.app.inject({ method: 'GET', url: '/api/legal' })).json().data;
    expect(missingLegalFields(legal)).toEqual([]);
    expect(legal).toMatchObject({ publisherName: 'La Bande à Lire', hostName: 'OVH SAS' });
  });

  it('points every picture and video at a file present in storage', async () => {
    const [members, shows, partners, gallery] = await Promise.all([
      ctx.db.selectFrom('members').select('photo').execute(),
      ctx.db.selectFrom('shows').select(['photo', 'book', 'author']).execute(),
      ctx.db.selectFrom('partners').select('logo').execute(),
      ctx.db.selectFrom('galleryItems').select(['url', 'thumbnail', 'type']).execute(),
    ]);
    const urls = [
      ...members.map((m) => m.photo),
      ...shows.flatMap((s) => [s.photo, s.book && JSON.parse(s.book).photo, s.author && JSON.parse(s.author).photo]),
      ...partners.map((p) => p.logo),
      ...gallery.flatMap((g) => (g.type === 'youtube' ? [g.thumbnail] : [g.url, g.thumbnail])),
    ].filter((u): u is string => Boolean(u));
    expect(urls.length).toBeGreaterThan(40);
    for (const url of urls) {
      expect(url).toMatch(/^\/uploads\/demo\//);
      expect(fs.existsSync(path.join(ctx.dataDir, 'uploads', url.slice('/uploads/'.length))), url).toBe(true);
    }
  });

  it('gives the YouTube item its own poster, with variants, and nothing that asks YouTube for a picture', async () => {
    const youtube = await ctx.db.selectFrom('galleryItems').select(['url', 'thumbnail']).where('type', '=', 'youtube').execute();
    expect(youtube).toHaveLength(1);
    const poster = youtube[0]!.thumbnail!;
    expect(poster).toMatch(/^\/uploads\/demo\/[a-z0-9-]+\.jpg$/);
    expect(fs.existsSync(path.join(ctx.dataDir, 'uploads', poster.slice('/uploads/'.length)))).toBe(true);
    // Only the link itself names YouTube: the player loads from it once the visitor presses play.
    const tables = ['members', 'shows', 'partners', 'galleryItems', 'originCategories', 'originEvents', 'cardConfig', 'imageVariants'] as const;
    const dump = JSON.stringify(await Promise.all(tables.map((table) => ctx.db.selectFrom(table).selectAll().execute())));
    expect(dump).not.toMatch(/ytimg\.com|img\.youtube\.com/);

    const { data, images } = (await ctx.app.inject({ method: 'GET', url: '/api/gallery?published=true' })).json();
    expect(data.find((item: { type: string }) => item.type === 'youtube')).toMatchObject({ thumbnail: poster, youtubeId: expect.stringMatching(/^[\w-]{11}$/) });
    expect(images[poster]).toMatchObject({ width: 1200, height: 800 });
    expect(images[poster].variants.map((v: { url: string }) => v.url)).toContain(poster.replace(/\.jpg$/, '.w480.webp'));
  });

  it('gives every demo picture its variants, copied beside it and recorded, so the public reads carry srcset data', async () => {
    const pictures = listAssetFiles().filter((file) => /\.(jpe?g|png)$/.test(file));
    const rows = await ctx.db.selectFrom('imageVariants').selectAll().execute();
    expect(rows.map((row) => row.url).sort()).toEqual(pictures.map((file) => `/uploads/demo/${file}`).sort());
    for (const row of rows) {
      const variants: { url: string; width: number; type: string }[] = JSON.parse(row.variants);
      expect(variants.filter((v) => v.type === 'image/webp').length, row.url).toBeGreaterThan(0);
      for (const variant of variants) {
        const stored = path.join(ctx.dataDir, 'uploads', variant.url.slice('/uploads/'.length));
        expect(variant.url).toMatch(new RegExp(`^${row.url.replace(/\.[a-z]+$/, '')}\\.w${variant.width}\\.(webp|avif)$`));
        expect((await sharp(stored).metadata()).width, variant.url).toBe(variant.width);
      }
    }
    const show = rows.find((row) => row.url === '/uploads/demo/show-boule-de-suif.jpg')!;
    expect({ width: show.width, height: show.height }).toEqual({ width: 1200, height: 800 });
    expect(JSON.parse(show.variants).filter((v: { type: string }) => v.type === 'image/webp').map((v: { width: number }) => v.width)).toEqual([480, 960]);

    const { data, images } = (await ctx.app.inject({ method: 'GET', url: '/api/shows?published=true' })).json();
    for (const { photo } of data) expect(images[photo], photo).toMatchObject({ width: 1200, height: 800 });
  });

  it('adds nothing on a second call', async () => {
    const before = await counts(ctx);
    await seedDemoContent(depsOf(ctx), log);
    expect(await counts(ctx)).toEqual(before);
    expect(lines.filter((l) => l.level === 30)).toHaveLength(1);
  });
});

describe('seedDemoContent on a database that is not empty', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('leaves a database with a member alone', async () => {
    const at = ctx.clock.now().toISOString();
    const member = await ctx.db
      .insertInto('members')
      .values({ documentId: 'doc-1', firstName: 'Ana', lastName: 'Lys', role: 'Lectrice', note: null, photo: null, published: 1, publishedAt: at, createdAt: at, updatedAt: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    await seedDemoContent(depsOf(ctx), recordingLog().log);
    expect(await counts(ctx)).toMatchObject({ members: 1, shows: 0, partners: 0 });
    await ctx.db.deleteFrom('members').where('id', '=', member.id).execute();
  });

  it('reuses demo files left in storage by an earlier seed and keeps a saved card config', async () => {
    const deps = depsOf(ctx);
    const [kept] = listAssetFiles();
    await deps.storage.save(`demo/${kept}`, Readable.from(Buffer.from('déjà là')));
    const at = ctx.clock.now().toISOString();
    await ctx.db
      .insertInto('cardConfig')
      .values({ id: 1, isEnabled: 0, sectionTitle: 'Ma carte', sectionDescription: 'd', buttonText: 'b', modalTitle: 'm', modalDescription: 'md', modalButtonText: 'mb', updatedAt: at })
      .execute();
    await seedDemoContent(deps, recordingLog().log);
    expect(await counts(ctx)).toMatchObject({ members: 10, shows: 6 });
    expect(fs.existsSync(path.join(ctx.dataDir, 'uploads', 'demo', kept!))).toBe(true);
    expect(await ctx.db.selectFrom('cardConfig').select(['sectionTitle', 'isEnabled']).executeTakeFirstOrThrow()).toEqual({ sectionTitle: 'Ma carte', isEnabled: 0 });
  });

  it('ships every picture it names, each small', () => {
    const dir = findSeedAssets()!;
    let total = 0;
    for (const file of listAssetFiles()) {
      const size = fs.statSync(path.join(dir, file)).size;
      expect(size, file).toBeLessThan(file.endsWith('.webm') ? 400_000 : 100_000);
      total += size;
    }
    expect(total).toBeLessThan(2_000_000);
  });

  it('ships the variants of every picture, made from the pictures as they are now, each small', async () => {
    const dir = findSeedAssets()!;
    const manifest = readDemoVariants(dir);
    const pictures = listAssetFiles().filter((file) => /\.(jpe?g|png)$/.test(file));
    expect(Object.keys(manifest).sort()).toEqual(pictures.sort());
    let total = 0;
    for (const file of pictures) {
      const original = fs.readFileSync(path.join(dir, file));
      const { width, height } = await sharp(original).metadata();
      // A picture changed since the variants were made: run `node scripts/generate-demo-images.mjs`.
      expect({ source: manifest[file]!.source, width: manifest[file]!.width, height: manifest[file]!.height }, file).toEqual({ source: sourceHash(original), width, height });
      for (const variant of manifest[file]!.variants) {
        const size = fs.statSync(path.join(dir, DEMO_VARIANTS_DIR, variant.file)).size;
        expect(size, variant.file).toBeLessThan(40_000);
        total += size;
      }
    }
    expect(total).toBeLessThan(700_000);
  });
});
