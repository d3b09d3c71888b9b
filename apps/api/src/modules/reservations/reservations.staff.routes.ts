import { z } from 'zod';
import {
  checkInResultSchema,
  checkInSchema,
  dataList,
  dataOne,
  errorResponseSchema,
  idParamSchema,
  performanceIdQuerySchema,
  reservationPerformanceSchema,
  reservationSchema,
  staffReservationInputSchema,
  walkInInputSchema,
} from '@bande/shared';
import type { App, AppDeps } from '../../deps.ts';
import { noStore } from '../../lib/cache-headers.ts';
import { staffReservationsService } from './staff.service.ts';
import { access } from '../../plugins/access-control.ts';

const tags = ['reservations'];
const security = [{ bearerAuth: [] }];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };

/** The backoffice « Réservations » tab and the door screen (admin token); every write goes to the activity log. */
export async function reservationsStaffRoutes(app: App, deps: AppDeps): Promise<void> {
  const service = staffReservationsService(deps);
  const adminOnly = [noStore, app.requireAdmin];

  app.get(
    '/api/reservations/performances',
    { onRequest: adminOnly, config: { access: access.secretary }, schema: { tags, security, summary: 'Représentations à venir qui prennent des réservations (et celles commencées depuis moins de 12 h), avec leurs comptes', response: { 200: dataList(reservationPerformanceSchema), ...errors } } },
    async () => ({ data: await service.performances() }),
  );

  app.get(
    '/api/reservations/past-performances',
    { onRequest: adminOnly, config: { access: access.secretary }, schema: { tags, security, summary: 'Représentations commencées depuis plus de 12 h, sur les 60 derniers jours, la plus récente d’abord, avec leurs comptes (pour lire qui est venu et remercier les spectateurs)', response: { 200: dataList(reservationPerformanceSchema), ...errors } } },
    async () => ({ data: await service.performances('past') }),
  );

  app.get(
    '/api/reservations',
    { onRequest: adminOnly, config: { access: access.secretary }, schema: { tags, security, summary: 'Réservations d’une représentation', querystring: performanceIdQuerySchema, response: { 200: dataList(reservationSchema), ...errors } } },
    async (request) => ({ data: await service.list(request.query.performanceId) }),
  );

  app.get(
    '/api/reservations.csv',
    { onRequest: adminOnly, config: { access: access.secretary }, schema: { tags, security, summary: 'Réservations d’une représentation, en CSV pour un tableur français', querystring: performanceIdQuerySchema, response: { 200: z.string(), ...errors } } },
    async (request, reply) => {
      const { performanceId } = request.query;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="reservations-${performanceId}.csv"`)
        .send(await service.csv(performanceId));
    },
  );

  app.post(
    '/api/performances/:id/reservations',
    { onRequest: adminOnly, config: { access: access.secretary }, schema: { tags, security, summary: 'Réservation prise par téléphone (confirmée aussitôt)', params: idParamSchema, body: staffReservationInputSchema, response: { 201: dataOne(reservationSchema), ...errors } } },
    async (request, reply) => reply.status(201).send({ data: await service.create(request.params.id, request.body) }),
  );

  app.put(
    '/api/reservations/:id',
    {
      onRequest: adminOnly,
      config: { access: access.secretary },
      schema: {
        tags,
        security,
        summary: 'Pointer (ou dépointer) une entrée ; rejouable',
        description:
          'Le téléphone envoie l’heure du pointage (`tappedAt`, au plus 2 minutes dans le futur, pas avant le jour de la représentation, heure de Paris : sinon 400), le nombre de personnes arrivées (`seats`, toutes par défaut) et son identifiant (`deviceId`). Le premier pointage garde son heure ; si un autre appareil avait déjà pointé ce groupe, la réponse le dit (`otherDevice.checkedInAt`).',
        params: idParamSchema,
        body: checkInSchema,
        response: { 200: checkInResultSchema, ...errors },
      },
    },
    async (request) => service.checkIn(request.params.id, request.body),
  );

  app.post(
    '/api/performances/:id/walk-ins',
    {
      onRequest: adminOnly,
      config: { access: access.secretary },
      schema: {
        tags,
        security,
        summary: 'Entrée sans réservation (« Ajouter à l’entrée »), pointée aussitôt ; rejouable',
        description:
          'Enregistrée même au-delà de la jauge (les personnes sont dans la salle), alors marquée `beyondCapacity`. Le `nonce` tiré par le téléphone rend l’appel rejouable : le même nonce renvoie l’entrée déjà enregistrée (200) au lieu d’en créer une autre (201).',
        params: idParamSchema,
        body: walkInInputSchema,
        response: { 200: dataOne(reservationSchema), 201: dataOne(reservationSchema), ...errors },
      },
    },
    async (request, reply) => {
      const { reservation, created } = await service.walkIn(request.params.id, request.body);
      return reply.status(created ? 201 : 200).send({ data: reservation });
    },
  );

  app.post(
    '/api/reservations/:id/cancel',
    { onRequest: adminOnly, config: { access: access.secretary }, schema: { tags, security, summary: 'Annuler une réservation (les places vont à la liste d’attente)', params: idParamSchema, response: { 200: dataOne(reservationSchema), ...errors } } },
    async (request) => ({ data: await service.cancel(request.params.id) }),
  );

  app.delete(
    '/api/reservations/:id',
    { onRequest: adminOnly, config: { access: access.secretary }, schema: { tags, security, summary: 'Supprimer une réservation', params: idParamSchema, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await service.remove(request.params.id);
      return reply.status(204).send(null);
    },
  );
}
