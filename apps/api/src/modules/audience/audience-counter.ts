import crypto from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { DB } from '../../db/connection.ts';
import type { Clock } from '../../lib/clock.ts';
import { createPeriodicJob } from '../../lib/periodic-job.ts';
import { addCounts, addVisitors, dayKey, type CountRow } from './audience-store.ts';
import { parisDay } from './paris-day.ts';
import { deviceClass, headerValue, isCountable } from './visit-filter.ts';

/** What a page view is made of: plain data, so that a `node:http` listener in front of Fastify can count too. */
export interface PageView {
  /** The page's path, without its query string. */
  path: string;
  /** Its query string (`?utm_source=…`), read only for utm_source and utm_campaign; '' or absent without one. */
  search?: string;
  headers: IncomingHttpHeaders;
  /** The visitor's address (as Fastify's trustProxy reads it): hashed with the day's key, never kept. */
  ip: string;
  /** The referring page: the Referer header by default; a beacon gives `document.referrer`. */
  referrer?: string;
  kind?: 'view' | 'booking-dialog';
  performanceId?: number;
}

export interface AudienceCounter {
  /**
   * Counts one view the server answered 200 to (not HEAD, not a 304): drops it when it is not a visitor's
   * own (visit-filter.ts), else adds it to this server's buffer. Never waits for the database, never throws.
   */
  count(view: PageView): void;
  /** Writes the buffer to the database (added to what other servers wrote). */
  flush(): Promise<void>;
  /** Flushes every `flushMs` (the timer is not a source of truth: a kill -9 loses at most that). */
  start(): void;
  /** Stops the timer and flushes what is left (graceful close). */
  stop(): Promise<void>;
}

export const FLUSH_MS = 10_000;
/** Distinct rows one server holds between two flushes at most: a flood of invented paths cannot fill memory. */
const MAX_ROWS = 10_000;
const MAX_VISITORS = 100_000;
const MAX_DIMENSION = 100;

/** The host of a referring page, when it is another site (the site's own pages are navigation, not referrers). */
function referrerDomain(referrer: string | undefined, ownHosts: ReadonlySet<string>): string {
  if (!referrer) return '';
  let host: string;
  try {
    host = new URL(referrer).hostname.toLowerCase();
  } catch {
    return '';
  }
  if (host.startsWith('www.')) host = host.slice(4);
  return host === '' || ownHosts.has(host) || host.length > MAX_DIMENSION ? '' : host;
}

/** The buffer's key of a row: its every dimension. */
const rowId = (row: CountRow) => `${row.day}\n${row.kind}\n${row.path}\n${row.referrer}\n${row.utmSource}\n${row.utmCampaign}\n${row.device}\n${row.performanceId}`;

const withoutWww = (host: string) => (host.startsWith('www.') ? host.slice(4) : host).toLowerCase();

/** utm_source and utm_campaign of a query string, lower-cased and cut: aggregate names, never one per person. */
function campaignOf(search: string | undefined): { utmSource: string; utmCampaign: string } {
  if (!search || !search.includes('utm_')) return { utmSource: '', utmCampaign: '' };
  const params = new URLSearchParams(search);
  const utmSource = (params.get('utm_source') ?? '').trim().toLowerCase().slice(0, MAX_DIMENSION);
  const utmCampaign = utmSource === '' ? '' : (params.get('utm_campaign') ?? '').trim().toLowerCase().slice(0, MAX_DIMENSION);
  return { utmSource, utmCampaign };
}

