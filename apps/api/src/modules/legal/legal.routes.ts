import { dataOne, EMPTY_LEGAL_SETTINGS, errorResponseSchema, legalSettingsInputSchema, legalSettingsSchema } from '@bande/shared';
import type { App, AppDeps } from '../../deps.ts';
import { noStore, sharedCacheHeaders } from '../../lib/cache-headers.ts';
import { legalRepository } from './legal.repository.ts';
import { revisionsRepository } from '../revisions/revisions.repository.ts';
import { access } from '../../plugins/access-control.ts';

const tags = ['legal'];

/** The publisher's and the host's details shown by the legal page (/mentions-legales). */
export async function legalRoutes(app: App, { db, clock }: AppDeps): Promise<void> {
  const repo = legalRepository(db);

  app.get(
    '/api/legal',
    { config: { answerCache: true, access: access.public }, schema: { tags, description: 'Éditeur et hébergeur du site (page des mentions légales).', response: { 200: dataOne(legalSettingsSchema) } } },
    async (_request, reply) => {
      sharedCacheHeaders(reply);
      // Until staff save them (fresh database without demo content), empty fields: the page leaves them out.
      return { data: (await repo.find()) ?? EMPTY_LEGAL_SETTINGS };
    },
  );

  app.put(
    '/api/legal',
    {
      onRequest: [noStore, app.requireAdmin], config: { access: access.admin },
      schema: {
        tags,
        security: [{ bearerAuth: [] }],
        body: legalSettingsInputSchema,
        response: { 200: dataOne(legalSettingsSchema), 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => {
      const now = clock.now().toISOString();
      // The details as they were before the first save with a history get a revision of their own, so
      // that the history can always give back what visitors saw before a change.
      const before = await repo.find();
      if (before && (await revisionsRepository.list(db, 'legal', 1)).length === 0) {
        await revisionsRepository.insert(db, { at: now, userEmail: null, entity: 'legal', entityId: 1, action: 'create', snapshot: before });
      }
      await repo.save(request.body, now);
      return { data: (await repo.find())! };
    },
  );
}
