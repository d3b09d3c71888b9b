import path from 'node:path';
import { z } from 'zod';
import {
  campaignAnnouncementSchema,
  campaignArchiveItemSchema,
  campaignArchivePageSchema,
  campaignDetailSchema,
  campaignInputSchema,
  campaignRenderSchema,
  campaignSchema,
  campaignSendInputSchema,
  campaignTestInputSchema,
  campaignTexts,
  type CampaignStatusValue,
  dataList,
  dataOne,
  errorResponseSchema,
  idParamSchema,
  messageResponseSchema,
} from '@bande/shared';
import type { App, AppDeps } from '../../deps.ts';
import { noStore, sharedCacheHeaders } from '../../lib/cache-headers.ts';
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-error.ts';
import { access } from '../../plugins/access-control.ts';
import { createMailer } from '../../plugins/mailer.ts';
import { newsletterHeaders } from '../newsletter/newsletter.service.ts';
import { mayReceiveTest } from '../newsletter/subscribers.ts';
import { LetterRenderError, letterProblem, personalize } from './campaign-mail.ts';
import { showAnnouncement } from './show-announcement.ts';
import { failureDetail, failureText, replyCode } from './smtp-failure.ts';
import {
  archiveList,
  archivePage,
  countEligible,
  countRetryable,
  failuresOf,
  findCampaign,
  listCampaigns,
  renderFor,
  retryFailed,
  startDueCampaigns,
  transition,
} from './campaigns.service.ts';

const tags = ['campaigns'];
const security = [{ bearerAuth: [] }];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };
const slugParamSchema = z.object({ slug: z.string().trim().min(1).max(200) });
const EDITABLE = ['draft', 'scheduled', 'cancelled', 'failed'] as const;

