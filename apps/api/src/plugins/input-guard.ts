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
  // Only an address with a %-escape can carry either: Node's parser refuses a raw NUL or control
  // character in the request line, so an address without '%' is left alone at no cost.
  app.addHook('onRequest', (request: FastifyRequest, _reply, done) => {
    if (!request.url.includes('%')) return done();
    let decoded: string;
    try {
      decoded = decodeURIComponent(request.url);
    } catch {
      return done(badRequest(texts.api.badUrl));
    }
    done(decoded.includes('\u0000') ? badRequest(texts.api.nulCharacter) : undefined);
  });

  // Bodies, whichever parser read them (a route scope may have its own JSON parser). After validation,
  // so that a schema's own message for its field (the spec's, for the newsletter address) comes first;
  // this catches whatever a schema lets through.
  app.addHook('preHandler', (request: FastifyRequest, _reply, done) => {
    const where = request.body === undefined ? undefined : findNul(request.body, '');
    done(where ? badRequest(texts.api.nulCharacter, { issues: [{ path: where, message: texts.api.nulCharacter }] }) : undefined);
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