export function createAudienceCounter({
  db,
  clock,
  log,
  siteUrl,
  flushMs = FLUSH_MS,
}: {
  db: DB;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'error'>;
  siteUrl: string;
  flushMs?: number;
}): AudienceCounter {
  const siteHost = withoutWww(new URL(siteUrl).hostname);
  let counts = new Map<string, CountRow>();
  /** `day hash` of the visitors seen since the last flush (a Set: a visitor's ten pages make one row). */
  let visitors = new Set<string>();
  /** Views whose day key was not loaded yet: their identity waits here (memory only, seconds) to be hashed at the flush. */
  let waiting: Array<{ day: string; identity: string }> = [];
  const keys = new Map<string, Buffer>();
  const loading = new Map<string, Promise<Buffer>>();

  const loadKey = (day: string): Promise<Buffer> => {
    let promise = loading.get(day);
    if (!promise) {
      promise = dayKey(db, day).then(
        (key) => {
          keys.set(day, key);
          return key;
        },
        (error: unknown) => {
          loading.delete(day);
          throw error;
        },
      );
      loading.set(day, promise);
    }
    return promise;
  };

  const hashOf = (key: Buffer, identity: string) => crypto.createHmac('sha256', key).update(identity).digest('base64url').slice(0, 22);

  function count(view: PageView): void {
    try {
      if (!isCountable(view.headers)) return;
      const day = parisDay(clock.now());
      const userAgent = headerValue(view.headers, 'user-agent');
      const host = withoutWww(headerValue(view.headers, 'host').split(':')[0] ?? '');
      const ownHosts = new Set([siteHost, host]);
      const row: CountRow = {
        day,
        kind: view.kind ?? 'view',
        path: view.path.slice(0, 300),
        referrer: referrerDomain(view.referrer ?? headerValue(view.headers, 'referer'), ownHosts),
        ...campaignOf(view.search),
        device: deviceClass(userAgent),
        performanceId: view.performanceId ?? 0,
        views: 0,
      };
      const id = rowId(row);
      const held = counts.get(id);
      if (held) held.views += 1;
      else if (counts.size < MAX_ROWS) counts.set(id, { ...row, views: 1 });
      // A booking dialog is a step of a visit already counted by its page.
      if (row.kind !== 'view') return;
      const identity = `${view.ip}\n${userAgent}\n${host}`;
      const key = keys.get(day);
      if (key) {
        if (visitors.size < MAX_VISITORS) visitors.add(`${day} ${hashOf(key, identity)}`);
      } else if (waiting.length < MAX_VISITORS) {
        waiting.push({ day, identity });
        loadKey(day).catch(() => {});
      }
    } catch (error) {
      log.error({ err: error }, 'mesure d’audience : vue non comptée');
    }
  }

  let flushing: Promise<void> = Promise.resolve();

  async function writeOut(): Promise<void> {
    const today = parisDay(clock.now());
    // Keys of days that are over leave memory (the database's copy goes with the aggregation).
    for (const day of keys.keys()) if (day !== today) {
      keys.delete(day);
      loading.delete(day);
    }
    const rows = [...counts.values()];
    const pending = waiting;
    const seen = visitors;
    counts = new Map();
    waiting = [];
    visitors = new Set();
    try {
      for (const { day, identity } of pending) seen.add(`${day} ${hashOf(await loadKey(day), identity)}`);
      pending.length = 0;
      if (rows.length > 0) await addCounts(db, rows);
      rows.length = 0;
      if (seen.size > 0) {
        await addVisitors(db, [...seen].map((entry) => ({ day: entry.slice(0, 10), hash: entry.slice(11) })));
        seen.clear();
      }
    } catch (error) {
      // What could not be written waits for the next flush (counts add up, hashes count once).
      for (const row of rows) {
        const id = rowId(row);
        const held = counts.get(id);
        if (held) held.views += row.views;
        else counts.set(id, row);
      }
      for (const entry of seen) visitors.add(entry);
      waiting.push(...pending);
      log.error({ err: error }, 'mesure d’audience : écriture reportée');
    }
  }

  const flush = () => (flushing = flushing.then(writeOut));
  const job = createPeriodicJob({ firstDelayMs: flushMs, everyMs: flushMs, run: flush, onError: (err) => log.error({ err }, 'mesure d’audience : écriture impossible') });
  return {
    count,
    flush,
    start: () => job.start(),
    async stop() {
      await job.stop();
      await flush();
    },
  };
}
