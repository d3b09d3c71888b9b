import { z } from 'zod';
import { dataListWithImages, dataOne, errorResponseSchema, idParamSchema, partnerInputSchema, partnerSchema, publishedQuerySchema } from '@bande/shared';
import type { App, AppDeps } from '../../deps.ts';
import { publishedOrAdmin } from '../../plugins/auth-guard.ts';
import { noStore, sharedCacheHeaders } from '../../lib/cache-headers.ts';
import { notFound } from '../../lib/http-error.ts';
import { imagesRepository } from '../images/images.repository.ts';
import { releaseUploads } from '../images/release-uploads.ts';
import { partnersRepository } from './partners.repository.ts';
import { scheduleAfterManual, scheduleOnUpdate, withoutSchedule } from '../scheduling/schedule-columns.ts';
import { access } from '../../plugins/access-control.ts';

const NOT_FOUND = 'Partenaire introuvable';
const tags = ['partners'];
const security = [{ bearerAuth: [] }];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };
const onePartner = { 200: dataOne(partnerSchema), ...errors };


export async function partnersRoutes(app: App, { db, clock, storage }: AppDeps): Promise<void> {
  const repo = partnersRepository(db);
  const images = imagesRepository(db);
  const now = () => clock.now().toISOString();
  const adminOnly = [noStore, app.requireAdmin];
  const found = <T>(partner: T | undefined): { data: T } => {
    if (!partner) throw notFound(NOT_FOUND);
    return { data: partner };
  };

  const listGuard = publishedOrAdmin(app);

  app.get(
    '/api/partners',
    {
      config: { answerCache: true, access: access.editorOrPublished },
      onRequest: listGuard,
      schema: {
        tags,
        description: 'published=true : partenaires publiés, sans jeton. Sinon (admin) : tous, ou les brouillons avec published=false.',
        security: [{}, ...security],
        querystring: publishedQuerySchema,
        response: { 200: dataListWithImages(partnerSchema), ...errors },
      },
    },
    async (request, reply) => {
      const data = await repo.list(request.query.published);
      // The backoffice's list too: its thumbnails take the smallest variant rather than the original.
      if (request.query.published !== true) return { data, images: await images.imageMap(data.map((partner) => partner.logo)) };
      sharedCacheHeaders(reply);
      return { data: data.map(withoutSchedule), images: await images.imageMap(data.map((partner) => partner.logo)) };
    },
  );

  app.get('/api/partners/:id', { onRequest: adminOnly, config: { access: access.editor }, schema: { tags, security, params: idParamSchema, response: onePartner } }, async (request) =>
    found(await repo.findById(request.params.id)),
  );

  app.post(
    '/api/partners',
    { onRequest: adminOnly, config: { access: access.editor }, schema: { tags, security, body: partnerInputSchema, response: { 201: dataOne(partnerSchema), ...errors } } },
    async (request, reply) => {
      // `published` in the body is ignored here: a new partner is always a draft (spec section 4).
      const { published: _ignored, ...values } = request.body;
      return reply.status(201).send({ data: await repo.insertDraft(values, now()) });
    },
  );

  app.put(
    '/api/partners/:id',
    { onRequest: adminOnly, config: { access: access.editor }, schema: { tags, security, params: idParamSchema, body: partnerInputSchema, response: onePartner } },
    async (request) => {
      const before = await repo.findById(request.params.id);
      const { publishAt: _publishAt, unpublishAt: _unpublishAt, ...fields } = request.body;
      const schedule = before ? scheduleOnUpdate(request.body, before) : {};
      const partner = found(await repo.update(request.params.id, { ...fields, ...schedule }, now()));
      // A replaced logo (and its variants) leaves storage when nothing else uses it.
      await releaseUploads({ db, storage }, [before?.logo]);
      return partner;
    },
  );

  for (const [action, published] of [['publish', true], ['unpublish', false]] as const) {
    // The admin UI publishes partners with PUT (spec section 7); POST works too, like the other resources.
    app.route({
      method: ['PUT', 'POST'],
      url: `/api/partners/:id/${action}`,
      onRequest: adminOnly, config: { access: access.editor },
      schema: { tags, security, params: idParamSchema, response: onePartner },
      handler: async (request) => found(await repo.update(request.params.id, { published, ...scheduleAfterManual(published) }, now())),
    });
  }

  app.delete(
    '/api/partners/:id',
    { onRequest: adminOnly, config: { access: access.editor }, schema: { tags, security, params: idParamSchema, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      const logo = (await repo.findById(request.params.id))?.logo;
      if (!(await repo.delete(request.params.id))) throw notFound(NOT_FOUND);
      await releaseUploads({ db, storage }, [logo]);
      return reply.status(204).send(null);
    },
  );
}
