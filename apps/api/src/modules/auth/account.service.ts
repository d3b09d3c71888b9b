import type { FastifyBaseLogger } from 'fastify';
import { AUTH, texts } from '@bande/shared';
import type { AppDeps } from '../../deps.ts';
import type { DB } from '../../db/connection.ts';
import { badRequest, tooManyRequests } from '../../lib/http-error.ts';
import { incrementBucket } from '../../plugins/rate-limit.ts';
import { adminUsersRepository, sessionsRepository } from './auth.repository.ts';
import { resetCodeMail, unlockCodeMail } from './auth.mails.ts';
import { consumeCode, issueCode, type CodePurpose } from './codes.service.ts';
import { isLocked } from './login.service.ts';
import { hashPassword } from './passwords.ts';
import { associationName } from '../site-content/site-content.repository.ts';

const HOUR_MS = 60 * 60 * 1000;

/** Code mails one account may receive per hour (fixed window), whatever the client addresses. */
export const CODE_MAILS_PER_HOUR: Record<CodePurpose, number> = {
  unlock: AUTH.unlockMailsPerHour,
  reset: AUTH.resetMailsPerHour,
  // Invitations are sent by a logged-in admin, once per new account: not counted.
  invite: AUTH.resetMailsPerHour,
};

/**
 * Counts one code mail for the account in the shared rateLimitBuckets table (several servers, one
 * count): true while the hour's allowance is not spent.
 */
async function mayMailCode(db: DB, userId: number, purpose: CodePurpose, now: Date): Promise<boolean> {
  const bucket = await incrementBucket(db, `code-mails:${purpose}:${userId}`, HOUR_MS, now.getTime());
  return bucket.count <= CODE_MAILS_PER_HOUR[purpose];
}

/**
 * Mails an unlock code when the address belongs to a locked account; otherwise does nothing. The
 * caller answers the same either way (also past the account's hourly mail allowance, when no code is
 * made: the codes already mailed still work), and the mail is not awaited so that the answer's timing
 * does not tell either.
 */
export async function requestUnlockCode({ db, clock, mailer }: AppDeps, email: string, log: FastifyBaseLogger): Promise<void> {
  const now = clock.now();
  const user = await adminUsersRepository.findByEmail(db, email);
  if (!user || !isLocked(user.lockedUntil, now)) return;
  if (!(await mayMailCode(db, user.id, 'unlock', now))) return;
  const code = await issueCode(db, user.id, 'unlock', now);
  mailer.send(unlockCodeMail(user.email, code, await associationName(db))).catch((err: unknown) => log.error({ err }, "échec de l'envoi du code de déblocage"));
}

/**
 * Mails a reset code bound to `requesterKey` (the asking browser's). Without an email, to the primary account's address (nobody picks the recipient);
 * past the account's hourly allowance it answers 429 with a plain message: the request names no
 * account, so saying so reveals nothing, and the staff learn why no mail comes.
 * With an email (several staff accounts), to that account when it exists; the caller answers the same
 * whatever the address, so an unknown address, a spent allowance or a failing mail are silent and the
 * mail is not awaited (its timing would tell).
 */
export async function requestResetCode(
  { db, clock, mailer, config }: AppDeps,
  requesterKey: string,
  email?: string,
  log?: FastifyBaseLogger,
): Promise<void> {
  const now = clock.now();
  if (email !== undefined) {
    const user = await adminUsersRepository.findByEmail(db, email);
    if (!user || !(await mayMailCode(db, user.id, 'reset', now))) return;
    const code = await issueCode(db, user.id, 'reset', now, requesterKey);
    mailer.send(resetCodeMail(user.email, code, await associationName(db))).catch((err: unknown) => log?.error({ err }, "échec de l'envoi du code de réinitialisation"));
    return;
  }
  const admin = await adminUsersRepository.findPrimary(db, config.adminEmail);
  if (!admin) return;
  if (!(await mayMailCode(db, admin.id, 'reset', now))) throw tooManyRequests(texts.api.tooManyCodeMails);
  const code = await issueCode(db, admin.id, 'reset', now, requesterKey);
  // Awaited: a mail that cannot be queued must show the client its error ('Erreur lors de l'envoi du code').
  await mailer.send(resetCodeMail(admin.email, code, await associationName(db)));
}

/**
 * Sets a new password with a reset code, or an invitation code (the invited person's first password). It also lifts any lock and closes every session of the
 * account: whoever held a token before the reset is logged out.
 * Only the codes bound to `requesterKeys` are looked at (the browser's cookie, the invitation link's
 * key): without them the answer is the same « invalid code » and no code counts a guess.
 */
export async function resetPassword({ db, clock }: AppDeps, code: string, newPassword: string, requesterKeys: readonly string[]): Promise<void> {
  const now = clock.now();
  const userId = await consumeCode(db, 'reset', code, now, { requesterKeys });
  if (userId === undefined) throw badRequest(texts.api.resetCodeInvalid);
  const passwordHash = await hashPassword(newPassword);
  await db.transaction().execute(async (trx) => {
    await adminUsersRepository.setPassword(trx, userId, passwordHash, now);
    await sessionsRepository.deleteAllOfUser(trx, userId);
    await trx.deleteFrom('oneTimeCodes').where('userId', '=', userId).execute();
  });
}
