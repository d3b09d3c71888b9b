import { dataOne, errorResponseSchema, siteContentInputSchema, siteContentSchema } from '@bande/shared';
import type { App, AppDeps } from '../../deps.ts';
import { noStore, sharedCacheHeaders } from '../../lib/cache-headers.ts';
import { revisionsRepository } from '../revisions/revisions.repository.ts';
import { SITE_CONTENT_ID, siteContentRepository } from './site-content.repository.ts';
import { access } from '../../plugins/access-control.ts';

const tags = ['site-content'];

/**
 * The site's texts (« Textes du site »): read by the server renderer and the browser for every page,
 * changed by staff. A save bumps the public cache's content version (every admin write does, see
 * plugins/public-cache), so every server shows it on the next page load; the history records it
 * (modules/revisions) and the activity log too.
 */
export async function siteContentRoutes(app: App, { db, clock }: AppDeps): Promise<void> {
  const repo = siteContentRepository(db);

  app.get(
    '/api/site-content',
    {
      config: { answerCache: true, access: access.public },
      schema: { tags, description: 'Textes du site public : association, accueil, formats, Hors cadre, contact, réseaux.', response: { 200: dataOne(siteContentSchema) } },
    },
    async (_request, reply) => {
      sharedCacheHeaders(reply);
      return { data: await repo.find() };
    },
  );

  app.put(
    '/api/site-content',
    {
      onRequest: [noStore, app.requireAdmin],
      config: { access: access.editor },
      schema: {
        tags,
        security: [{ bearerAuth: [] }],
        body: siteContentInputSchema,
        response: { 200: dataOne(siteContentSchema), 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => {
      const now = clock.now().toISOString();
      // The texts shown before the first save (the defaults) get a revision of their own, so that the
      // history can always give back what visitors saw before a change.
      if ((await revisionsRepository.list(db, 'site-content', SITE_CONTENT_ID)).length === 0) {
        await revisionsRepository.insert(db, { at: now, userEmail: null, entity: 'site-content', entityId: SITE_CONTENT_ID, action: 'create', snapshot: await repo.find() });
      }
      await repo.save(request.body, now);
      return { data: await repo.find() };
    },
  );
}
