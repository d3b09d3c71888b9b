import crypto from 'node:crypto';
import { usersTexts } from '@bande/shared';
import type { AdminAccount } from '@bande/shared';
import type { AppDeps } from '../../deps.ts';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import { normalizeEmail } from '../auth/auth.repository.ts';
import { inviteCodeMail } from '../auth/auth.mails.ts';
import { issueCode } from '../auth/codes.service.ts';
import { hashPassword } from '../auth/passwords.ts';
import { totpRepository } from '../auth/two-factor.repository.ts';
import { associationName } from '../site-content/site-content.repository.ts';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'mailer' | 'config'>;

/**
 * Every account, oldest first; lastLoginAt is the start of its latest open session, if any;
 * totpEnabled whether its two-factor login is on (never its secret).
 */
export async function listAccounts({ db }: Pick<AppDeps, 'db'>): Promise<AdminAccount[]> {
  const withTwoFactor = new Set((await totpRepository.enabledUserIds(db)).map((row) => row.userId));
  const rows = await db
    .selectFrom('adminUsers')
    .leftJoin('adminSessions', 'adminSessions.userId', 'adminUsers.id')
    .select((eb) => ['adminUsers.id', 'adminUsers.email', 'adminUsers.createdAt', eb.fn.max('adminSessions.createdAt').as('lastLoginAt')])
    .groupBy(['adminUsers.id', 'adminUsers.email', 'adminUsers.createdAt'])
    .orderBy('adminUsers.id')
    .execute();
  return rows.map(({ lastLoginAt, ...row }) => ({
    ...row,
    ...(lastLoginAt ? { lastLoginAt: String(lastLoginAt) } : {}),
    totpEnabled: withTwoFactor.has(row.id),
  }));
}

/**
 * Creates an account for `email` with no usable password (the argon2 hash of random bytes nobody
 * keeps) and mails it an invitation code, used on the reset-password route to choose a password. A
 * mail that cannot be queued removes the account again, so that the admin can simply retry.
 */
export async function inviteAccount({ db, clock, mailer, config }: Deps, rawEmail: string): Promise<AdminAccount> {
  const now = clock.now();
  const email = normalizeEmail(rawEmail);
  const iso = now.toISOString();
  const passwordHash = await hashPassword(crypto.randomBytes(32).toString('base64url'));
  const created = await db
    .insertInto('adminUsers')
    .values({ email, passwordHash, lockedUntil: null, createdAt: iso, updatedAt: iso })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!created) throw conflict(usersTexts.emailTaken);
  try {
    const code = await issueCode(db, created.id, 'invite', now);
    await mailer.send(inviteCodeMail(email, code, config.siteUrl, await associationName(db)));
  } catch (err) {
    await db.deleteFrom('adminUsers').where('id', '=', created.id).execute();
    throw err;
  }
  return { id: created.id, email, createdAt: iso, totpEnabled: false };
}

/**
 * Deletes an account with its sessions and codes. Refused for the last account and for oneself (the
 * staff never lock everybody out). On PostgreSQL every account row is locked first, so that two
 * admins deleting each other at the same moment cannot both succeed; SQLite runs one write at a time.
 */
export async function deleteAccount({ db, dialect }: Pick<AppDeps, 'db' | 'dialect'>, id: number, requesterId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    let query = trx.selectFrom('adminUsers').select('id').orderBy('id');
    if (dialect === 'postgres') query = query.forUpdate();
    const ids = (await query.execute()).map((row) => row.id);
    if (!ids.includes(id)) throw notFound(usersTexts.notFound);
    if (ids.length <= 1) throw conflict(usersTexts.cannotDeleteLast);
    if (id === requesterId) throw badRequest(usersTexts.cannotDeleteSelf);
    // The requester's own account may have been deleted meanwhile: then nobody asked.
    if (!ids.includes(requesterId)) throw notFound(usersTexts.notFound);
    await trx.deleteFrom('adminSessions').where('userId', '=', id).execute();
    await trx.deleteFrom('oneTimeCodes').where('userId', '=', id).execute();
    await trx.deleteFrom('adminUsers').where('id', '=', id).execute();
  });
}
