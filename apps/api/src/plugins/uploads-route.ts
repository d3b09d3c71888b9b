import type { FastifyInstance } from 'fastify';
import { texts } from '@bande/shared';
import { notFound, rangeNotSatisfiable } from '../lib/http-error.ts';
import { isValidKey, RangeNotSatisfiableError, StorageNotFoundError, type ByteRange, type Storage } from './storage.ts';

/** Upload names are generated and never reused: a year of caching is safe (as for the disk files). */
export const UPLOADS_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** One range of `bytes=a-b`, `bytes=a-` or `bytes=-n`; anything else (several ranges) is served whole. */
export function parseRange(header: string | undefined): ByteRange | undefined {
  const match = header && /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  if (match[1] === '') return { suffix: Number(match[2]) };
  return { start: Number(match[1]), ...(match[2] !== '' && { end: Number(match[2]) }) };
}

/**
 * GET /uploads/* from a storage that is not on this disk (an S3 bucket): every server streams the
 * object itself, so the same-origin CSP and the cache headers hold, and Range requests (the video
 * player seeking) get a 206 with just those bytes.
 */
export function registerStorageRoute(app: FastifyInstance, storage: Storage): void {
  // The same answer as the disk's static server gives for a missing file.
  const missing = () => notFound(texts.api.notFound);
  app.route({
    method: ['GET', 'HEAD'],
    url: '/uploads/*',
    schema: { hide: true },
    handler: async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      if (!isValidKey(key)) throw missing();
      const ifNoneMatch = request.headers['if-none-match'];
      const ifModifiedSince = request.headers['if-modified-since'];
      if (ifNoneMatch || ifModifiedSince || request.method === 'HEAD') {
        // A revalidation is answered from the metadata alone, without opening the object.
        const stat = await storage.stat(key);
        if (!stat) throw missing();
        reply.header('cache-control', UPLOADS_CACHE_CONTROL);
        if (stat.etag) reply.header('etag', stat.etag);
        if (stat.lastModified) reply.header('last-modified', stat.lastModified.toUTCString());
        const sameTag = stat.etag && ifNoneMatch?.split(',').map((tag) => tag.trim()).some((tag) => tag === stat.etag || tag === `W/${stat.etag}` || tag === '*');
        // If-Modified-Since counts only without If-None-Match (RFC 9110), to the second.
        const unmodified = !ifNoneMatch && ifModifiedSince && stat.lastModified && Math.floor(stat.lastModified.getTime() / 1000) * 1000 <= Date.parse(ifModifiedSince);
        if (sameTag || unmodified) return reply.code(304).send();
        if (request.method === 'HEAD') {
          return reply.header('accept-ranges', 'bytes').header('content-length', stat.size).type(stat.contentType).send();
        }
      }
      const range = parseRange(request.headers.range);
      let file;
      try {
        file = await storage.read(key, range ? { range } : {});
      } catch (error) {
        if (error instanceof StorageNotFoundError) throw missing();
        if (error instanceof RangeNotSatisfiableError) {
          reply.header('content-range', `bytes */${error.size}`);
          throw rangeNotSatisfiable(texts.api.uploadRangeNotSatisfiable);
        }
        throw error;
      }
      reply.header('cache-control', UPLOADS_CACHE_CONTROL).header('accept-ranges', 'bytes').type(file.contentType);
      if (file.etag) reply.header('etag', file.etag);
      if (file.lastModified) reply.header('last-modified', file.lastModified.toUTCString());
      if (file.range) {
        reply.code(206).header('content-range', `bytes ${file.range.start}-${file.range.end}/${file.size}`);
        reply.header('content-length', file.range.end - file.range.start + 1);
      } else {
        reply.header('content-length', file.size);
      }
      // A visitor who leaves mid-video must not keep the bucket connection open.
      reply.raw.once('close', () => file.body.destroy());
      return reply.send(file.body);
    },
  });
}
