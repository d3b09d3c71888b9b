import { cardConfigInputSchema, cardConfigSchema, DEFAULT_CARD_CONFIG, dataOne, errorResponseSchema } from '@bande/shared';
import type { App, AppDeps } from '../../deps.ts';
import { noStore, sharedCacheHeaders } from '../../lib/cache-headers.ts';
import { cardConfigRepository } from './card-config.repository.ts';
import { access } from '../../plugins/access-control.ts';

const tags = ['card-config'];

/** The subscriber-card section of the home page and its request modal (one configuration for the site). */
export async function cardConfigRoutes(app: App, { db, clock }: AppDeps): Promise<void> {
  const repo = cardConfigRepository(db);

  app.get(
    '/api/card-config',
    { config: { answerCache: true, access: access.public }, schema: { tags, description: 'Configuration de la carte d’abonné (lue aussi par le site public).', response: { 200: dataOne(cardConfigSchema) } } },
    async (_request, reply) => {
      sharedCacheHeaders(reply);
      // Until staff save a configuration (fresh database without demo content), answer disabled
      // defaults rather than writing on a read.
      return { data: (await repo.find()) ?? DEFAULT_CARD_CONFIG };
    },
  );

  app.put(
    '/api/card-config',
    {
      onRequest: [noStore, app.requireAdmin], config: { access: access.editor },
      schema: {
        tags,
        security: [{ bearerAuth: [] }],
        body: cardConfigInputSchema,
        response: { 200: dataOne(cardConfigSchema), 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => {
      await repo.save(request.body, clock.now().toISOString());
      return { data: (await repo.find())! };
    },
  );
}
