import { sql } from 'kysely';
import type { DB } from '../../db/connection.ts';
import type { Clock } from '../../lib/clock.ts';

/** How long a version read from the database is trusted: another server's change shows within this delay. */
export const VERSION_MEMO_MS = 1000;

export interface ContentVersion {
  /** The current version: from memory when read less than VERSION_MEMO_MS ago, else from the database. */
  current(): Promise<number>;
  /** Increments the shared counter and remembers the new value at once (this server sees its own writes). */
  bump(): Promise<number>;
  /** Forgets the remembered value, so that the next read asks the database. */
  forget(): void;
  /** The remembered value while it is younger than VERSION_MEMO_MS, else undefined (no query): the fast path's read. */
  peek(): number | undefined;
}

/**
 * The content version kept in the one-row content_version table: every server on the same database
 * reads it (at most once a second) and drops its cached public answers when it has moved.
 */
export function contentVersion(db: DB, clock: Clock): ContentVersion {
  let memo: { value: number; readAt: number } | undefined;
  // Concurrent requests that find the memo stale share one query instead of each sending their own.
  let pending: Promise<number> | undefined;

  // Counts this server's bumps: a read that started before one must not bring back the older value
  // when it resolves after it.
  let bumps = 0;

  const remember = (value: number) => {
    memo = { value, readAt: clock.now().getTime() };
    return value;
  };

  const read = async () => {
    const bumpsBefore = bumps;
    const row = await db.selectFrom('contentVersion').select('version').where('id', '=', 1).executeTakeFirst();
    if (bumps !== bumpsBefore && memo) return memo.value;
    return remember(Number(row?.version ?? 0));
  };

  const fresh = () => {
    // A negative age (clock set back) counts as expired, so the memo cannot outlive its second.
    const age = memo ? clock.now().getTime() - memo.readAt : -1;
    return memo && age >= 0 && age < VERSION_MEMO_MS ? memo.value : undefined;
  };
  return {
    peek: fresh,
    current() {
      const value = fresh();
      if (value !== undefined) return Promise.resolve(value);
      pending ??= read().finally(() => {
        pending = undefined;
      });
      return pending;
    },
    async bump() {
      // One statement, so that concurrent bumps on several servers never lose an increment.
      const row = await db
        .updateTable('contentVersion')
        .set({ version: sql<number>`version + 1` })
        .where('id', '=', 1)
        .returning('version')
        .executeTakeFirst();
      if (!row) throw new Error('content_version row missing');
      bumps++;
      // Two bumps of this server may resolve out of order: keep the higher value.
      return remember(Math.max(Number(row.version), memo?.value ?? 0));
    },
    forget() {
      memo = undefined;
    },
  };
}
