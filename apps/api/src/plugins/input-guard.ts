import { isUtf8 } from 'node:buffer';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { texts } from '@bande/shared';
import { badRequest } from '../lib/http-error.ts';

/**
 * PostgreSQL refuses a NUL character in any text (error 22021) and SQLite stores it silently, so one
 * check here, before any route, answers a clear 400 on both instead of a 500 on one. Invalid UTF-8 is
 * refused rather than read as U+FFFD, which would store text the visitor never wrote.
 */
export function registerInputGuard(app: FastifyInstance) {
  // Paths and query strings, for every route, the 404 handler and the server-rendered pages. Fastify
  // already refuses a broken %-escape in the path (frameworkErrors in app.ts) but decodes the query
  // string leniently; decodeURIComponent throws on both a broken escape and invalid UTF-8.
  app.addHook('onRequest', async (request: FastifyRequest) => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(request.url);
    } catch {
      throw badRequest(texts.api.badUrl);
    }
    if (decoded.includes('\u0000')) throw badRequest(texts.api.nulCharacter);
  });

  // Bodies, whichever parser read them (a route scope may have its own JSON parser). After validation,
  // so that a schema's own message for its field (the spec's, for the newsletter address) comes first;
  // this catches whatever a schema lets through.
  app.addHook('preHandler', async (request: FastifyRequest) => {
    const where = findNul(request.body, '');
    if (where) throw badRequest(texts.api.nulCharacter, { issues: [{ path: where, message: texts.api.nulCharacter }] });
  });

  // JSON read as bytes so that invalid UTF-8 is seen before Node decodes it; then Fastify's own parser
  // (prototype-poisoning checks, its error codes) does the rest.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = body as Buffer;
    if (!isUtf8(bytes)) return done(badRequest(texts.api.invalidUtf8), undefined);
    return parseJson(request, bytes.toString('utf8'), done);
  });
}

/** Path of the first string (or key) holding a NUL character, as in validation issues: "performances.0.address". */
function findNul(value: unknown, path: string): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    const itemPath = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return itemPath;
    const found = findNul(item, itemPath);
    if (found) return found;
  }
  return undefined;
}
