import { z } from 'zod';
import { dataList, dataListWithImages, dataOne, errorResponseSchema, galleryInputSchema, galleryItemSchema, galleryReorderSchema, idParamSchema, publishedQuerySchema } from '@bande/shared';
import type { App, AppDeps } from '../../deps.ts';
import { publishedOrAdmin } from '../../plugins/auth-guard.ts';
import { noStore, sharedCacheHeaders } from '../../lib/cache-headers.ts';
import { imagesRepository } from '../images/images.repository.ts';
import { galleryRepository } from './gallery.repository.ts';
import { galleryService } from './gallery.service.ts';
import { withoutSchedule } from '../scheduling/schedule-columns.ts';
import { access } from '../../plugins/access-control.ts';

const tags = ['gallery'];
const security = [{ bearerAuth: [] }];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };
const oneItem = { 200: dataOne(galleryItemSchema), ...errors };


/** The 'Bonus de la bande' media gallery: photos, uploaded videos and YouTube links, in a dragged order. */
export async function galleryRoutes(app: App, deps: AppDeps): Promise<void> {
  const repo = galleryRepository(deps.db);
  const images = imagesRepository(deps.db);
  const service = galleryService(deps);
  const adminOnly = [noStore, app.requireAdmin];

  const listGuard = publishedOrAdmin(app);

  app.get(
    '/api/gallery',
    {
      config: { answerCache: true, access: access.editorOrPublished },
      onRequest: listGuard,
      schema: {
        tags,
        description: 'published=true : médias publiés, sans jeton. Sinon (admin) : tous les médias. Toujours dans l’ordre des positions.',
        security: [{}, ...security],
        querystring: publishedQuerySchema,
        response: { 200: dataListWithImages(galleryItemSchema), ...errors },
      },
    },
    async (request, reply) => {
      const data = await repo.list(request.query.published);
      // Photos and the stored thumbnails of videos, YouTube links included (an uploaded poster has variants,
      // YouTube's own frame simply has no row); a video file or a YouTube link itself has none. The
      // backoffice's list too: its previews take the smallest variant rather than the original.
      const imageMap = await images.imageMap(data.flatMap((item) => (item.type === 'youtube' ? [item.thumbnail] : [item.url, item.thumbnail])));
      if (request.query.published !== true) return { data, images: imageMap };
      sharedCacheHeaders(reply);
      return { data: data.map(withoutSchedule), images: imageMap };
    },
  );

  app.get('/api/gallery/:id', { onRequest: adminOnly, config: { access: access.editor }, schema: { tags, security, params: idParamSchema, response: oneItem } }, async (request) => ({
    data: await service.get(request.params.id),
  }));

  app.post(
    '/api/gallery',
    { onRequest: adminOnly, config: { access: access.editor }, schema: { tags, security, body: galleryInputSchema, response: { 201: dataOne(galleryItemSchema), ...errors } } },
    async (request, reply) => reply.status(201).send({ data: await service.create(request.body) }),
  );

  app.post(
    '/api/gallery/reorder',
    { onRequest: adminOnly, config: { access: access.editor }, schema: { tags, security, body: galleryReorderSchema, response: { 200: dataList(galleryItemSchema), ...errors } } },
    async (request) => ({ data: await service.reorder(request.body.items) }),
  );

  app.put(
    '/api/gallery/:id',
    { onRequest: adminOnly, config: { access: access.editor }, schema: { tags, security, params: idParamSchema, body: galleryInputSchema, response: oneItem } },
    async (request) => ({ data: await service.update(request.params.id, request.body) }),
  );

  for (const [action, published] of [['publish', true], ['unpublish', false]] as const) {
    // POST as in spec section 7; PUT accepted too, as for partners.
    app.route({
      method: ['POST', 'PUT'],
      url: `/api/gallery/:id/${action}`,
      onRequest: adminOnly, config: { access: access.editor },
      schema: { tags, security, params: idParamSchema, response: oneItem },
      handler: async (request) => ({ data: await service.setPublished(request.params.id, published) }),
    });
  }

  app.delete(
    '/api/gallery/:id',
    { onRequest: adminOnly, config: { access: access.editor }, schema: { tags, security, params: idParamSchema, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await service.remove(request.params.id);
      return reply.status(204).send(null);
    },
  );
}
