import type { FastifyReply } from 'fastify';
import type { App, AppDeps } from '../../deps.ts';
import type { DB } from '../../db/connection.ts';
import { SCHEDULED_TABLES } from './publication-job.ts';
import { onSendWhen } from '../../lib/hooks-when.ts';

/** The earliest planned publication or withdrawal of any item, as epoch ms; null when nothing is planned. */
export async function nextScheduledChange(db: DB): Promise<number | null> {
  const [first, ...others] = SCHEDULED_TABLES.map((table) =>
    db.selectFrom(table as 'shows').select((eb) => [eb.fn.min<string | null>('publishAt').as('publishAt'), eb.fn.min<string | null>('unpublishAt').as('unpublishAt')]),
  );
  const rows = await others.reduce((query, other) => query.unionAll(other), first!).execute();
  const times = rows.flatMap((row) => [row.publishAt, row.unpublishAt]).filter((value): value is string => value !== null).map((value) => Date.parse(value));
  return times.length === 0 ? null : Math.min(...times);
}

/**
 * `max-age` shortened to the seconds left before the next planned change, or the value unchanged:
 * a browser's or a proxy's copy then expires no later than the moment the content changes. Answers
 * marked immutable (fingerprinted assets, uploads) never change, whatever the schedule.
 */
export function cappedCacheControl(cacheControl: string, nextChangeMs: number | null, nowMs: number): string {
  if (nextChangeMs === null || !/\bpublic\b/i.test(cacheControl) || /\bimmutable\b/i.test(cacheControl)) return cacheControl;
  const maxAge = /\bmax-age=(\d+)/i.exec(cacheControl);
  if (!maxAge) return cacheControl;
  // Floor: a copy may expire a little early, never after the change. Past due (the job has not run
  // yet): 0, so that nothing keeps the answer while it is about to change.
  const secondsLeft = Math.max(0, Math.floor((nextChangeMs - nowMs) / 1000));
  return secondsLeft < Number(maxAge[1]) ? cacheControl.replace(/\bmax-age=\d+/i, `max-age=${secondsLeft}`) : cacheControl;
}

/**
 * Caps the `Cache-Control: public, max-age=N` of every answer (API, pages, sitemap, agenda, from the
 * public cache or not) so that no shared or browser copy outlives a scheduled publication or withdrawal.
 * The next planned change is read again whenever the content version moves (every admin write, which
 * is how a schedule is set, and every fired schedule bump it), so at most once per change and per server.
 * Register after the public cache (it reads its version) and before the routes.
 */
export interface ScheduleHorizon {
  /**
   * The next planned change as read at content version `version`, when that read has come back
   * (undefined otherwise): for the fast path (modules/fast-path), which caps the same way, without waiting.
   */
  peek(version: number): number | null | undefined;
}

export function registerScheduleCacheCap(app: App, { db, clock }: Pick<AppDeps, 'db' | 'clock'>): ScheduleHorizon {
  let memo: { version: number; next: Promise<number | null>; known?: { value: number | null } } | undefined;

  const nextChange = async (): Promise<number | null> => {
    const version = await app.publicCache.version();
    if (memo?.version !== version) {
      const next = nextScheduledChange(db);
      const current: NonNullable<typeof memo> = { version, next };
      memo = current;
      next.then(
        (value) => {
          current.known = { value };
        },
        // A failed read is not remembered: the next answer asks again.
        () => {
          if (memo?.next === next) memo = undefined;
        },
      );
    }
    return memo.next;
  };

  const sharedCacheControl = (reply: FastifyReply) => {
    const cacheControl = reply.getHeader('cache-control');
    return typeof cacheControl === 'string' && /\bpublic\b/i.test(cacheControl);
  };
  app.addHook('onSend', onSendWhen((_request, reply) => sharedCacheControl(reply), async (request, reply, payload: unknown) => {
    const cacheControl = String(reply.getHeader('cache-control'));
    try {
      reply.header('cache-control', cappedCacheControl(cacheControl, await nextChange(), clock.now().getTime()));
    } catch (error) {
      // Without the plan, the answer cannot be shared safely past a change: a browser keeps it for no time.
      request.log.warn({ err: error }, 'publication programmée : prochaine échéance illisible, réponse non gardée');
      reply.header('cache-control', cappedCacheControl(cacheControl, 0, clock.now().getTime()));
    }
    return payload;
  }));
  return { peek: (version) => (memo?.version === version ? memo.known?.value : undefined) };
}
