import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { incrementBucket } from '../../plugins/rate-limit.ts';
import { createPeriodicJob, type PeriodicJob } from '../../lib/periodic-job.ts';
import { isReferenced, referencedUploadUrls } from '../images/release-uploads.ts';

const HOUR_MS = 60 * 60 * 1000;

/**
 * An upload no row names is removed only once it is older than this: an admin form being filled holds
 * an upload that is not saved yet (the form may stay open for hours).
 */
export const ORPHAN_GRACE_MS = 24 * HOUR_MS;
/** At most one sweep in this interval, among every server sharing the database. */
export const SWEEP_INTERVAL_MS = 6 * HOUR_MS;
/** Each server asks for the lease this often; only the first asker of an interval sweeps. */
export const SWEEP_CHECK_MS = HOUR_MS;
/** The first check after a server starts: not during a deployment's busy first minutes. */
export const SWEEP_FIRST_DELAY_MS = 5 * 60 * 1000;
/** The lease's key in rate_limit_buckets (the rate limits' keys start with 'rl:'). */
export const SWEEP_LEASE_KEY = 'sweep:uploads';

export type SweepDeps = Pick<AppDeps, 'db' | 'storage' | 'clock'> & { log: Pick<FastifyBaseLogger, 'info' | 'warn'> };

export interface SweepOptions {
  graceMs?: number;
  intervalMs?: number;
  /** Stops the sweep between two files (server shutdown); what is left waits for the next one. */
  signal?: AbortSignal;
}

export interface SweepResult {
  /** False when another sweep (this or another server) holds the lease of the current interval. */
  ran: boolean;
  /** Files listed in storage. */
  files: number;
  /** Files removed: orphans and their variants. */
  removed: number;
  /** Orphans kept because they are younger than the grace period. */
  young: number;
  /** image_variants rows removed (their original was removed or is gone). */
  manifestRows: number;
  /** Files whose removal failed (left for the next sweep). */
  failed: number;
}

/** A variant's name, as images.service.ts variantKey makes it: `<original without ext>.w<width>.<webp|avif>`. */
const VARIANT = /^(.*)\.w\d+\.(?:webp|avif)$/;
const stem = (key: string) => key.replace(/\.[^./]+$/, '');
/** A name being written (the disk store's `.tmp-…`): never listed, and never removed even if it were. */
const isTemporary = (key: string) => (key.split('/').pop() ?? '').startsWith('.');

interface ManifestRow {
  url: string;
  createdAt: string;
  variants: string[];
}

async function readManifest(db: AppDeps['db']): Promise<Map<string, ManifestRow>> {
  const rows = await db.selectFrom('imageVariants').select(['url', 'createdAt', 'variants']).execute();
  return new Map(
    rows.map((row) => {
      let variants: string[] = [];
      try {
        const parsed = JSON.parse(row.variants) as unknown;
        if (Array.isArray(parsed)) variants = parsed.map((variant) => (variant as { url?: unknown } | null)?.url).filter((url): url is string => typeof url === 'string');
      } catch {
        // An unreadable row protects nothing; its original still decides.
      }
      return [row.url, { url: row.url, createdAt: row.createdAt, variants }];
    }),
  );
}

/**
 * Removes the uploads that no row names any more (a form abandoned after its upload, a removal that
 * failed), with their WebP/AVIF variants and image_variants rows. A file is kept when a content column
 * (release-uploads.ts UPLOAD_URL_COLUMNS) names it, when it is a variant of such a file, or when it is
 * younger than `graceMs`. Only the server that takes the interval's lease sweeps; removal is idempotent.
 */
