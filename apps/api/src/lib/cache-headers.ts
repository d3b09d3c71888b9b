import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Public lists are the same for every visitor and change rarely: a short shared cache spares the
 * database without hiding an admin's change for long (the web app itself caches about 5 minutes).
 */
export const PUBLIC_CACHE = 'public, max-age=60';

/** Admin answers may show drafts and must never sit in a shared or browser cache. */
export const NO_STORE = 'no-store';

/** Adds a request header to the answer's Vary list (once). */
export function addVary(reply: FastifyReply, header: string): FastifyReply {
  const current = reply.getHeader('vary');
  const names = current === undefined ? [] : String(current).split(',').map((name) => name.trim()).filter(Boolean);
  if (names.some((name) => name.toLowerCase() === header.toLowerCase())) return reply;
  return reply.header('vary', [...names, header].join(', '));
}

/**
 * A public answer, unless it was asked with a token: the backoffice must see its own edits at once.
 * `Vary: Authorization` keeps a browser from handing the backoffice (same URL, with its token) the
 * copy it kept from the public site for a minute.
 */
export function sharedCacheHeaders(reply: FastifyReply): FastifyReply {
  return addVary(reply, 'Authorization').header('cache-control', reply.request.headers.authorization ? NO_STORE : PUBLIC_CACHE);
}

/** onRequest hook for admin routes, placed before the auth guard so that its 401 is not cached either. */
export async function noStore(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header('cache-control', NO_STORE);
}
