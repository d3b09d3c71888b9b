import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { rolesTexts, type Role } from '@bande/shared';
import type { App } from '../deps.ts';
import { forbidden } from '../lib/http-error.ts';

/**
 * Who may call a route, declared where the route is registered (`config: { access: … }`):
 * - 'public': anybody, no token;
 * - { roles }: a logged-in account holding one of these roles ('admin' is always among them);
 * - { roles, publicWhenPublished: true }: public for the exact query `?published=true` (the site's
 *   lists), otherwise as { roles } (the backoffice's lists, drafts included).
 */
export type Access = 'public' | { roles: readonly Role[]; publicWhenPublished?: true };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
}

/** The declarations the routes use, named by who they let in. */
export const access = {
  public: 'public',
  /** Every account, whatever its role: its own session, password, two-factor login, passkeys. */
  anyRole: { roles: ['admin', 'editor', 'secretary'] },
  /** The site's content. */
  editor: { roles: ['admin', 'editor'] },
  /** The people who write to the association and their data. */
  secretary: { roles: ['admin', 'secretary'] },
  /** Accounts, roles, legal details, the activity log. */
  admin: { roles: ['admin'] },
  /** Images and videos: the content's, and a campaign's. */
  uploads: { roles: ['admin', 'editor', 'secretary'] },
  /** A public list whose full form (drafts) is the content's. */
  editorOrPublished: { roles: ['admin', 'editor'], publicWhenPublished: true },
} as const satisfies Record<string, Access>;

/** The routes under /api/docs belong to @fastify/swagger-ui, which takes no route options: public by choice (README). */
const isApiDocs = (url: string) => url === '/api/docs' || url.startsWith('/api/docs/');

const asList = <T>(hooks: T | T[] | undefined): T[] => (hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]);

export class UndeclaredAccessError extends Error {}

/**
 * Deny by default: an /api route that declares no access stops the server at start (the error names
 * it). A route with roles gets one more onRequest hook, after its own (the token check, when the route
 * has it): the token is checked if no earlier hook did, then the role. onRequest runs before the body
 * is parsed and validated and before the handler looks anything up, so a forbidden call answers 403
 * whatever its body or id, and changes nothing.
 *
 * Registered before every plugin that adds hooks to routes: the hook list is copied here, so that a
 * plugin pushing into it (@fastify/compress, @fastify/rate-limit) no longer grows an array that the
 * routes of a module share (their `adminOnly` list), which gave the later routes of a module one copy
 * of those hooks per route registered before them.
 */
export function registerAccessControl(app: App): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    route.onRequest = [...asList(route.onRequest)] as RouteOptions['onRequest'];
    if (!route.url.startsWith('/api/') || isApiDocs(route.url)) return;
    const declared = route.config?.access;
    if (declared === undefined) {
      const methods = [route.method].flat().join(',');
      throw new UndeclaredAccessError(`La route ${methods} ${route.url} ne déclare pas qui peut l'appeler (config.access) : elle est refusée.`);
    }
    if (declared === 'public') return;
    (route.onRequest as unknown[]).push(roleGuard(app, declared));
  });
}

function roleGuard(app: App, declared: Exclude<Access, 'public'>) {
  const allowed = new Set<Role>(['admin', ...declared.roles]);
  return async function checkRole(request: FastifyRequest, reply: FastifyReply) {
    if (declared.publicWhenPublished && (request.query as { published?: unknown }).published === 'true') return;
    if (!request.admin) await app.requireAdmin(request, reply);
    if (!allowed.has(request.admin!.role)) throw forbidden(rolesTexts.forbidden);
  };
}
