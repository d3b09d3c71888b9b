import crypto from 'node:crypto';

/** Tokens are stored as their SHA-256, so a leaked database does not hand out sessions or links. */
export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');
