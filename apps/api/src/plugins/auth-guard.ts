import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { texts, type Role } from '@bande/shared';
import type { AppDeps } from '../deps.ts';
import { unauthorized } from '../lib/http-error.ts';
import { hashToken } from '../lib/token-hash.ts';
import { sessionsRepository } from '../modules/auth/auth.repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook for every admin route: 401 without a valid, unexpired bearer token. */
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    admin?: { id: number; email: string; sessionId: number; role: Role };
  }
}

function readBearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

export function registerAuthGuard(app: FastifyInstance, { db, clock }: AppDeps) {
  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    const token = readBearerToken(request);
    if (!token) throw unauthorized(texts.api.unauthorized);
    const session = await sessionsRepository.findActive(db, hashToken(token), clock.now());
    if (!session) throw unauthorized(texts.api.invalidToken);
    request.admin = { id: session.id, email: session.email, sessionId: session.sessionId, role: session.role };
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
