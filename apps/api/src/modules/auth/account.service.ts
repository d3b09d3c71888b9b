import type { FastifyBaseLogger } from 'fastify';
import { texts } from '@bande/shared';
import type { AppDeps } from '../../app.ts';
import { badRequest } from '../../lib/http-error.ts';
import { adminUsersRepository, sessionsRepository } from './auth.repository.ts';
import { resetCodeMail, unlockCodeMail } from './auth.mails.ts';
import { consumeCode, issueCode } from './codes.service.ts';
import { isLocked } from './login.service.ts';
import { hashPassword } from './passwords.ts';

/**
 * Mails an unlock code when the address belongs to a locked account; otherwise does nothing. The
 * caller answers the same either way, and the mail is not awaited so that the answer's timing does
 * not tell either.
 */
export async function requestUnlockCode({ db, clock, mailer }: AppDeps, email: string, log: FastifyBaseLogger): Promise<void> {
  const now = clock.now();
  const user = await adminUsersRepository.findByEmail(db, email);
  if (!user || !isLocked(user.lockedUntil, now)) return;
  const code = await issueCode(db, user.id, 'unlock', now);
  mailer.send(unlockCodeMail(user.email, code)).catch((err: unknown) => log.error({ err }, "échec de l'envoi du code de déblocage"));
}

/** Mails a reset code to the admin account's address (no input: nobody can pick the recipient). */
export async function requestResetCode({ db, clock, mailer, config }: AppDeps): Promise<void> {
  const now = clock.now();
  const admin = await adminUsersRepository.findPrimary(db, config.adminEmail);
  if (!admin) return;
  const code = await issueCode(db, admin.id, 'reset', now);
  // Awaited: a mail that cannot leave must show the client its error ('Erreur lors de l'envoi du code').
  await mailer.send(resetCodeMail(admin.email, code));
}

/**
 * Sets a new password with a reset code. It also lifts any lock and closes every session of the
 * account: whoever held a token before the reset is logged out.
 */
export async function resetPassword({ db, clock }: AppDeps, code: string, newPassword: string): Promise<void> {
  const now = clock.now();
  const userId = await consumeCode(db, 'reset', code, now);
  if (userId === undefined) throw badRequest(texts.api.resetCodeInvalid);
  const passwordHash = await hashPassword(newPassword);
  await db.transaction().execute(async (trx) => {
    await adminUsersRepository.setPassword(trx, userId, passwordHash, now);
    await sessionsRepository.deleteAllOfUser(trx, userId);
    await trx.deleteFrom('oneTimeCodes').where('userId', '=', userId).execute();
  });
}
