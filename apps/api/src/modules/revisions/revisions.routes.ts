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
} from '@bande/shared';
import type { App, AppDeps } from '../../deps.ts';
import { noStore } from '../../lib/cache-headers.ts';
import { revisionsService } from './revisions.service.ts';
import { access } from '../../plugins/access-control.ts';

const tags = ['revisions'];
const security = [{ bearerAuth: [] }];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };

/** History with restore (« Historique »): revisions are written by plugins/revision-history.ts. */
export async function revisionsRoutes(app: App, deps: AppDeps): Promise<void> {
  const service = revisionsService(deps);
  const adminOnly = [noStore, app.requireAdmin];

  app.get(
    '/api/revisions',
    {
      onRequest: adminOnly, config: { access: access.editor },
      schema: { tags, security, description: "Versions d'un élément, les plus récentes d'abord.", querystring: revisionsQuerySchema, response: { 200: dataList(revisionSchema), ...errors } },
    },
    async (request) => ({ data: await service.list(request.query.entity, request.query.entityId) }),
  );

  app.get(
    '/api/revisions/deleted',
    {
      onRequest: adminOnly, config: { access: access.editor },
      schema: { tags, security, description: 'Éléments supprimés (encore absents), avec leur dernière version.', querystring: deletedRevisionsQuerySchema, response: { 200: dataList(deletedEntitySchema), ...errors } },
    },
    async (request) => ({ data: await service.deleted(request.query.entity) }),
  );

  app.get(
    '/api/revisions/:id',
    { onRequest: adminOnly, config: { access: access.editor }, schema: { tags, security, params: idParamSchema, response: { 200: dataOne(revisionDetailSchema), 409: errorResponseSchema, ...errors } } },
    async (request) => ({ data: await service.detail(request.params.id) }),
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
        response: { 200: dataOne(z.record(z.string(), z.unknown())), 409: errorResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await service.restore(request.params.id, request.admin!.email, request.log) }),
  );
}
