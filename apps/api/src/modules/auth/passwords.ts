import crypto from 'node:crypto';

/** argon2's native module, loaded with the first login or password change rather than at start (issue 27). */
const argon2 = () => import('@node-rs/argon2');

/*
 * Argon2id with the library's defaults (19 MiB, 2 passes, 1 lane: the OWASP baseline). The PHC string
 * stores its own parameters, so raising them later keeps old hashes verifiable.
 */

export function hashPassword(password: string): Promise<string> {
  return argon2().then(({ hash }) => hash(password));
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash; without a hash (unknown email) it still runs one argon2
 * verification against a throw-away hash, so the answer takes as long as for a real account.
 */
export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  dummyHash ??= hashPassword(crypto.randomBytes(16).toString('hex'));
  const target = passwordHash ?? (await dummyHash);
  try {
    const ok = await (await argon2()).verify(target, password);
    return ok && passwordHash !== undefined;
  } catch {
    // A malformed stored hash must refuse the login, not answer 500.
    return false;
  }
}

/** A readable random password for the first admin account when ADMIN_PASSWORD is not set. */
export function generatePassword(): string {
  return crypto.randomBytes(12).toString('base64url');
}
