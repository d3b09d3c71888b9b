import crypto from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { bounceTexts, type SnsEnvelope } from '@bande/shared';
import { forbidden } from '../../lib/http-error.ts';

/** Reads a text over HTTPS (a certificate, a subscription's confirmation): injectable, so tests serve their own. */
export type FetchText = (url: string) => Promise<string>;

/** The default: fetch with a short timeout, no redirect (the address was checked, a redirect could leave it), bounded size. */
export const fetchText: FetchText = async (url) => {
  const response = await fetch(url, { redirect: 'error', signal: AbortSignal.timeout(5000) });
  if (!response.ok) throw new Error(`HTTP ${response.status} sur ${url}`);
  const body = await response.text();
  if (body.length > 64 * 1024) throw new Error(`réponse trop longue sur ${url}`);
  return body;
};

/** Longer than any address Amazon SNS sends (a certificate's or a subscription's). */
const MAX_SNS_URL_LENGTH = 2048;

/**
 * An Amazon SNS address: https, host `sns.<region>.amazonaws.com` (or the China regions'
 * amazonaws.com.cn), default port, no user. The host is split and compared, not matched by a pattern
 * that `sns.x.amazonaws.com.evil.org` or `evil.org/sns.x.amazonaws.com` could pass.
 */
export function isSnsUrl(value: string, pathSuffix = ''): boolean {
  // Amazon's addresses are short; a long one is refused before the URL parser, whose cost per
  // character grows on tens of thousands of non-ASCII characters (linear-time.test: ×11 at 50,000).
  if (value.length > MAX_SNS_URL_LENGTH) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.port !== '' || url.username !== '' || url.password !== '') return false;
  if (!url.pathname.endsWith(pathSuffix)) return false;
  const labels = url.hostname.split('.');
  const domain = labels.slice(2).join('.');
  return labels[0] === 'sns' && (domain === 'amazonaws.com' || domain === 'amazonaws.com.cn') && /^[a-z]{2}(?:-[a-z]+)+-\d$/.test(labels[1] ?? '');
}

/** The text SNS signed: the message's fields, in this order, each as « name\nvalue\n » (AWS's documented form). */
export function snsStringToSign(message: SnsEnvelope): string {
  const fields =
    message.Type === 'Notification'
      ? ['Message', 'MessageId', ...(message.Subject !== undefined ? ['Subject'] : []), 'Timestamp', 'TopicArn', 'Type']
      : ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'];
  return fields.map((name) => `${name}\n${String((message as Record<string, unknown>)[name] ?? '')}\n`).join('');
}

/**
 * Checks an SNS message's signature (SignatureVersion 1: SHA1withRSA, 2: SHA256withRSA) with the
 * certificate at SigningCertURL, fetched only from an SNS address and kept (a handful of keys, by
 * address) so that a burst of bounces fetches it once. Throws a French 403 on any doubt.
 */
export function createSnsVerifier(fetch: FetchText = fetchText) {
  const keys = new LRUCache<string, crypto.X509Certificate>({ max: 20, ttl: 24 * 60 * 60 * 1000 });

  async function certificate(url: string): Promise<crypto.X509Certificate> {
    const known = keys.get(url);
    if (known) return known;
    let certificate: crypto.X509Certificate;
    try {
      certificate = new crypto.X509Certificate(await fetch(url));
    } catch {
      throw forbidden(bounceTexts.snsCertUnavailable);
    }
    keys.set(url, certificate);
    return certificate;
  }

  return async function verify(message: SnsEnvelope, now: Date): Promise<void> {
    if (!isSnsUrl(message.SigningCertURL, '.pem')) throw forbidden(bounceTexts.snsCertUrl);
    const cert = await certificate(message.SigningCertURL);
    if (now < new Date(cert.validFrom) || now > new Date(cert.validTo)) throw forbidden(bounceTexts.snsCertUnavailable);
    const algorithm = message.SignatureVersion === '1' ? 'sha1' : 'sha256';
    let valid = false;
    try {
      valid = crypto.verify(algorithm, Buffer.from(snsStringToSign(message), 'utf8'), cert.publicKey, Buffer.from(message.Signature, 'base64'));
    } catch {
      valid = false;
    }
    if (!valid) throw forbidden(bounceTexts.snsSignature);
  };
}
