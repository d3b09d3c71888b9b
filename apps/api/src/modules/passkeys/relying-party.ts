/**
 * Who the passkeys belong to: the site of SITE_URL. Its host is the RP ID (a passkey made for it
 * works on no other site) and its origin the only one whose ceremonies are accepted.
 * A loopback address (a developer's or the browser journeys' http://127.0.0.1:port) is no domain,
 * which WebAuthn refuses as an RP ID: the same machine is then named localhost, a secure context too.
 */
export function relyingParty(siteUrl: string): { rpID: string; origin: string } {
  const url = new URL(siteUrl);
  if (url.hostname === '127.0.0.1' || url.hostname === '[::1]') url.hostname = 'localhost';
  return { rpID: url.hostname, origin: url.origin };
}

/** The user handle of an account's passkeys: stable, and naming no address. */
export const userHandleOf = (userId: number) => new TextEncoder().encode(`bande-admin-${userId}`);
// Base64url by Node's Buffer, as SimpleWebAuthn writes it (no padding): its helpers module is not
// loaded for this, as it weighs about 20 MB (issue 27).
export const userHandleText = (userId: number) => Buffer.from(userHandleOf(userId)).toString('base64url');

/** The challenge a browser signed, read from its clientDataJSON (undefined when unreadable). */
export function challengeOf(clientDataJSON: string): string | undefined {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof data.challenge === 'string' && data.challenge.length > 0 && data.challenge.length <= 512 ? data.challenge : undefined;
  } catch {
    return undefined;
  }
}
