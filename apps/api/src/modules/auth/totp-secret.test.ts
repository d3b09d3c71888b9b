import { describe, expect, it } from 'vitest';
import { openTotpSecret, sealTotpSecret } from './totp-secret.ts';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const KEY = 'une-cle-de-test-de-plus-de-32-caracteres-aleatoires';

describe('two-factor secret at rest', () => {
  it('encrypts with the key (a new IV each time) and reads it back', () => {
    const a = sealTotpSecret(SECRET, KEY);
    const b = sealTotpSecret(SECRET, KEY);
    expect(a).toMatch(/^v1:/);
    expect(a).not.toContain(SECRET);
    expect(a).not.toBe(b);
    expect(openTotpSecret(a, KEY)).toBe(SECRET);
  });

  it('refuses a sealed secret under another key, without a key, or altered (GCM tag)', () => {
    const sealed = sealTotpSecret(SECRET, KEY);
    expect(() => openTotpSecret(sealed, `${KEY}-autre`)).toThrow();
    expect(() => openTotpSecret(sealed, undefined)).toThrow(/TOTP_ENCRYPTION_KEY/);
    const parts = sealed.split(':');
    const altered = [...parts.slice(0, 3), Buffer.from('AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA').toString('base64url')].join(':');
    expect(() => openTotpSecret(altered, KEY)).toThrow();
  });

  it('keeps it as given without a key, and still reads such a secret once a key is set', () => {
    const plain = sealTotpSecret(SECRET, undefined);
    expect(plain).toBe(`plain:${SECRET}`);
    expect(openTotpSecret(plain, undefined)).toBe(SECRET);
    expect(openTotpSecret(plain, KEY)).toBe(SECRET);
  });
});
