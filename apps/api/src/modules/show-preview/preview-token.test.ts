import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signPreviewToken, verifyPreviewToken } from './preview-token.ts';

const key = crypto.randomBytes(32);
const now = new Date('2026-03-03T19:30:00.000Z');
const inAWeek = new Date(now.getTime() + 7 * 24 * 60 * 60 * 1000);

describe('preview tokens', () => {
  it('give back the show id until the expiry, and nothing from then on', () => {
    const token = signPreviewToken(key, 42, inAWeek);
    expect(token).toMatch(/^42\.\d+\.[A-Za-z0-9_-]{43}$/);
    expect(verifyPreviewToken(key, token, now)).toBe(42);
    expect(verifyPreviewToken(key, token, new Date(inAWeek.getTime() - 1000))).toBe(42);
    expect(verifyPreviewToken(key, token, inAWeek)).toBeUndefined();
  });

  it('refuse a token signed with another key (another site, or a key since replaced)', () => {
    expect(verifyPreviewToken(crypto.randomBytes(32), signPreviewToken(key, 42, inAWeek), now)).toBeUndefined();
  });

  it('refuse a second spelling of the signature (the spare bits of its last base64url character)', () => {
    const token = signPreviewToken(key, 42, inAWeek);
    const last = token.at(-1)!;
    // 43 characters carry 258 bits for a 32-byte signature: the last character's 2 low bits are spare.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const sibling = alphabet[alphabet.indexOf(last) ^ 1]!;
    const respelt = token.slice(0, -1) + sibling;
    expect(Buffer.from(respelt.split('.')[2]!, 'base64url').equals(Buffer.from(token.split('.')[2]!, 'base64url'))).toBe(true);
    expect(verifyPreviewToken(key, respelt, now)).toBeUndefined();
  });

  it('refuse malformed tokens before any check', () => {
    for (const token of ['', '42', '42.1', `0.1.${'a'.repeat(43)}`, `42.1.${'a'.repeat(44)}`, `-1.1.${'a'.repeat(43)}`, `42.1.${'a'.repeat(42)}=`]) {
      expect(verifyPreviewToken(key, token, now), token).toBeUndefined();
    }
  });
});
