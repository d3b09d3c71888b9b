import { dataOne, errorResponseSchema, imageInfoSchema, imageQuerySchema, texts } from '@bande/shared';
import type { App, AppDeps } from '../../deps.ts';
import { sharedCacheHeaders } from '../../lib/cache-headers.ts';
import { notFound } from '../../lib/http-error.ts';
import { imagesRepository } from './images.repository.ts';
import { access } from '../../plugins/access-control.ts';

/** GET /api/images?url=/uploads/...: an upload's intrinsic size and variants, for srcset. */
export async function imagesRoutes(app: App, { db }: AppDeps): Promise<void> {
  const repo = imagesRepository(db);
  app.get(
    '/api/images',
    {
      config: { access: access.public },
      schema: {
        tags: ['images'],
        description: 'Taille et variantes (WebP, AVIF) d’une image envoyée, pour construire srcset et sizes.',
        querystring: imageQuerySchema,
        response: { 200: dataOne(imageInfoSchema), 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const info = await repo.find(request.query.url);
      if (!info) throw notFound(texts.api.notFound);
      sharedCacheHeaders(reply);
      return { data: info };
    },
  );
}