/** Newsletter campaigns (issue 24): the secretary's routes, and the public archive of the sent ones. */
export async function campaignsRoutes(app: App, { db, clock, config }: AppDeps): Promise<void> {
  const staff = { onRequest: [noStore, app.requireAdmin], config: { access: access.secretary } };
  // The test copy goes straight to the mail server (not the queue), so that the answer says whether it left.
  const transport = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox'), log: app.log });
  app.addHook('onClose', async () => transport.close());

  const found = async (id: number) => (await findCampaign(db, id)) ?? Promise.reject(notFound(campaignTexts.notFound));
  /** What a letter may not carry, refused in French when it is saved and when it is sent (issue 33). */
  const checkLetter = async (body: string) => {
    const problem = await letterProblem(body, config.siteUrl);
    if (problem) throw badRequest(problem, { fields: { body: problem } });
  };
  /** The letter rendered now; one that cannot be is the writer's French 400, not a 500. */
  const rendered = async (content: Parameters<typeof renderFor>[3]) => {
    try {
      return await renderFor(db, config.siteUrl, clock.now(), content);
    } catch (err) {
      if (err instanceof LetterRenderError) throw badRequest(err.message, { fields: { body: err.message } });
      throw err;
    }
  };

  app.get('/api/campaigns', { ...staff, schema: { tags, security, summary: 'Lettres de la newsletter', response: { 200: dataList(campaignSchema), ...errors } } }, async () => ({ data: await listCampaigns(db) }));

  app.get(
    '/api/campaigns/recipients-count',
    { ...staff, schema: { tags, security, summary: 'Abonnés qui recevraient une lettre envoyée maintenant', response: { 200: z.object({ count: z.number() }), ...errors } } },
    async () => ({ count: await countEligible(db) }),
  );

  app.post(
    '/api/campaigns/preview',
    { ...staff, schema: { tags, security, summary: 'La lettre telle qu’elle partirait (HTML et texte)', body: campaignInputSchema, response: { 200: campaignRenderSchema, ...errors } } },
    async (request) => {
      const letter = await rendered(request.body);
      return personalize({ html: letter.html, text: letter.text }, `${config.siteUrl}/newsletter/desinscription`);
    },
  );

  app.get(
    '/api/campaigns/announce/:id',
    {
      ...staff,
      schema: {
        tags,
        security,
        summary: 'Objet et texte d’une nouvelle lettre qui annonce ce spectacle publié (photo, accroche, représentations à venir et liens de réservation) ; rien n’est enregistré',
        params: idParamSchema,
        response: { 200: dataOne(campaignAnnouncementSchema), ...errors },
      },
    },
    async (request) => {
      const announcement = await showAnnouncement(db, config.siteUrl, clock.now(), request.params.id);
      if (!announcement) throw notFound(campaignTexts.announceShowNotFound);
      return { data: announcement };
    },
  );

  app.post('/api/campaigns', { ...staff, schema: { tags, security, body: campaignInputSchema, response: { 201: dataOne(campaignSchema), ...errors } } }, async (request, reply) => {
    await checkLetter(request.body.body);
    const now = clock.now().toISOString();
    const row = await db
      .insertInto('campaigns')
      .values({ subject: request.body.subject, body: request.body.body, includeUpcoming: request.body.includeUpcoming ? 1 : 0, status: 'draft', createdAt: now, updatedAt: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    return reply.status(201).send({ data: await found(row.id) });
  });

  app.get('/api/campaigns/:id', { ...staff, schema: { tags, security, params: idParamSchema, response: { 200: dataOne(campaignDetailSchema), ...errors } } }, async (request) => {
    const campaign = await found(request.params.id);
    return { data: { ...campaign, failures: await failuresOf(db, campaign.id), retryable: await countRetryable(db, campaign.id) } };
  });

  app.put('/api/campaigns/:id', { ...staff, schema: { tags, security, params: idParamSchema, body: campaignInputSchema, response: { 200: dataOne(campaignSchema), ...errors } } }, async (request) => {
    await found(request.params.id);
    await checkLetter(request.body.body);
    const result = await db
      .updateTable('campaigns')
      .set({ subject: request.body.subject, body: request.body.body, includeUpcoming: request.body.includeUpcoming ? 1 : 0, failureReason: null, updatedAt: clock.now().toISOString() })
      .where('id', '=', request.params.id)
      .where('status', 'in', EDITABLE)
      .executeTakeFirst();
    if (!Number(result.numUpdatedRows)) throw conflict(campaignTexts.notEditable);
    return { data: await found(request.params.id) };
  });

  app.delete('/api/campaigns/:id', { ...staff, schema: { tags, security, summary: 'Supprime une lettre pas encore partie (brouillon, programmée ou annulée)', params: idParamSchema, response: { 204: z.null(), ...errors } } }, async (request, reply) => {
    await found(request.params.id);
    const result = await db.deleteFrom('campaigns').where('id', '=', request.params.id).where('status', 'in', EDITABLE).executeTakeFirst();
    if (!Number(result.numDeletedRows)) throw conflict(campaignTexts.notEditable);
    return reply.status(204).send(null);
  });

  app.post(
    '/api/campaigns/:id/test',
    { ...staff, schema: { tags, security, summary: 'Un exemplaire à cette adresse seulement', params: idParamSchema, body: campaignTestInputSchema, response: { 200: messageResponseSchema, 502: errorResponseSchema, ...errors } } },
    async (request) => {
      const campaign = await found(request.params.id);
      // The same rule as every send: an address the list knows and would not write to gets no test either.
      if (!(await mayReceiveTest(db, request.body.email))) throw badRequest(campaignTexts.testRefusedAddress, { fields: { email: campaignTexts.testRefusedAddress } });
      const letter = await rendered(campaign);
      // The test's link unsubscribes nobody: a copy for the writer, not a subscriber.
      const unsubscribe = `${config.siteUrl}/newsletter/desinscription`;
      try {
        const copy = personalize({ html: letter.html, text: letter.text }, unsubscribe);
        await transport.send({ to: request.body.email, subject: `[TEST] ${campaign.subject}`, ...copy, headers: newsletterHeaders(config.siteUrl, 'test') });
      } catch (err) {
        // In French first; the server's own words after, for whoever looks into it.
        throw new HttpError(502, `${campaignTexts.testFailed}${failureText(replyCode(err))}. Détail\u202f: ${failureDetail(err).slice(0, 200)}`);
      }
      return { message: campaignTexts.testSent(request.body.email) };
    },
  );

  app.post(
    '/api/campaigns/:id/send',
    { ...staff, schema: { tags, security, summary: 'Envoie maintenant, ou à `at` (programmée ; une lettre programmée peut changer d’heure)', params: idParamSchema, body: campaignSendInputSchema, response: { 200: dataOne(campaignSchema), ...errors } } },
    async (request) => {
      await checkLetter((await found(request.params.id)).body);
      const now = clock.now();
      const at = request.body?.at;
      if (at && Date.parse(at) <= now.getTime()) throw badRequest(campaignTexts.atInPast, { fields: { at: campaignTexts.atInPast } });
      // A scheduled letter may get another time (not yet started: the start's own UPDATE asks for 'scheduled'
      // and a due time, so of the two one wins); sent now, it must be a draft, cancelled, or failed (issue 33).
      const from: CampaignStatusValue[] = at ? ['draft', 'cancelled', 'failed', 'scheduled'] : ['draft', 'cancelled', 'failed'];
      if (!(await transition(db, request.params.id, from, { status: 'scheduled', sendAt: at ?? now.toISOString(), failureReason: null, updatedAt: now.toISOString() }))) {
        throw conflict(campaignTexts.notSendable);
      }
      // Sent now: the recipients are frozen before the answer, which counts them; the sender job sends.
      if (!at) await startDueCampaigns(db, config.siteUrl, now, request.log);
      return { data: await found(request.params.id) };
    },
  );

  app.post('/api/campaigns/:id/cancel', { ...staff, schema: { tags, security, params: idParamSchema, response: { 200: dataOne(campaignSchema), ...errors } } }, async (request) => {
    await found(request.params.id);
    if (!(await transition(db, request.params.id, ['scheduled', 'sending'], { status: 'cancelled', updatedAt: clock.now().toISOString() }))) throw conflict(campaignTexts.notCancellable);
    return { data: await found(request.params.id) };
  });

  app.post('/api/campaigns/:id/retry-failed', { ...staff, schema: { tags, security, summary: 'Renvoie aux échecs temporaires (4xx, sans réponse) des adresses encore abonnées ; la lettre garde sa date', params: idParamSchema, response: { 200: dataOne(campaignSchema), ...errors } } }, async (request) => {
    await found(request.params.id);
    if (!(await retryFailed(db, request.params.id, clock.now()))) throw conflict(campaignTexts.noFailures);
    return { data: await found(request.params.id) };
  });

  // The public archive: the letters as sent, without any subscriber's link.
  app.get('/api/lettres', { config: { access: access.public }, schema: { tags, summary: 'Lettres envoyées, les plus récentes d’abord', response: { 200: dataList(campaignArchiveItemSchema) } } }, async (_request, reply) => {
    sharedCacheHeaders(reply);
    return { data: await archiveList(db) };
  });

  app.get(
    '/api/lettres/:slug',
    { config: { access: access.public }, schema: { tags, params: slugParamSchema, response: { 200: dataOne(campaignArchivePageSchema), 400: errorResponseSchema, 404: errorResponseSchema } } },
    async (request, reply) => {
      const page = await archivePage(db, config.siteUrl, request.params.slug);
      if (!page) throw notFound(campaignTexts.notFound);
      sharedCacheHeaders(reply);
      return { data: page };
    },
  );
}
