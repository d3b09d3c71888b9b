import {
  dataOneWithImages,
  errorResponseSchema,
  idParamSchema,
  showPreviewLinkSchema,
  showPreviewTokenParamSchema,
  showSchema,
} from '@bande/shared';
import type { App, AppDeps } from '../../deps.ts';
import { noStore } from '../../lib/cache-headers.ts';
import { imagesRepository } from '../images/images.repository.ts';
import { showImageUrls } from '../shows/shows.mapper.ts';
import { showPreviewService } from './show-preview.service.ts';
import { access } from '../../plugins/access-control.ts';

const tags = ['shows'];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };

/** A preview is for whoever holds the link: no search engine, no shared or browser cache keeps it. */
export const NOINDEX = 'noindex, nofollow';

/**
 * Draft preview (issue 18). Neither route opts into the public answer cache (`config.answerCache`),
 * and both answer `Cache-Control: no-store`: a preview shows the show as saved at the moment it is read.
 */
export async function showPreviewRoutes(app: App, deps: AppDeps): Promise<void> {
  const service = showPreviewService(deps);
  const images = imagesRepository(deps.db);

  app.post(
    '/api/shows/:id/preview',
    {
      onRequest: [noStore, app.requireAdmin], config: { access: access.editor },
      schema: {
        tags,
        security: [{ bearerAuth: [] }],
        description: 'Lien signé vers la page publique du spectacle tel qu’il est enregistré (brouillon compris), valable 7 jours sans connexion.',
        params: idParamSchema,
        response: { 200: showPreviewLinkSchema, ...errors },
      },
    },
    async (request) => ({ url: await service.createLink(request.params.id) }),
  );

  app.get(
    '/api/shows/preview/:token',
    {
      onRequest: [noStore, async (_request, reply) => void reply.header('x-robots-tag', NOINDEX)],
      // The signed link is the credential (HMAC over the id and expiry), 404 otherwise.
      config: { access: access.public },
      schema: {
        tags,
        description: 'Le spectacle d’un lien d’aperçu, comme GET /api/shows/slug/{slug} mais brouillon compris ; 404 si le lien est altéré ou expiré.',
        params: showPreviewTokenParamSchema,
        response: { 200: dataOneWithImages(showSchema), ...errors },
      },
    },
    async (request) => {
      const show = await service.showFor(request.params.token);
      return { data: show, images: await images.imageMap(showImageUrls(show)) };
    },
  );
}
