import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { bounceTexts } from '@bande/shared';
import { notFound, unauthorized } from '../../lib/http-error.ts';

/** Compared as SHA-256 digests with timingSafeEqual: equal lengths, and no timing that tells how much matched. */
const same = (given: string, secret: string) => crypto.timingSafeEqual(crypto.createHash('sha256').update(given).digest(), crypto.createHash('sha256').update(secret).digest());

/**
 * What the caller presented as the secret: the password of HTTP Basic (Mailjet and Brevo take
 * `https://user:secret@host/...`; the user name is free), a Bearer token (Brevo's « token »
 * authentication), or `?token=` in the address (any relay; it then appears in access logs, so Basic
 * is preferred: docs/security.md).
 */
function presented(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization ?? '';
  const space = header.indexOf(' ');
  const scheme = header.slice(0, space).toLowerCase();
  const value = header.slice(space + 1).trim();
  if (space > 0 && scheme === 'basic') {
    const decoded = Buffer.from(value, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    return colon >= 0 ? decoded.slice(colon + 1) : undefined;
  }
  if (space > 0 && scheme === 'bearer') return value;
  const token = (request.query as Record<string, unknown> | undefined)?.token;
  return typeof token === 'string' ? token : undefined;
}

/**
 * An onRequest hook: runs before the body is read or validated, so that a call without the secret is
 * told nothing about its payload and changes nothing. Without BOUNCE_WEBHOOK_SECRET the endpoints do
 * not exist (404), rather than accept anybody.
 */
export function requireWebhookSecret(secret: string | undefined) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!secret) throw notFound(bounceTexts.notConfigured);
    const given = presented(request);
    if (given === undefined || !same(given, secret)) {
      void reply.header('www-authenticate', 'Basic realm="rebonds", charset="UTF-8"');
      throw unauthorized(bounceTexts.unauthorized);
    }
  };
}
