import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { texts } from '@bande/shared';
import { HttpError } from '../lib/http-error.ts';

interface Issue {
  path: string;
  message: string;
}

/**
 * One error shape for the whole API: { error: "<French message>", issues?: [...] }.
 * Bad input is always a 4xx with a French message; a 5xx never shows its details.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({ error: error.message, ...error.extra });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues: Issue[] = error.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: v.message ?? texts.api.invalidBody,
      }));
      return reply.status(400).send({ error: issues[0]?.message ?? texts.api.invalidBody, issues });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, cause: error.cause }, 'réponse non conforme à son schéma');
      return reply.status(500).send({ error: texts.api.internal });
    }
    // PostgreSQL's "invalid byte sequence" (a NUL in text) and "untranslatable character" (\u0000 in
    // JSON): bad input that got past the input guard is still the visitor's error, not ours.
    if (error.code === '22021' || error.code === '22P05') {
      request.log.warn({ err: error }, 'caractère refusé par PostgreSQL');
      return reply.status(400).send({ error: texts.api.unacceptedCharacter });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'base de données indisponible');
      return reply.status(503).header('retry-after', '5').send({ error: texts.api.serviceUnavailable });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'erreur interne');
      return reply.status(500).send({ error: texts.api.internal });
    }
    return reply.status(status).send({ error: frenchMessageFor(error, status) });
  });
}

/** PostgreSQL codes of a lost or refused connection (class 08, admin/crash shutdown, starting up) and of a statement stopped by statement_timeout. */
const UNAVAILABLE_CODES = /^(?:08...|57P0[123]|57014|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|ENOTFOUND)$/;
/** Errors pg raises without a code: a connection dropped mid-query, no connection within connectionTimeoutMillis, query_timeout. */
const UNAVAILABLE_MESSAGES = /^(?:Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error)/;

/**
 * The database cannot answer now (restarted, connections ended, overloaded): the request may succeed
 * if retried, so it is a 503 with a French message, not an internal error.
 */
export function isDatabaseUnavailable(error: { code?: unknown; message?: unknown }): boolean {
  return (typeof error.code === 'string' && UNAVAILABLE_CODES.test(error.code)) || (typeof error.message === 'string' && UNAVAILABLE_MESSAGES.test(error.message));
}

/** Unknown API paths and methods; pages (any other GET) are answered by the web app's catch-all route. */
export function registerNotFound(app: FastifyInstance) {
  app.setNotFoundHandler((_request, reply) => reply.status(404).send({ error: texts.api.notFound }));
}

/** Fastify's own 4xx errors (parsing, limits) speak English: say them in French. */
function frenchMessageFor(error: FastifyError, status: number): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return texts.api.invalidJson;
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
      return texts.api.bodyTooLarge;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return texts.api.unsupportedMediaType;
    case 'FST_ERR_VALIDATION':
      return texts.api.invalidBody;
  }
  if (status === 401) return texts.api.unauthorized;
  if (status === 404) return texts.api.notFound;
  if (status === 413) return texts.api.bodyTooLarge;
  if (status === 415) return texts.api.unsupportedMediaType;
  if (status === 429) return texts.api.tooManyRequests;
  return texts.api.invalidBody;
}
