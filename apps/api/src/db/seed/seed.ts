import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { AppDeps } from '../../deps.ts';
import type { Storage } from '../../plugins/storage.ts';
import { imagesRepository } from '../../modules/images/images.repository.ts';
import { demoMembers, demoPartners, demoVenues } from './demo-people.ts';
import { demoShows } from './demo-shows.ts';
import { demoGallery, demoOrigins } from './demo-story.ts';
import { insertDemoContent } from './demo-inserts.ts';
import { demoImageInfos, demoVariantFiles, DEMO_VARIANTS_DIR, readDemoVariants } from './demo-variants.ts';

/** Storage keys of the demo pictures live under this prefix, apart from real uploads. */
export const DEMO_PREFIX = 'demo/';
/** Any constant: PostgreSQL servers starting together take this lock so that only one of them seeds. */
const SEED_LOCK = 4_242_001;

/** apps/api/seed-assets, found from the source tree (src/db/seed) or from the bundle (dist). */
export function findSeedAssets(from = path.dirname(fileURLToPath(import.meta.url))): string | undefined {
  for (let dir = from, i = 0; i < 6; i++, dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'seed-assets');
    if (fs.existsSync(candidate)) return candidate;
  }
  return undefined;
}

async function isEmpty(db: Pick<AppDeps['db'], 'selectFrom'>): Promise<boolean> {
  const [shows, members] = await Promise.all([
    db.selectFrom('shows').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    db.selectFrom('members').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return Number(shows.n) === 0 && Number(members.n) === 0;
}

/**
 * Copies the pictures into storage. A key left by an earlier seed (of a since-wiped database) answers
 * EEXIST: the file is reused. The disk storage may also clear the file it refused to overwrite, hence one
 * more attempt before accepting EEXIST as "already there".
 */
async function copyAssets(storage: Storage, assetsDir: string, files: string[]): Promise<void> {
  for (const file of files) {
    for (let attempt = 1; attempt <= 2; attempt++) {
      try {
        await storage.save(DEMO_PREFIX + file, fs.createReadStream(path.join(assetsDir, file)));
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
    }
  }
}

/**
 * Fills an empty database (no show and no member) with the demo troupe « La Bande à Lire », so that a
 * newcomer sees a living site. Does nothing on a database that already has content.
 */
export async function seedDemoContent(deps: AppDeps, log: Logger): Promise<void> {
  if (!(await isEmpty(deps.db))) return;
  const assetsDir = findSeedAssets();
  if (!assetsDir) {
    log.warn('images de démonstration introuvables (apps/api/seed-assets) : contenu de démonstration non ajouté');
    return;
  }
  // Files first: no row may point at a picture that is not there yet.
  const files = listAssetFiles();
  await copyAssets(deps.storage, assetsDir, files);
  // The ready-made variants go beside their originals (demo/x.w480.webp), named as uploads' are.
  const manifest = readDemoVariants(assetsDir);
  const variantFiles = demoVariantFiles(manifest, files);
  await copyAssets(deps.storage, path.join(assetsDir, DEMO_VARIANTS_DIR), variantFiles);
  const asset = (file: string) => deps.storage.publicUrl(DEMO_PREFIX + file);

  const now = deps.clock.now();
  const seeded = await deps.db.transaction().execute(async (trx) => {
    if (deps.dialect === 'postgres') await sql`select pg_advisory_xact_lock(${SEED_LOCK})`.execute(trx);
    if (!(await isEmpty(trx))) return false;
    await insertDemoContent(trx, now, asset);
    const images = imagesRepository(trx);
    for (const info of demoImageInfos(manifest, files, asset)) await images.insert(info, now.toISOString());
    return true;
  });
  if (!seeded) return;
  log.info(
    {
      members: demoMembers.length,
      venues: demoVenues.length,
      shows: demoShows.length,
      performances: demoShows.reduce((n, s) => n + s.performances.length, 0),
      partners: demoPartners.length,
      gallery: demoGallery.length,
      origins: demoOrigins.length,
      files: files.length,
      variants: variantFiles.length,
    },
    'contenu de démonstration ajouté (SEED_DEMO=false pour démarrer sur une base vide)',
  );
}

/** The seed-assets files that the demo content points at. */
export function listAssetFiles(): string[] {
  const files = [
    ...demoMembers.map((m) => m.photo),
    ...demoPartners.map((p) => p.logo),
    ...demoShows.flatMap((s) => [s.photo, s.book?.photo, s.author?.photo]),
    ...demoGallery.flatMap((g) => (g.type === 'youtube' ? [g.thumbnail] : [g.file, g.thumbnail])),
  ];
  return [...new Set(files.filter((f): f is string => Boolean(f)))];
}
