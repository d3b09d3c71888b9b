import type { Logger } from 'pino';
import type { AppDeps } from '../../deps.ts';
import { adminUsersRepository, normalizeEmail } from './auth.repository.ts';
import { generatePassword, hashPassword } from './passwords.ts';

export const DEFAULT_ADMIN_EMAIL = 'admin@example.org';

/**
 * Creates the admin account at start when it does not exist yet:
 * - ADMIN_EMAIL set: the account with that address (a new address creates a new account; an older
 *   account keeps working);
 * - ADMIN_EMAIL unset: admin@example.org, unless some admin account already exists.
 * The password is ADMIN_PASSWORD, else a generated one written ONCE in the log. An existing account is
 * never overwritten, even when ADMIN_PASSWORD changes: passwords change through the reset flow
 * ('Mot de passe oublié ?'), so a stale environment variable cannot undo a reset.
 */
export async function ensureAdminAccount(deps: Pick<AppDeps, 'db' | 'config' | 'clock'>, log: Logger): Promise<void> {
  const { db, config, clock } = deps;
  const email = normalizeEmail(config.adminEmail ?? DEFAULT_ADMIN_EMAIL);
  if (await adminUsersRepository.findByEmail(db, email)) {
    if (config.adminPassword) log.info({ email }, 'compte administrateur existant : ADMIN_PASSWORD ignoré (changer le mot de passe via « Mot de passe oublié ? »)');
    return;
  }
  if (!config.adminEmail && (await adminUsersRepository.count(db)) > 0) return;

  const password = config.adminPassword ?? generatePassword();
  const created = await adminUsersRepository.insertIfAbsent(db, email, await hashPassword(password), clock.now());
  // Another server starting at the same moment may have created it: only the creator speaks.
  if (!created) return;
  if (config.adminPassword) {
    log.info({ email }, 'compte administrateur créé avec ADMIN_PASSWORD');
  } else {
    log.warn(
      { email, password },
      `Compte administrateur créé : ${email} / mot de passe : ${password} — noté ici UNE SEULE FOIS, changez-le via « Mot de passe oublié ? »`,
    );
  }
}
