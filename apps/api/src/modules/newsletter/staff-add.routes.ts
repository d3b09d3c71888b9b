import { errorResponseSchema, importReportSchema, messageResponseSchema, subscriberAddInputSchema, subscriberImportInputSchema, subscriberImportTexts } from '@bande/shared';
import type { App, AppDeps } from '../../deps.ts';
import { noStore } from '../../lib/cache-headers.ts';
import { conflict } from '../../lib/http-error.ts';
import { access } from '../../plugins/access-control.ts';
import { addPending, classify, readCsv, report } from './staff-add.ts';

const tags = ['newsletter'];
const security = [{ bearerAuth: [] }];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

/**
 * The staff's ways to add subscribers (administrators and secretaries): one address, or a CSV file seen
 * first (preview: nothing written) then imported. Every address added is pending and receives the
 * confirmation mail; it counts once its owner confirmed.
 */
export async function staffAddRoutes(app: App, { db, clock, mailer, config }: AppDeps): Promise<void> {
  const onRequest = [noStore, app.requireAdmin];
  const mailDeps = { db, mailer, siteUrl: config.siteUrl };

  app.post(
    '/api/newsletter/subscribers',
    {
      onRequest,
      config: { access: access.secretary },
      schema: {
        tags,
        security,
        summary: 'Ajoute une adresse en attente et lui envoie le mail de confirmation (refusée si déjà inscrite, refusée par son serveur, ou partie)',
        body: subscriberAddInputSchema,
        response: { 201: messageResponseSchema, 409: errorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const [line] = await classify(db, [{ line: 1, email: request.body.email }]);
      if (line!.outcome !== 'new') throw conflict(subscriberImportTexts.byHand[line!.outcome as keyof typeof subscriberImportTexts.byHand]);
      const [added] = await addPending(mailDeps, [line!], clock.now().toISOString());
      if (added!.outcome !== 'added') throw conflict(subscriberImportTexts.byHand.pending);
      return reply.status(201).send({ message: subscriberImportTexts.added(added!.email) });
    },
  );

  app.post(
    '/api/newsletter/subscribers/import/preview',
    {
      onRequest,
      config: { access: access.secretary },
      schema: { tags, security, summary: 'Aperçu d’un import CSV : ce que devient chaque ligne, sans rien écrire', body: subscriberImportInputSchema, response: { 200: importReportSchema, ...errors } },
    },
    async (request) => report(await classify(db, await readCsv(request.body.csv)), false),
  );

  app.post(
    '/api/newsletter/subscribers/import',
    {
      onRequest,
      config: { access: access.secretary },
      schema: {
        tags,
        security,
        summary: 'Import CSV : ajoute les adresses nouvelles en attente, chacune reçoit le mail de confirmation (par la file des mails)',
        body: subscriberImportInputSchema,
        response: { 200: importReportSchema, ...errors },
      },
    },
    async (request) => report(await addPending(mailDeps, await classify(db, await readCsv(request.body.csv)), clock.now().toISOString()), true),
  );
}
