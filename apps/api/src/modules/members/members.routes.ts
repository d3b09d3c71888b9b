import { z } from 'zod';
import {
  dataListWithImages,
  dataOne,
  errorResponseSchema,
  idParamSchema,
  memberInputSchema,
  memberSchema,
  publicMemberSchema,
  publishedQuerySchema,
} from '@bande/shared';
import type { App, AppDeps } from '../../deps.ts';
import { publishedOrAdmin } from '../../plugins/auth-guard.ts';
import { noStore, sharedCacheHeaders } from '../../lib/cache-headers.ts';
import { imagesRepository } from '../images/images.repository.ts';
import { toMember, toPublicMember } from './members.mapper.ts';
import { membersRepository } from './members.repository.ts';
import { membersService } from './members.service.ts';
import { access } from '../../plugins/access-control.ts';

const tags = ['members'];
const security = [{ bearerAuth: [] }];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };
const oneMember = { 200: dataOne(memberSchema), ...errors };


export async function membersRoutes(app: App, deps: AppDeps): Promise<void> {
  const repo = membersRepository(deps.db);
  const images = imagesRepository(deps.db);
  const service = membersService(deps);
  const adminOnly = [noStore, app.requireAdmin];

  const listGuard = publishedOrAdmin(app);

  app.get(
    '/api/members',
    {
      config: { answerCache: true, access: access.editorOrPublished },
      onRequest: listGuard,
      schema: {
        tags,
        description: 'published=true : membres publiés, sans jeton. Sinon : tous les membres (admin).',
        security: [{}, ...security],
        querystring: publishedQuerySchema,
        // Admin shape first: the union keeps the first shape that fits.
        response: { 200: z.union([dataListWithImages(memberSchema), dataListWithImages(publicMemberSchema)]), ...errors },
      },
    },
    async (request, reply) => {
      const { published } = request.query;
      const rows = await repo.list({ published });
      if (published !== true) {
        // The backoffice's list too: its thumbnails take the smallest variant rather than the original.
        const data = rows.map(toMember);
        return { data, images: await images.imageMap(data.map((member) => member.photo)) };
      }
      sharedCacheHeaders(reply);
      const data = rows.map((row) => toPublicMember(toMember(row)));
      return { data, images: await images.imageMap(data.map((member) => member.photo)) };
    },
  );

  app.get('/api/members/:id', { onRequest: adminOnly, config: { access: access.editor }, schema: { tags, security, params: idParamSchema, response: oneMember } }, async (request) => ({
    data: await service.get(request.params.id),
  }));

  app.post(
    '/api/members',
    { onRequest: adminOnly, config: { access: access.editor }, schema: { tags, security, body: memberInputSchema, response: { 201: dataOne(memberSchema), ...errors } } },
    async (request, reply) => reply.status(201).send({ data: await service.create(request.body) }),
  );

  app.put(
    '/api/members/:id',
    { onRequest: adminOnly, config: { access: access.editor }, schema: { tags, security, params: idParamSchema, body: memberInputSchema, response: oneMember } },
    async (request) => ({ data: await service.update(request.params.id, request.body) }),
  );

  app.delete(
    '/api/members/:id',
    {
      onRequest: adminOnly, config: { access: access.editor },
      schema: { tags, security, params: idParamSchema, response: { 204: z.null(), 409: errorResponseSchema, ...errors } },
    },
    async (request, reply) => {
      await service.remove(request.params.id);
      return reply.status(204).send(null);
    },
  );

  for (const action of ['publish', 'unpublish'] as const) {
    app.post(
      `/api/members/:id/${action}`,
      { onRequest: adminOnly, config: { access: access.editor }, schema: { tags, security, params: idParamSchema, response: oneMember } },
      async (request) => ({ data: await service.setPublished(request.params.id, action === 'publish') }),
    );
  }
}
