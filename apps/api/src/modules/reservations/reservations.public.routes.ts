import { z } from 'zod';
import {
  availabilitySchema,
  cancelledSchema,
  dataOne,
  errorResponseSchema,
  idParamSchema,
  isHoneypotFilled,
  reservationActionSchema,
  reservationCreatedSchema,
  reservationRequestSchema,
  reservationSummarySchema,
  reservationTexts,
  reservationTokenSchema,
} from '@bande/shared';
import type { App, AppDeps } from '../../deps.ts';
import { NO_STORE } from '../../lib/cache-headers.ts';
import { minutes } from '../../lib/clock.ts';
import { countBookingAttempt, limitSayingWhen } from './booking-limits.ts';
import { reservationsService } from './reservations.service.ts';
import { access } from '../../plugins/access-control.ts';

const tags = ['reservations'];
const errors = { 400: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema, 429: errorResponseSchema };
/** The mailed links' actions: a visitor clicks a few times; a script guessing tokens gets nowhere (256 bits) and is slowed. */
const tokenRateLimit = () => limitSayingWhen(30, minutes(15));
/** Availability is fresh on every server (no shared answer cache) and kept at most 5 seconds by browsers and proxies. */
export const AVAILABILITY_CACHE = 'public, max-age=5';

/** The visitors' reservation routes (issue 23): no token; limits, honeypot and French errors like the contact forms. */
export async function reservationsPublicRoutes(app: App, deps: AppDeps): Promise<void> {
  const service = reservationsService(deps);

  app.get(
    '/api/performances/:id/availability',
    { config: { access: access.public }, schema: { tags, summary: 'Places restantes d’une représentation', params: idParamSchema, response: { 200: dataOne(availabilitySchema), ...errors } } },
    async (request, reply) => {
      const data = await service.availability(request.params.id);
      reply.header('cache-control', AVAILABILITY_CACHE);
      return { data };
    },
  );

  app.post(
    '/api/reservations',
    {
      config: { access: access.public },
      preValidation: (request, reply) => countBookingAttempt(deps, request, reply),
      schema: {
        tags,
        summary: 'Réserver des places (ou rejoindre la liste d’attente)',
        description:
          'Limité par adresse du client (100 en 15 min) et par adresse e-mail (5 en 15 min) ; le 429 dit quand réessayer (Retry-After). Une adresse qui a déjà une réservation reçoit à nouveau ses liens, et la réponse est celle d’une nouvelle réservation.',
        body: reservationRequestSchema,
        response: { 201: reservationCreatedSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', NO_STORE);
      const { website, ...input } = request.body;
      // A robot that filled the hidden field gets the usual answer; nothing is stored or mailed.
      if (isHoneypotFilled({ website })) return reply.status(201).send({ message: reservationTexts.pendingMessage, status: 'pending' });
      const { status } = await service.create(input);
      return reply.status(201).send({ message: status === 'pending' ? reservationTexts.pendingMessage : reservationTexts.waitingMessage, status });
    },
  );

  // The mailed token (stored hashed) is the credential of these routes.
  const tokenRoute = { config: { ...tokenRateLimit(), access: access.public }, onRequest: async (_request: unknown, reply: { header(name: string, value: string): unknown }) => void reply.header('cache-control', NO_STORE) };

  app.post(
    '/api/reservations/confirm',
    { ...tokenRoute, schema: { tags, summary: 'Confirmer une réservation (lien du mail)', body: reservationTokenSchema, response: { 200: dataOne(reservationActionSchema), ...errors } } },
    async (request) => ({ data: await service.confirm(request.body.token) }),
  );

  app.post(
    '/api/reservations/claim',
    { ...tokenRoute, schema: { tags, summary: 'Prendre les places proposées à la liste d’attente', body: reservationTokenSchema, response: { 200: dataOne(reservationActionSchema), ...errors } } },
    async (request) => ({ data: await service.claim(request.body.token) }),
  );

  app.post(
    '/api/reservations/cancel',
    { ...tokenRoute, schema: { tags, summary: 'Annuler une réservation ou quitter la liste d’attente', body: reservationTokenSchema, response: { 200: dataOne(cancelledSchema), ...errors } } },
    async (request) => ({ data: await service.cancel(request.body.token) }),
  );

  app.get(
    '/api/reservations/lookup',
    {
      config: { ...limitSayingWhen(60, minutes(15)), access: access.public },
      onRequest: tokenRoute.onRequest,
      schema: { tags, summary: 'Ce dont parle un lien de réservation', querystring: z.object({ token: reservationTokenSchema.shape.token }), response: { 200: dataOne(reservationSummarySchema), ...errors } },
    },
    async (request) => ({ data: await service.lookup(request.query.token) }),
  );
}
