import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RevisionAction } from '@bande/shared';
import type { AppDeps } from '../deps.ts';
import { ENTITY_HISTORIES } from '../modules/revisions/revision-entities.ts';
import { revisionTargetOf, type RevisionTarget } from '../modules/revisions/revision-routes.ts';
import { revisionsRepository } from '../modules/revisions/revisions.repository.ts';
import { hookWhen, onSendWhen } from '../lib/hooks-when.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The entity as it stood before a delete, read before the handler ran. */
    revisionBefore?: object;
  }
}

const targetOf = (request: FastifyRequest): RevisionTarget | undefined =>
  request.routeOptions.url ? revisionTargetOf(request.method, request.routeOptions.url) : undefined;

const paramIdOf = (request: FastifyRequest): number | undefined => {
  const id = (request.params as { id?: unknown } | undefined)?.id;
  return typeof id === 'number' ? id : undefined;
};

/** The id of what a create made, read from its answer `{ data: { id } }`. */
function createdIdOf(payload: unknown): number | undefined {
  if (typeof payload !== 'string') return undefined;
  try {
    const id = (JSON.parse(payload) as { data?: { id?: unknown } }).data?.id;
    return typeof id === 'number' ? id : undefined;
  } catch {
    return undefined;
  }
}

function actionOf(target: RevisionTarget, request: FastifyRequest): Exclude<RevisionAction, 'restore'> {
  if (target.action !== 'publish-body') return target.action;
  return (request.body as { published?: unknown } | undefined)?.published === false ? 'unpublish' : 'publish';
}

/**
 * History with restore: every successful admin write of an entity with a history (revision-routes.ts
 * maps the routes) records a revision holding the entity as it stands after the write, read through
 * revision-entities.ts; for a delete, as it stood before, read before the handler runs. The revision is
 * written before the answer leaves (the admin's next look at the history finds it), after the write's
 * own transaction: a failure to record it is logged and never undoes or fails the admin's edit.
 */
export function registerRevisionHistory(app: FastifyInstance, { db, clock }: Pick<AppDeps, 'db' | 'clock'>) {
  const byAnAdmin = (request: FastifyRequest) => request.admin !== undefined;
  app.addHook('preHandler', hookWhen(byAnAdmin, async (request) => {
    if (!request.admin) return;
    const target = targetOf(request);
    const id = paramIdOf(request);
    if (target?.action !== 'delete' || id === undefined) return;
    try {
      request.revisionBefore = await ENTITY_HISTORIES[target.entity].load(db, id);
    } catch (err) {
      request.log.error({ err }, "historique : lecture de l'élément avant sa suppression impossible");
    }
  }));

  app.addHook('onSend', onSendWhen(byAnAdmin, async (request, reply, payload: unknown) => {
    if (!request.admin || reply.statusCode < 200 || reply.statusCode >= 300) return payload;
    const target = targetOf(request);
    if (!target) return payload;
    const entityId = target.id === 'param' ? paramIdOf(request) : target.id === 'created' ? createdIdOf(payload) : target.id;
    if (entityId === undefined) return payload;
    const action = actionOf(target, request);
    try {
      const snapshot = action === 'delete' ? request.revisionBefore : await ENTITY_HISTORIES[target.entity].load(db, entityId);
      if (snapshot) {
        const at = clock.now().toISOString();
        await revisionsRepository.insert(db, { at, userEmail: request.admin.email, entity: target.entity, entityId, action, snapshot });
      }
    } catch (err) {
      request.log.error({ err, entity: target.entity, entityId }, "historique : échec de l'écriture d'une version");
    }
    return payload;
  }));
}
