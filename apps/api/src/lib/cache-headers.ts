import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Public lists are the same for every visitor and change rarely: a short shared cache spares the
 * database without hiding an admin's change for long (the web app itself caches about 5 minutes).
 */
export const PUBLIC_CACHE = 'public, max-age=60';

/** Admin answers may show drafts and must never sit in a shared or browser cache. */
export const NO_STORE = 'no-store';

/** A public answer, unless it was asked with a token: the backoffice must see its own edits at once. */
export function publicCache(reply: FastifyReply): FastifyReply {
  return reply.header('cache-control', reply.request.headers.authorization ? NO_STORE : PUBLIC_CACHE);
}

/** onRequest hook for admin routes, placed before the auth guard so that its 401 is not cached either. */
export async function noStore(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header('cache-control', NO_STORE);
}
