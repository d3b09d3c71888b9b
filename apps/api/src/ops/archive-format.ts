import type { Database } from '../db/schema.ts';
import type { DB, DialectName } from '../db/connection.ts';
import type { Storage } from '../plugins/storage.ts';

/**
 * The backup file: a gzip-compressed tar holding, in this order,
 *   format.json              { format, version, createdAt, dialect, migration } (read first: an unknown
 *                            version is refused before anything else)
 *   tables/<table>.jsonl     one JSON object per row (Kysely's camelCase column names), by primary key
 *   uploads/<key>            every file of the upload storage, byte for byte
 *   manifest.json            the same header plus row counts and SHA-256 of every entry (written last,
 *                            once they are known; restore checks the whole file against it first)
 * Values are the same in both dialects: every column is integer or text (flags 0/1, ISO dates, JSON
 * text), and epoch-millisecond bigints are read as numbers on PostgreSQL (see db/connection.ts).
 */
export const ARCHIVE_FORMAT = 'la-bande-a-lire-backup';
export const FORMAT_VERSION = 1;

export type TableName = keyof Database;

interface TableSpec {
  name: TableName;
  /** Rows are written and paged in this column's order. */
  key: string;
  /** PostgreSQL serial id, whose sequence restore moves past the largest id. */
  serial: boolean;
}

/** Every table, parents before children (insert in this order, delete in the reverse). */
export const TABLES: readonly TableSpec[] = [
  { name: 'adminUsers', key: 'id', serial: true },
  { name: 'adminSessions', key: 'id', serial: true },
  { name: 'oneTimeCodes', key: 'id', serial: true },
  { name: 'rateLimitBuckets', key: 'key', serial: false },
  { name: 'members', key: 'id', serial: true },
  { name: 'venues', key: 'id', serial: true },
  { name: 'shows', key: 'id', serial: true },
  { name: 'performances', key: 'id', serial: true },
  { name: 'credits', key: 'id', serial: true },
  { name: 'creditMembers', key: 'id', serial: true },
  { name: 'partners', key: 'id', serial: true },
  { name: 'galleryItems', key: 'id', serial: true },
  { name: 'originCategories', key: 'id', serial: true },
  { name: 'originEvents', key: 'id', serial: true },
  { name: 'cardConfig', key: 'id', serial: false },
  { name: 'newsletterSubscriptions', key: 'id', serial: true },
  { name: 'contactMessages', key: 'id', serial: true },
  { name: 'cardRequests', key: 'id', serial: true },
  { name: 'imageVariants', key: 'url', serial: false },
  { name: 'contentVersion', key: 'id', serial: false },
  { name: 'mailQueue', key: 'id', serial: true },
  { name: 'legalSettings', key: 'id', serial: false },
  { name: 'auditLog', key: 'id', serial: true },
  { name: 'previewSigningKey', key: 'id', serial: false },
  { name: 'revisions', key: 'id', serial: true },
  { name: 'adminTotp', key: 'userId', serial: false },
  { name: 'adminRecoveryCodes', key: 'id', serial: true },
  { name: 'adminPasskeys', key: 'id', serial: true },
  { name: 'passkeyChallenges', key: 'challenge', serial: false },
  { name: 'reservations', key: 'id', serial: true },
  { name: 'siteContent', key: 'id', serial: false },
  // Newsletter campaigns (migration 018): a letter before its recipients.
  { name: 'campaigns', key: 'id', serial: true },
  { name: 'campaignRecipients', key: 'id', serial: true },
  // Bounces reported after the send (migration 023): what keeps a replayed report from counting twice.
  { name: 'bounceEvents', key: 'id', serial: true },
  // The newsletter's opposition list (migration 028): hashes of addresses that left.
  { name: 'newsletterSuppressions', key: 'emailHash', serial: false },
  // Audience measurement (migration 029): the anonymous counts (the day's hashes and key: NOT_ARCHIVED).
  { name: 'audienceCounts', key: 'id', serial: true },
  { name: 'audienceDays', key: 'day', serial: false },
];

