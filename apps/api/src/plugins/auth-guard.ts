import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { texts } from '@bande/shared';
import type { AppDeps } from '../deps.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook for every admin route: 401 without a valid, unexpired bearer token. */
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    admin?: { id: number; email: string; sessionId: number };
  }
}

/** Tokens are stored as their SHA-256, so a leaked database does not hand out sessions. */
export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export function readBearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

export function registerAuthGuard(app: FastifyInstance, { db, clock }: AppDeps) {
  app.decorate('requireAdmin', async (request: FastifyRequest, reply: FastifyReply) => {
    const token = readBearerToken(request);
    if (!token) {
      return reply.status(401).send({ error: texts.api.unauthorized });
    }
    const session = await db
      .selectFrom('adminSessions')
      .innerJoin('adminUsers', 'adminUsers.id', 'adminSessions.userId')
      .select(['adminSessions.id as sessionId', 'adminSessions.expiresAt', 'adminUsers.id', 'adminUsers.email'])
      .where('adminSessions.tokenHash', '=', hashToken(token))
      .executeTakeFirst();
    if (!session || session.expiresAt <= clock.now().toISOString()) {
      return reply.status(401).send({ error: texts.api.invalidToken });
    }
    request.admin = { id: session.id, email: session.email, sessionId: session.sessionId };
  });
}

/**
 * onRequest hook of the lists that visitors may read with `?published=true` (shows, members, gallery,
 * partners): that exact query is public; any other listing shows drafts, so it is admin-only and never
 * cached. Runs before validation, hence the raw query text.
 */
export function publishedOrAdmin(app: FastifyInstance) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if ((request.query as { published?: unknown }).published === 'true') return;
    reply.header('cache-control', 'no-store');
    return app.requireAdmin(request, reply);
  };
}