export async function sweepOrphanUploads(
  { db, storage, clock, log }: SweepDeps,
  { graceMs = ORPHAN_GRACE_MS, intervalMs = SWEEP_INTERVAL_MS, signal }: SweepOptions = {},
): Promise<SweepResult> {
  const result: SweepResult = { ran: false, files: 0, removed: 0, young: 0, manifestRows: 0, failed: 0 };
  const startedAt = clock.now().getTime();
  // An atomic upsert: of every server asking within one interval, only the first gets count 1.
  const lease = await incrementBucket(db, SWEEP_LEASE_KEY, intervalMs, startedAt);
  if (lease.count !== 1) return result;
  result.ran = true;

  const prefix = storage.publicUrl('');
  const keys: string[] = [];
  for await (const key of storage.list('')) if (!isTemporary(key)) keys.push(key);
  result.files = keys.length;

  // Read after listing: a row saved before a file was listed is seen here.
  const referenced = new Set([...(await referencedUploadUrls(db, prefix))].map((url) => url.slice(prefix.length)));
  const manifest = await readManifest(db);
  const kept = new Set(referenced);
  const keptStems = new Set([...referenced].map(stem));
  for (const key of referenced) for (const variant of manifest.get(prefix + key)?.variants ?? []) if (variant.startsWith(prefix)) kept.add(variant.slice(prefix.length));

  const cutoff = startedAt - graceMs;
  const isOld = (date: Date | undefined) => date !== undefined && date.getTime() < cutoff;
  const removeFile = async (key: string) => {
    try {
      await storage.remove(key);
      result.removed += 1;
    } catch {
      result.failed += 1;
    }
  };
  const removed = new Set<string>();

  for (const key of keys) {
    if (signal?.aborted) break;
    if (kept.has(key)) continue;
    const variantOf = VARIANT.exec(key)?.[1];
    if (variantOf !== undefined && keptStems.has(variantOf)) continue;
    const stats = await storage.stat(key);
    if (!stats) continue;
    if (!isOld(stats.lastModified)) {
      result.young += 1;
      continue;
    }
    const url = prefix + key;
    // A row saved since the references were read (a late form naming an old file) still wins.
    if (await isReferenced(db, url)) continue;
    const row = manifest.get(url);
    if (row) {
      // The row first: no answer offers variants that are going.
      await db.deleteFrom('imageVariants').where('url', '=', url).execute();
      manifest.delete(url);
      result.manifestRows += 1;
      for (const variant of row.variants) {
        const variantKey = variant.slice(prefix.length);
        if (!variant.startsWith(prefix) || removed.has(variantKey) || kept.has(variantKey)) continue;
        removed.add(variantKey);
        await removeFile(variantKey);
      }
    }
    if (removed.has(key)) continue;
    removed.add(key);
    await removeFile(key);
  }

  // Manifest rows of an original that is gone (a removal that failed half way) and no row names.
  const listed = new Set(keys);
  for (const row of manifest.values()) {
    if (signal?.aborted) break;
    if (!row.url.startsWith(prefix)) continue;
    const key = row.url.slice(prefix.length);
    if (referenced.has(key) || (listed.has(key) && !removed.has(key))) continue;
    if (!isOld(new Date(row.createdAt))) continue;
    if ((await storage.exists(key)) || (await isReferenced(db, row.url))) continue;
    await db.deleteFrom('imageVariants').where('url', '=', row.url).execute();
    result.manifestRows += 1;
    for (const variant of row.variants) {
      const variantKey = variant.slice(prefix.length);
      if (variant.startsWith(prefix) && !removed.has(variantKey) && !kept.has(variantKey)) {
        removed.add(variantKey);
        await removeFile(variantKey);
      }
    }
  }

  log.info(
    { ...result, ms: clock.now().getTime() - startedAt, graceMs },
    `balayage des fichiers orphelins : ${result.removed} supprimé(s) sur ${result.files}${result.failed ? `, ${result.failed} en échec` : ''}`,
  );
  return result;
}

/** stop() also interrupts a sweep in progress, between two files. */
export type OrphanSweeper = PeriodicJob;

/**
 * The server's sweeper: a first look SWEEP_FIRST_DELAY_MS after start, then every SWEEP_CHECK_MS;
 * the lease in the database keeps it to one sweep per SWEEP_INTERVAL_MS across all servers.
 */
export function createOrphanSweeper(
  deps: SweepDeps & { log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'> },
  { firstDelayMs = SWEEP_FIRST_DELAY_MS, everyMs = SWEEP_CHECK_MS, ...options }: SweepOptions & { firstDelayMs?: number; everyMs?: number } = {},
): OrphanSweeper {
  return createPeriodicJob({
    firstDelayMs,
    everyMs,
    run: (signal) => sweepOrphanUploads(deps, { ...options, signal }),
    onError: (err) => deps.log.error({ err }, 'échec du balayage des fichiers orphelins'),
  });
}
