import { z } from 'zod';
import {
  checkInSchema,
  dataList,
  dataOne,
  errorResponseSchema,
  idParamSchema,
  performanceIdQuerySchema,
  reservationPerformanceSchema,
  reservationSchema,
  staffReservationInputSchema,
} from '@bande/shared';
import type { App, AppDeps } from '../../deps.ts';
import { noStore } from '../../lib/cache-headers.ts';
import { staffReservationsService, reservationsCsv } from './staff.service.ts';

const tags = ['reservations'];
const security = [{ bearerAuth: [] }];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };

/** The backoffice « Réservations » tab and the door screen (admin token); every write goes to the activity log. */
export async function reservationsStaffRoutes(app: App, deps: AppDeps): Promise<void> {
  const service = staffReservationsService(deps);
  const adminOnly = [noStore, app.requireAdmin];

  app.get(
    '/api/reservations/performances',
    { onRequest: adminOnly, schema: { tags, security, summary: 'Représentations à venir qui prennent des réservations (et celles commencées depuis moins de 12 h), avec leurs comptes', response: { 200: dataList(reservationPerformanceSchema), ...errors } } },
    async () => ({ data: await service.performances() }),
  );

  app.get(
    '/api/reservations',
    { onRequest: adminOnly, schema: { tags, security, summary: 'Réservations d’une représentation', querystring: performanceIdQuerySchema, response: { 200: dataList(reservationSchema), ...errors } } },
    async (request) => ({ data: await service.list(request.query.performanceId) }),
  );

  app.get(
    '/api/reservations.csv',
    { onRequest: adminOnly, schema: { tags, security, summary: 'Réservations d’une représentation, en CSV pour un tableur français', querystring: performanceIdQuerySchema, response: { 200: z.string(), ...errors } } },
    async (request, reply) => {
      const { performanceId } = request.query;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="reservations-${performanceId}.csv"`)
        .send(reservationsCsv(await service.list(performanceId)));
    },
  );

  app.post(
    '/api/performances/:id/reservations',
    { onRequest: adminOnly, schema: { tags, security, summary: 'Réservation prise par téléphone (confirmée aussitôt)', params: idParamSchema, body: staffReservationInputSchema, response: { 201: dataOne(reservationSchema), ...errors } } },
    async (request, reply) => reply.status(201).send({ data: await service.create(request.params.id, request.body) }),
  );

  app.put(
    '/api/reservations/:id',
    { onRequest: adminOnly, schema: { tags, security, summary: 'Pointer (ou dépointer) une entrée ; rejouable', params: idParamSchema, body: checkInSchema, response: { 200: dataOne(reservationSchema), ...errors } } },
    async (request) => ({ data: await service.checkIn(request.params.id, request.body.checkedIn) }),
  );

  app.post(
    '/api/reservations/:id/cancel',
    { onRequest: adminOnly, schema: { tags, security, summary: 'Annuler une réservation (les places vont à la liste d’attente)', params: idParamSchema, response: { 200: dataOne(reservationSchema), ...errors } } },
    async (request) => ({ data: await service.cancel(request.params.id) }),
  );

  app.delete(
    '/api/reservations/:id',
    { onRequest: adminOnly, schema: { tags, security, summary: 'Supprimer une réservation', params: idParamSchema, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await service.remove(request.params.id);
      return reply.status(204).send(null);
    },
  );
}
