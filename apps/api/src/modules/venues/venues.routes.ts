import { z } from 'zod';
import { dataOne, errorResponseSchema, idParamSchema, venueInputSchema, venueNotFound, venueSchema } from '@bande/shared';
import type { App, AppDeps } from '../../deps.ts';
import { noStore, sharedCacheHeaders } from '../../lib/cache-headers.ts';
import { notFound } from '../../lib/http-error.ts';
import { venuesRepository } from './venues.repository.ts';
import { access } from '../../plugins/access-control.ts';

const tags = ['venues'];
const security = [{ bearerAuth: [] }];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };
const oneVenue = { 200: dataOne(venueSchema), ...errors };

/**
 * Venues feed the address autocomplete of the show form. Performances copy a venue's name and address
 * as text, so deleting or renaming a venue never changes a show (docs/decisions/002).
 */
export async function venuesRoutes(app: App, { db, clock }: AppDeps): Promise<void> {
  const repo = venuesRepository(db);
  const adminOnly = [noStore, app.requireAdmin];
  const found = <T>(venue: T | undefined): T => {
    if (!venue) throw notFound(venueNotFound);
    return venue;
  };

  // The spec's one list answered as a plain array rather than { data }.
  app.get('/api/venues', { config: { access: access.public }, schema: { tags, response: { 200: z.array(venueSchema) } } }, async (_request, reply) => {
    sharedCacheHeaders(reply);
    return repo.list();
  });

  app.get('/api/venues/:id', { config: { access: access.public }, schema: { tags, params: idParamSchema, response: oneVenue } }, async (request, reply) => {
    const venue = found(await repo.findById(request.params.id));
    sharedCacheHeaders(reply);
    return { data: venue };
  });

  app.post(
    '/api/venues',
    { onRequest: adminOnly, config: { access: access.editor }, schema: { tags, security, body: venueInputSchema, response: { 201: dataOne(venueSchema), ...errors } } },
    async (request, reply) => reply.status(201).send({ data: await repo.insert(request.body, clock.now().toISOString()) }),
  );

  app.put(
    '/api/venues/:id',
    { onRequest: adminOnly, config: { access: access.editor }, schema: { tags, security, params: idParamSchema, body: venueInputSchema, response: oneVenue } },
    async (request) => ({ data: found(await repo.update(request.params.id, request.body, clock.now().toISOString())) }),
  );

  app.delete(
    '/api/venues/:id',
    { onRequest: adminOnly, config: { access: access.editor }, schema: { tags, security, params: idParamSchema, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      if (!(await repo.delete(request.params.id))) throw notFound(venueNotFound);
      return reply.status(204).send(null);
    },
  );
}
