import crypto from 'node:crypto';
import { rolesTexts, usersTexts } from '@bande/shared';
import type { AdminAccount, Role } from '@bande/shared';
import type { Transaction } from 'kysely';
import type { AppDeps } from '../../deps.ts';
import type { Database } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import { normalizeEmail } from '../auth/auth.repository.ts';
import { inviteCodeMail } from '../auth/auth.mails.ts';
import { issueCode, newRequesterKey } from '../auth/codes.service.ts';
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
    .select((eb) => ['adminUsers.id', 'adminUsers.email', 'adminUsers.role', 'adminUsers.createdAt', eb.fn.max('adminSessions.createdAt').as('lastLoginAt')])
    .groupBy(['adminUsers.id', 'adminUsers.email', 'adminUsers.role', 'adminUsers.createdAt'])
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
export async function inviteAccount({ db, clock, mailer, config }: Deps, rawEmail: string, role: Role): Promise<AdminAccount> {
  const now = clock.now();
  const email = normalizeEmail(rawEmail);
  const iso = now.toISOString();
  const passwordHash = await hashPassword(crypto.randomBytes(32).toString('base64url'));
  const created = await db
    .insertInto('adminUsers')
    .values({ email, passwordHash, lockedUntil: null, role, createdAt: iso, updatedAt: iso })
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!created) throw conflict(usersTexts.emailTaken);
  try {
    // The code is bound to a key only the mail's link carries: nobody else can use it, or spend it by guessing.
    const key = newRequesterKey();
    const code = await issueCode(db, created.id, 'invite', now, key);
    await mailer.send(inviteCodeMail(
        email,
        code,
        // After the #: no server, proxy or log sees the key, the code or the address; the page fills the code in.
        `${config.siteUrl}/admin/forgot-password#${new URLSearchParams({ invitation: key, code, email }).toString()}`,
        await associationName(db),
        role,
      ),);
  } catch (err) {
    await db.deleteFrom('adminUsers').where('id', '=', created.id).execute();
    throw err;
  }
  return { id: created.id, email, createdAt: iso, totpEnabled: false, role };
}

/**
 * Every account's id and role, locked on PostgreSQL until the transaction ends: two administrators
 * demoting or deleting each other at the same moment cannot both succeed and leave no administrator.
 * SQLite runs one write transaction at a time.
 */
async function lockedAccounts(trx: Transaction<Database>, dialect: AppDeps['dialect']) {
  let query = trx.selectFrom('adminUsers').select(['id', 'role']).orderBy('id');
  if (dialect === 'postgres') query = query.forUpdate();
  return query.execute();
}

/**
 * Deletes an account with its sessions and codes. Refused for the last account, for oneself, and for
 * the last administrator (the staff never lock everybody out of accounts and roles).
 */
export async function deleteAccount({ db, dialect }: Pick<AppDeps, 'db' | 'dialect'>, id: number, requesterId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const accounts = await lockedAccounts(trx, dialect);
    const target = accounts.find((account) => account.id === id);
    if (!target) throw notFound(usersTexts.notFound);
    if (accounts.length <= 1) throw conflict(usersTexts.cannotDeleteLast);
    if (id === requesterId) throw badRequest(usersTexts.cannotDeleteSelf);
    // The requester's own account may have been deleted meanwhile: then nobody asked.
    if (!accounts.some((account) => account.id === requesterId)) throw notFound(usersTexts.notFound);
    if (target.role === 'admin' && accounts.filter((account) => account.role === 'admin').length <= 1) throw conflict(rolesTexts.lastAdmin);
    await trx.deleteFrom('adminSessions').where('userId', '=', id).execute();
    await trx.deleteFrom('oneTimeCodes').where('userId', '=', id).execute();
    await trx.deleteFrom('adminUsers').where('id', '=', id).execute();
  });
}

/**
 * Gives an account another role. Nobody changes their own (an administrator cannot demote themselves
 * by mistake, nor anyone raise themselves); the last administrator stays one. The account's sessions
 * end: its next call meets the login page, and its new rights, at once on every server.
 */
export async function changeRole({ db, dialect }: Pick<AppDeps, 'db' | 'dialect'>, id: number, role: Role, requesterId: number): Promise<AdminAccount> {
  await db.transaction().execute(async (trx) => {
    const accounts = await lockedAccounts(trx, dialect);
    const target = accounts.find((account) => account.id === id);
    if (!target) throw notFound(usersTexts.notFound);
    if (id === requesterId) throw badRequest(rolesTexts.cannotChangeOwnRole);
    if (target.role === role) return;
    if (target.role === 'admin' && accounts.filter((account) => account.role === 'admin').length <= 1) throw conflict(rolesTexts.lastAdmin);
    await trx.updateTable('adminUsers').set({ role }).where('id', '=', id).execute();
    await trx.deleteFrom('adminSessions').where('userId', '=', id).execute();
  });
  const account = (await listAccounts({ db })).find((candidate) => candidate.id === id);
  if (!account) throw notFound(usersTexts.notFound);
  return account;
}
