import crypto from 'node:crypto';
import type { DB } from '../../db/connection.ts';

const KEY_ROW = 1;

/**
 * The HMAC key of preview links, from the database so that every server behind the load balancer
 * signs and checks alike. Made on first use: several servers may race to make it, and
 * ON CONFLICT DO NOTHING lets the first insert win while the others read the winner's key back.
 * Not kept in memory: a key deleted to revoke every link is then forgotten by every server at once.
 */
export async function previewSigningKey(db: DB, now: Date): Promise<Buffer> {
  const read = () => db.selectFrom('previewSigningKey').select('key').where('id', '=', KEY_ROW).executeTakeFirst();
  const existing = await read();
  if (existing) return Buffer.from(existing.key, 'base64url');
  await db
    .insertInto('previewSigningKey')
    .values({ id: KEY_ROW, key: crypto.randomBytes(32).toString('base64url'), createdAt: now.toISOString() })
    .onConflict((conflict) => conflict.column('id').doNothing())
    .execute();
  const created = await read();
  if (!created) throw new Error('clé des liens d’aperçu introuvable après sa création');
  return Buffer.from(created.key, 'base64url');
}
