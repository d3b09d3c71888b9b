import { z } from 'zod';
import {
  dataListWithImages,
  dataOne,
  dataOneWithImages,
  errorResponseSchema,
  featuredInputSchema,
  idParamSchema,
  showInputSchema,
  showNotFound,
  showSchema,
  showsQuerySchema,
  showSummarySchema,
} from '@bande/shared';
import type { App, AppDeps } from '../../deps.ts';
import { publishedOrAdmin } from '../../plugins/auth-guard.ts';
import { noStore, sharedCacheHeaders } from '../../lib/cache-headers.ts';
import { notFound } from '../../lib/http-error.ts';
import { imagesRepository } from '../images/images.repository.ts';
import { showImageUrls } from './shows.mapper.ts';
import { showsRepository } from './shows.repository.ts';
import { showsService } from './shows.service.ts';
import { withoutSchedule } from '../scheduling/schedule-columns.ts';
import { access } from '../../plugins/access-control.ts';

const tags = ['shows'];
const security = [{ bearerAuth: [] }];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };
const oneShow = { 200: dataOne(showSchema), ...errors };
const slugParamSchema = z.object({ slug: z.string().min(1).max(200) });
const optionalFlag = (value: 'true' | 'false' | undefined) => (value === undefined ? undefined : value === 'true');


export async function showsRoutes(app: App, deps: AppDeps): Promise<void> {
  const repo = showsRepository(deps.db);
  const images = imagesRepository(deps.db);
  const service = showsService(deps);
  const adminOnly = [noStore, app.requireAdmin];

  const listGuard = publishedOrAdmin(app);

  app.get(
    '/api/shows',
    {
      config: { answerCache: true, access: access.editorOrPublished },
      onRequest: listGuard,
      schema: {
        tags,
        description: 'published=true : spectacles publiés, sans jeton. Sinon (brouillons compris) : admin.',
        security: [{}, ...security],
        querystring: showsQuerySchema,
        response: { 200: dataListWithImages(showSummarySchema), ...errors },
      },
    },
    async (request, reply) => {
      const { published, isFeatured } = request.query;
      const data = await repo.listSummaries({ published: optionalFlag(published), isFeatured: optionalFlag(isFeatured) });
      // The backoffice's list too: its thumbnails take the smallest variant rather than the original.
      if (published !== 'true') return { data, images: await images.imageMap(data.map((show) => show.photo)) };
      sharedCacheHeaders(reply);
      // Sizes and variants of the photos, so that the pages can write srcset (one more query).
      return { data: data.map(withoutSchedule), images: await images.imageMap(data.map((show) => show.photo)) };
    },
  );

  app.get(
    '/api/shows/slug/:slug',
    { config: { answerCache: true, access: access.public }, schema: { tags, params: slugParamSchema, response: { 200: dataOneWithImages(showSchema), ...errors } } },
    async (request, reply) => {
      // A draft answers exactly like an unknown slug: its existence is not public either.
      const show = await repo.findPublishedBySlug(request.params.slug);
      if (!show) throw notFound(showNotFound);
      sharedCacheHeaders(reply);
      return { data: withoutSchedule(show), images: await images.imageMap(showImageUrls(show)) };
    },
  );

  app.get('/api/shows/:id', { onRequest: adminOnly, config: { access: access.editor }, schema: { tags, security, params: idParamSchema, response: oneShow } }, async (request) => ({
    data: await service.get(request.params.id),
  }));

  app.post(
    '/api/shows',
    { onRequest: adminOnly, config: { access: access.editor }, schema: { tags, security, body: showInputSchema, response: { 201: dataOne(showSchema), 409: errorResponseSchema, ...errors } } },
    async (request, reply) => reply.status(201).send({ data: await service.create(request.body) }),
  );

  app.put(
    '/api/shows/:id',
    { onRequest: adminOnly, config: { access: access.editor }, schema: { tags, security, params: idParamSchema, body: showInputSchema, response: { ...oneShow, 409: errorResponseSchema } } },
    async (request) => ({ data: await service.update(request.params.id, request.body) }),
  );

  app.delete(
    '/api/shows/:id',
    { onRequest: adminOnly, config: { access: access.editor }, schema: { tags, security, params: idParamSchema, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await service.remove(request.params.id);
      return reply.status(204).send(null);
    },
  );

  for (const action of ['publish', 'unpublish'] as const) {
    app.post(
      `/api/shows/:id/${action}`,
      { onRequest: adminOnly, config: { access: access.editor }, schema: { tags, security, params: idParamSchema, response: oneShow } },
      async (request) => ({ data: await service.setPublished(request.params.id, action === 'publish') }),
    );
  }

  app.post(
    '/api/shows/:id/featured',
    { onRequest: adminOnly, config: { access: access.editor }, schema: { tags, security, params: idParamSchema, body: featuredInputSchema, response: oneShow } },
    async (request) => ({ data: await service.setFeatured(request.params.id, request.body.isFeatured) }),
  );
}
