import crypto from 'node:crypto';
import { SHOW_PREVIEW_TOKEN_PATTERN } from '@bande/shared';

/** What the signature covers: a versioned purpose, the show and the expiry (so neither can be changed). */
const signedText = (showId: number, expiresAtSeconds: number) => `show-preview:v1:${showId}:${expiresAtSeconds}`;

const signature = (key: Buffer, showId: number, expiresAtSeconds: number) =>
  crypto.createHmac('sha256', key).update(signedText(showId, expiresAtSeconds)).digest();

/**
 * A preview token: `<show id>.<expiry in Unix seconds>.<HMAC-SHA256 of both, base64url>`. It names the
 * id, not the slug, so that a link keeps working when the show is renamed; nothing is stored per link.
 */
export function signPreviewToken(key: Buffer, showId: number, expiresAt: Date): string {
  const expiresAtSeconds = Math.floor(expiresAt.getTime() / 1000);
  return `${showId}.${expiresAtSeconds}.${signature(key, showId, expiresAtSeconds).toString('base64url')}`;
}

/**
 * The show id of a token whose signature is right and whose expiry is still ahead, else undefined.
 * The signatures are compared in constant time (timingSafeEqual), so that the time of a refusal does
 * not tell how many leading bytes of a forged signature were right.
 */
export function verifyPreviewToken(key: Buffer, token: string, now: Date): number | undefined {
  const match = SHOW_PREVIEW_TOKEN_PATTERN.exec(token);
  if (!match) return undefined;
  const showId = Number(match[1]);
  const expiresAtSeconds = Number(match[2]);
  // Compared as text: base64url decoding ignores the last character's spare bits, so comparing bytes
  // would take several spellings of one signature. The pattern fixes 43 characters, as expected has.
  const given = Buffer.from(match[3]!, 'ascii');
  const expected = Buffer.from(signature(key, showId, expiresAtSeconds).toString('base64url'), 'ascii');
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return undefined;
  if (expiresAtSeconds * 1000 <= now.getTime()) return undefined;
  return showId;
}
