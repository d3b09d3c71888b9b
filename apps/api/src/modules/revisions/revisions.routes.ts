import { z } from 'zod';
import {
  dataList,
  dataOne,
  deletedEntitySchema,
  deletedRevisionsQuerySchema,
  errorResponseSchema,
  idParamSchema,
  revisionDetailSchema,
  revisionSchema,
  revisionsQuerySchema,
  rolesTexts,
  type RevisionEntity,
  type Role,
} from '@bande/shared';
import { forbidden } from '../../lib/http-error.ts';
import type { App, AppDeps } from '../../deps.ts';
import { noStore } from '../../lib/cache-headers.ts';
import { revisionsService } from './revisions.service.ts';
import { access } from '../../plugins/access-control.ts';

const tags = ['revisions'];
const security = [{ bearerAuth: [] }];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };

/**
 * The legal details' history is the administrators' only, as the details are (access.admin on
 * /api/legal): these routes are the editors' too, so the entity's own rule is checked here, from the
 * query before anything is read, or from the revision asked for before it is answered or restored.
 */
const ADMIN_ONLY_ENTITIES: ReadonlySet<RevisionEntity> = new Set(['legal']);

function refuseUnlessAllowed(role: Role, entity: RevisionEntity) {
  if (role !== 'admin' && ADMIN_ONLY_ENTITIES.has(entity)) throw forbidden(rolesTexts.forbidden);
}

/** History with restore (« Historique »): revisions are written by plugins/revision-history.ts. */
export async function revisionsRoutes(app: App, deps: AppDeps): Promise<void> {
  const service = revisionsService(deps);
  const adminOnly = [noStore, app.requireAdmin];

  app.get(
    '/api/revisions',
    {
      onRequest: adminOnly, config: { access: access.editor },
      schema: { tags, security, description: "Versions d'un élément, les plus récentes d'abord.", querystring: revisionsQuerySchema, response: { 200: dataList(revisionSchema), 403: errorResponseSchema, ...errors } },
    },
    async (request) => {
      refuseUnlessAllowed(request.admin!.role, request.query.entity);
      return { data: await service.list(request.query.entity, request.query.entityId) };
    },
  );

  app.get(
    '/api/revisions/deleted',
    {
      onRequest: adminOnly, config: { access: access.editor },
      schema: { tags, security, description: 'Éléments supprimés (encore absents), avec leur dernière version.', querystring: deletedRevisionsQuerySchema, response: { 200: dataList(deletedEntitySchema), 403: errorResponseSchema, ...errors } },
    },
    async (request) => {
      refuseUnlessAllowed(request.admin!.role, request.query.entity);
      return { data: await service.deleted(request.query.entity) };
    },
  );

  app.get(
    '/api/revisions/:id',
    { onRequest: adminOnly, config: { access: access.editor }, schema: { tags, security, params: idParamSchema, response: { 200: dataOne(revisionDetailSchema), 403: errorResponseSchema, 409: errorResponseSchema, ...errors } } },
    async (request) => {
      const detail = await service.detail(request.params.id);
      refuseUnlessAllowed(request.admin!.role, detail.entity);
      return { data: detail };
    },
  );

  app.post(
    '/api/revisions/:id/restore',
    {
      onRequest: adminOnly, config: { access: access.editor },
      schema: {
        tags,
        security,
        description: "Rend à l'élément le contenu de cette version (en brouillon s'il avait été supprimé ; jamais publié par une restauration).",
        params: idParamSchema,
        response: { 200: dataOne(z.record(z.string(), z.unknown())), 403: errorResponseSchema, 409: errorResponseSchema, ...errors },
      },
    },
    async (request) => {
      refuseUnlessAllowed(request.admin!.role, (await service.detail(request.params.id)).entity);
      return { data: await service.restore(request.params.id, request.admin!.email, request.log) };
    },
  );
}
