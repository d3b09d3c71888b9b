import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  dataList,
  errorResponseSchema,
  idParamSchema,
  isHoneypotFilled,
  messageResponseSchema,
  newsletterInputSchema,
  newsletterSubscriberSchema,
  newsletterTexts,
  newsletterTokenInputSchema,
  texts,
} from '@bande/shared';
import type { App, AppDeps } from '../../deps.ts';
import { noStore } from '../../lib/cache-headers.ts';
import { notFound } from '../../lib/http-error.ts';
import { publicFormRateLimit } from '../contact/public-form-rate-limit.ts';
import { newsletterRepository } from './newsletter.repository.ts';
import { confirm, subscribe, subscribersCsv, unsubscribe } from './newsletter.service.ts';
import { access } from '../../plugins/access-control.ts';

const tags = ['newsletter'];
const security = [{ bearerAuth: [] }];
const publicErrors = { 400: errorResponseSchema, 404: errorResponseSchema, 429: errorResponseSchema };
const adminErrors = { 401: errorResponseSchema, 404: errorResponseSchema };

export async function newsletterRoutes(app: App, { db, clock, mailer, config }: AppDeps): Promise<void> {
  const adminOnly = [noStore, app.requireAdmin];

  app.post(
    '/api/newsletter/subscribe',
    {
      config: { ...publicFormRateLimit(), access: access.public },
      schema: {
        tags,
        summary: "Inscription à la newsletter : un lien de confirmation est envoyé (même réponse que l'adresse soit connue ou non)",
        body: newsletterInputSchema,
        response: { 200: messageResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request) => {
      // A robot that filled the hidden field gets the same answer, and nothing is stored or mailed.
      if (!isHoneypotFilled(request.body)) {
        await subscribe({ db, mailer, siteUrl: config.siteUrl }, request.body.email.toLowerCase(), clock.now().toISOString());
      }
      return { message: texts.success.newsletterSubscribed };
    },
  );

  app.post(
    '/api/newsletter/confirm',
    { config: { ...publicFormRateLimit(), access: access.public }, schema: { tags, summary: 'Confirmation (lien du mail) ; le premier clic envoie le mail de bienvenue (« Textes du site »)', body: newsletterTokenInputSchema, response: { 200: messageResponseSchema, ...publicErrors } } },
    async (request) => {
      if (!(await confirm({ db, mailer }, request.body.token, clock.now(), config.retentionDays))) throw notFound(newsletterTexts.confirmInvalid);
      return { message: newsletterTexts.confirmed };
    },
  );

  app.post(
    '/api/newsletter/unsubscribe',
    { config: { ...publicFormRateLimit(), access: access.public }, schema: { tags, summary: 'Désinscription (lien des mails) : l’adresse est effacée', body: newsletterTokenInputSchema, response: { 200: messageResponseSchema, ...publicErrors } } },
    async (request) => {
      if (!(await unsubscribe(db, request.body.token, clock.now()))) throw notFound(newsletterTexts.unsubscribeInvalid);
      return { message: newsletterTexts.unsubscribed };
    },
  );

  // RFC 8058 one-click unsubscribe: a mail client POSTs `List-Unsubscribe=One-Click` (form-encoded or
  // multipart) to the address of List-Unsubscribe, the unsubscribe page itself. The token of the address
  // is the credential; the body says nothing more, so it is read as a short text and not parsed.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => done(null, body));
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/newsletter/desinscription',
      { config: { ...publicFormRateLimit(), access: access.public }, schema: { hide: true, querystring: newsletterTokenInputSchema, response: { 200: messageResponseSchema, ...publicErrors } } },
      async (request) => {
        if (!(await unsubscribe(db, request.query.token, clock.now()))) throw notFound(newsletterTexts.unsubscribeInvalid);
        return { message: newsletterTexts.unsubscribed };
      },
    );
  });

  app.get(
    '/api/newsletter/subscribers',
    { onRequest: adminOnly, config: { access: access.secretary }, schema: { tags, security, summary: 'Abonnés (confirmés et en attente)', response: { 200: dataList(newsletterSubscriberSchema), ...adminErrors } } },
    async () => ({ data: await newsletterRepository.listSubscribers(db) }),
  );

  app.get(
    '/api/newsletter/subscribers.csv',
    { onRequest: adminOnly, config: { access: access.secretary }, schema: { tags, security, summary: 'Abonnés confirmés, en CSV pour un tableur français', response: { 200: z.string(), ...adminErrors } } },
    async (_request, reply) => {
      const csv = subscribersCsv(await newsletterRepository.listSubscribers(db, { confirmedOnly: true }));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="abonnes-newsletter.csv"')
        .send(csv);
    },
  );

  app.delete(
    '/api/newsletter/subscribers/:id',
    { onRequest: adminOnly, config: { access: access.secretary }, schema: { tags, security, params: idParamSchema, response: { 204: z.null(), 400: errorResponseSchema, ...adminErrors } } },
    async (request, reply) => {
      if (!(await newsletterRepository.deleteById(db, request.params.id))) throw notFound(newsletterTexts.subscriberNotFound);
      return reply.status(204).send(null);
    },
  );
}
