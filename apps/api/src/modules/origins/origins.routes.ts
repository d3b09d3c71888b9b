import { z } from 'zod';
import {
  dataList,
  dataOne,
  errorResponseSchema,
  idParamSchema,
  originCategoryInputSchema,
  originCategorySchema,
  originEventInputSchema,
  originEventSchema,
  publishInputSchema,
} from '@bande/shared';
import type { App, AppDeps } from '../../deps.ts';
import { noStore, sharedCacheHeaders } from '../../lib/cache-headers.ts';
import { originsService } from './origins.service.ts';
import { access } from '../../plugins/access-control.ts';

const tags = ['origins'];
const security = [{ bearerAuth: [] }];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };
const oneCategory = { 200: dataOne(originCategorySchema), ...errors };
const oneEvent = { 200: dataOne(originEventSchema), ...errors };
const deleted = { 204: z.null(), ...errors };
const CATEGORIES = '/api/origins/admin/categories';
const EVENTS = '/api/origins/admin/events';

/** The 'Origines' timeline: categories ordered by position, each with its events ordered by date. */
export async function originsRoutes(app: App, deps: AppDeps): Promise<void> {
  const service = originsService(deps);
  const adminOnly = [noStore, app.requireAdmin];

  app.get(
    '/api/origins/categories',
    { config: { answerCache: true, access: access.public }, schema: { tags, description: 'Catégories publiées et leurs événements publiés.', response: { 200: dataList(originCategorySchema) } } },
    async (_request, reply) => {
      sharedCacheHeaders(reply);
      return { data: await service.listPublished() };
    },
  );

  // A plain array, as the admin tab reads it (spec section 7).
  app.get(CATEGORIES, { onRequest: adminOnly, config: { access: access.editor }, schema: { tags, security, response: { 200: z.array(originCategorySchema), 401: errorResponseSchema } } }, () =>
    service.listAll(),
  );

  app.post(
    CATEGORIES,
    { onRequest: adminOnly, config: { access: access.editor }, schema: { tags, security, body: originCategoryInputSchema, response: { 201: dataOne(originCategorySchema), ...errors } } },
    async (request, reply) => reply.status(201).send({ data: await service.createCategory(request.body) }),
  );

  app.put(
    `${CATEGORIES}/:id`,
    { onRequest: adminOnly, config: { access: access.editor }, schema: { tags, security, params: idParamSchema, body: originCategoryInputSchema, response: oneCategory } },
    async (request) => ({ data: await service.updateCategory(request.params.id, request.body) }),
  );

  app.put(
    `${CATEGORIES}/:id/publish`,
    { onRequest: adminOnly, config: { access: access.editor }, schema: { tags, security, params: idParamSchema, body: publishInputSchema, response: oneCategory } },
    async (request) => ({ data: await service.setCategoryPublished(request.params.id, request.body.published) }),
  );

  app.delete(`${CATEGORIES}/:id`, { onRequest: adminOnly, config: { access: access.editor }, schema: { tags, security, params: idParamSchema, response: deleted } }, async (request, reply) => {
    await service.removeCategory(request.params.id);
    return reply.status(204).send(null);
  });

  app.post(
    EVENTS,
    { onRequest: adminOnly, config: { access: access.editor }, schema: { tags, security, body: originEventInputSchema, response: { 201: dataOne(originEventSchema), ...errors } } },
    async (request, reply) => reply.status(201).send({ data: await service.createEvent(request.body) }),
  );

  app.put(
    `${EVENTS}/:id`,
    { onRequest: adminOnly, config: { access: access.editor }, schema: { tags, security, params: idParamSchema, body: originEventInputSchema, response: oneEvent } },
    async (request) => ({ data: await service.updateEvent(request.params.id, request.body) }),
  );

  app.put(
    `${EVENTS}/:id/publish`,
    { onRequest: adminOnly, config: { access: access.editor }, schema: { tags, security, params: idParamSchema, body: publishInputSchema, response: oneEvent } },
    async (request) => ({ data: await service.setEventPublished(request.params.id, request.body.published) }),
  );

  app.delete(`${EVENTS}/:id`, { onRequest: adminOnly, config: { access: access.editor }, schema: { tags, security, params: idParamSchema, response: deleted } }, async (request, reply) => {
    await service.removeEvent(request.params.id);
    return reply.status(204).send(null);
  });
}