/**
 * Tables never written to a backup, and left as they are by a restore. The current day's visitor hashes
 * and the key they were made with: whoever held both could test an address and a browser against the
 * hashes (IPv4 addresses are few) and learn who visited that day. On the server they live until the day
 * is over (modules/audience), never longer; a backup file lives for months, elsewhere. A restore keeps the
 * target's own day running (its key and hashes); an older backup's copies of them are read past.
 */
export const NOT_ARCHIVED: readonly TableName[] = ['audienceVisitors', 'audienceKeys'];

/** Tables whose rows are the site's content: a restore refuses to replace them without --force. */
export const CONTENT_TABLES: ReadonlyArray<{ name: TableName; label: (n: number) => string }> = [
  { name: 'shows', label: (n) => `${n} spectacle${n > 1 ? 's' : ''}` },
  { name: 'members', label: (n) => `${n} membre${n > 1 ? 's' : ''}` },
  { name: 'venues', label: (n) => `${n} lieu${n > 1 ? 'x' : ''}` },
  { name: 'partners', label: (n) => `${n} partenaire${n > 1 ? 's' : ''}` },
  { name: 'galleryItems', label: (n) => `${n} média${n > 1 ? 's' : ''} de galerie` },
  { name: 'originCategories', label: (n) => `${n} catégorie${n > 1 ? 's' : ''} des origines` },
  { name: 'originEvents', label: (n) => `${n} événement${n > 1 ? 's' : ''} des origines` },
  { name: 'cardConfig', label: () => 'la configuration de la carte' },
  { name: 'legalSettings', label: () => 'les informations légales' },
  { name: 'siteContent', label: () => 'les textes du site' },
  { name: 'newsletterSubscriptions', label: (n) => `${n} inscription${n > 1 ? 's' : ''} à la lettre` },
  { name: 'contactMessages', label: (n) => `${n} message${n > 1 ? 's' : ''} de contact` },
  { name: 'cardRequests', label: (n) => `${n} demande${n > 1 ? 's' : ''} de carte` },
  { name: 'reservations', label: (n) => `${n} réservation${n > 1 ? 's' : ''}` },
  { name: 'adminUsers', label: (n) => `${n} compte${n > 1 ? 's' : ''} admin` },
];

export interface ArchiveHeader {
  format: typeof ARCHIVE_FORMAT;
  version: number;
  createdAt: string;
  dialect: 'sqlite' | 'postgres';
  /** Name of the last migration applied to the backed-up database. */
  migration: string | null;
}

export interface Manifest extends ArchiveHeader {
  tables: Record<string, { rows: number; bytes: number; sha256: string }>;
  files: Array<{ key: string; size: number; sha256: string }>;
}

export const tableEntry = (table: string) => `tables/${table}.jsonl`;
export const UPLOADS_PREFIX = 'uploads/';

/** Thrown for a file that is not a backup this code can read: its message is for the operator. */
export class ArchiveError extends Error {}

/** A value as written: only null, numbers and strings exist in our columns; others are made so. */
export function neutralValue(value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof Date) return value.toISOString();
  throw new Error(`valeur de type inattendu dans la base : ${typeof value}`);
}

/** Bytes as "45 Mo" for progress lines. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} ko`;
  return `${(bytes / 1024 / 1024).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0).replace('.', ',')} Mo`;
}

/**
 * One progress line on stderr, redrawn at most 4 times a second on a terminal (every 5 s in a log),
 * then a final line.
 */
export function progressReporter(stream: NodeJS.WritableStream & { isTTY?: boolean } = process.stderr, quiet = false) {
  const interval = stream.isTTY ? 250 : 5_000;
  let last = 0;
  let drawn = false;
  return {
    update(line: () => string) {
      if (quiet) return;
      const now = Date.now();
      if (now - last < interval) return;
      last = now;
      if (stream.isTTY) {
        stream.write(`\r\x1b[K${line()}`);
        drawn = true;
      } else stream.write(`${line()}\n`);
    },
    done(line: string) {
      if (quiet) return;
      stream.write(`${drawn ? '\r\x1b[K' : ''}${line}\n`);
    },
  };
}

/** What a backup reads from, or a restore writes into: the configured database and upload storage. */
export interface SiteStores {
  db: DB;
  dialect: DialectName;
  storage: Storage;
  progress?: ReturnType<typeof progressReporter>;
}
