import { Negotiator } from '@fastify/accept-negotiator';

export type Encoding = 'br' | 'gzip' | 'identity';

// The negotiator @fastify/static uses for its precompressed files: quality values, '*', order on ties (br first).
const encodings = new Negotiator<'br' | 'gzip'>({ supportedValues: ['br', 'gzip'] });

/** The encoding to answer with, from an Accept-Encoding header; identity when neither br nor gzip is accepted. */
export function pickEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  return encodings.negotiate(acceptEncoding.toLowerCase().replace(/\bx-gzip\b/g, 'gzip')) ?? 'identity';
}

/** Whether If-None-Match names this tag (weak comparison, as for a GET: W/"x" matches "x"). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => (tag.startsWith('W/') ? tag.slice(2) : tag);
  const wanted = opaque(etag);
  return ifNoneMatch.split(',').some((tag) => {
    const candidate = tag.trim();
    return candidate === '*' || opaque(candidate) === wanted;
  });
}
