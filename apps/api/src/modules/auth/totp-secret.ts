import crypto from 'node:crypto';

/**
 * How a two-factor secret is kept in admin_totp.secret.
 *
 * With TOTP_ENCRYPTION_KEY (configuration, the same on every server): AES-256-GCM under a key derived
 * from it with HKDF, stored as `v1:<iv>:<tag>:<ciphertext>` (base64url); a copy of the database or a
 * backup alone then does not give the secrets away. Without it: `plain:<base32>`, readable by whoever
 * reads the database (who also holds every password hash; the secret still never leaves the server
 * after setup). A key held in the database itself was not chosen: it would sit in the same backups.
 */
const PLAIN = 'plain:';
const SEALED = 'v1:';

function keyOf(secretKey: string): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', secretKey, 'bande-a-lire', 'totp-secret-v1', 32));
}

export function sealTotpSecret(base32: string, secretKey: string | undefined): string {
  if (!secretKey) return PLAIN + base32;
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', keyOf(secretKey), iv);
  const ciphertext = Buffer.concat([cipher.update(base32, 'utf8'), cipher.final()]);
  return SEALED + [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url')).join(':');
}

/** The base32 secret; throws when it was sealed with a key that is not (or no longer) configured. */
export function openTotpSecret(stored: string, secretKey: string | undefined): string {
  if (stored.startsWith(PLAIN)) return stored.slice(PLAIN.length);
  if (!stored.startsWith(SEALED)) throw new Error('secret TOTP dans un format inconnu');
  if (!secretKey) throw new Error('secret TOTP chiffré mais TOTP_ENCRYPTION_KEY absente');
  const [iv, tag, ciphertext] = stored.slice(SEALED.length).split(':').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !ciphertext) throw new Error('secret TOTP chiffré illisible');
  const decipher = crypto.createDecipheriv('aes-256-gcm', keyOf(secretKey), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
}
