import { dataOne, errorResponseSchema, idParamSchema, thanksInputSchema, thanksStateSchema } from '@bande/shared';
import type { App, AppDeps } from '../../deps.ts';
import { noStore } from '../../lib/cache-headers.ts';
import { access } from '../../plugins/access-control.ts';
import { sendThanks, thanksState } from './thanks.service.ts';

const tags = ['reservations'];
const security = [{ bearerAuth: [] }];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };

/** « Remercier les spectateurs » in the « Réservations » tab: administrators and secretaries only. */
export async function thanksRoutes(app: App, { db, clock, config }: AppDeps): Promise<void> {
  const staff = { onRequest: [noStore, app.requireAdmin], config: { access: access.secretary } };

  app.get(
    '/api/performances/:id/thanks',
    { ...staff, schema: { tags, security, summary: 'Le remerciement des spectateurs d’une représentation : destinataires, texte proposé, envoi fait', params: idParamSchema, response: { 200: dataOne(thanksStateSchema), ...errors } } },
    async (request) => ({ data: await thanksState(db, request.params.id, clock.now()) }),
  );

  app.post(
    '/api/performances/:id/thanks',
    {
      ...staff,
      schema: {
        tags,
        security,
        summary: 'Remercier les spectateurs venus (pointés à l’entrée, avec une adresse), une fois par représentation',
        description:
          'Envoyé par l’expéditeur des lettres (même rythme NEWSLETTER_RATE_PER_MINUTE, une fois exactement sur plusieurs serveurs), sans suivi ni lien de désinscription. Refusé (409) avant le début de la représentation, quand un remerciement a déjà été écrit pour elle, ou quand personne n’est à remercier.',
        params: idParamSchema,
        body: thanksInputSchema,
        response: { 201: dataOne(thanksStateSchema), ...errors },
      },
    },
    async (request, reply) => reply.status(201).send({ data: await sendThanks(db, config.siteUrl, request.params.id, request.body, clock.now()) }),
  );
}
