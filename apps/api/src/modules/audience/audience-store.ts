import crypto from 'node:crypto';
import type { DB } from '../../db/connection.ts';
import type { AudienceCountsTable } from '../../db/schema.ts';

/** One row of counts, as the buffer holds it before the flush. */
export type CountRow = Omit<AudienceCountsTable, 'id'>;

/**
 * The day's key of the visitor hashes, shared by every server: the first to ask creates it (a random
 * 32 bytes), the others read it; created race-safely by a conflict-ignoring insert followed by a read.
 */
export async function dayKey(db: DB, day: string): Promise<Buffer> {
  await db
    .insertInto('audienceKeys')
    .values({ day, key: crypto.randomBytes(32).toString('base64') })
    .onConflict((oc) => oc.column('day').doNothing())
    .execute();
  const row = await db.selectFrom('audienceKeys').select('key').where('day', '=', day).executeTakeFirstOrThrow();
  return Buffer.from(row.key, 'base64');
}

/** Adds counts: each row's views are added to what other servers already wrote (one unique key per dimension set). */
export async function addCounts(db: DB, rows: CountRow[]): Promise<void> {
  // A few hundred rows per statement at most (SQLite's bound-parameter limit is 32,766; 9 per row).
  for (let start = 0; start < rows.length; start += 500) {
    await db
      .insertInto('audienceCounts')
      .values(rows.slice(start, start + 500))
      .onConflict((oc) =>
        oc
          .columns(['day', 'kind', 'path', 'referrer', 'utmSource', 'utmCampaign', 'device', 'performanceId'])
          .doUpdateSet((eb) => ({ views: eb('audienceCounts.views', '+', eb.ref('excluded.views')) })),
      )
      .execute();
  }
}

/** Records the day's visitor hashes; a hash another server (or an earlier flush) wrote counts once. */
export async function addVisitors(db: DB, rows: Array<{ day: string; hash: string }>): Promise<void> {
  for (let start = 0; start < rows.length; start += 1000) {
    await db
      .insertInto('audienceVisitors')
      .values(rows.slice(start, start + 1000))
      .onConflict((oc) => oc.columns(['day', 'hash']).doNothing())
      .execute();
  }
}
