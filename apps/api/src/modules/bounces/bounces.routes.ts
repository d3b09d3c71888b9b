import type { FastifyBaseLogger } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  bounceTexts,
  brevoPayloadSchema,
  errorResponseSchema,
  mailjetPayloadSchema,
  messageResponseSchema,
  sesNotificationSchema,
  snsEnvelopeSchema,
  type SnsEnvelope,
} from '@bande/shared';
import type { App, AppDeps } from '../../deps.ts';
import type { DB } from '../../db/connection.ts';
import { minutes } from '../../lib/clock.ts';
import { badRequest, forbidden, HttpError, notFound } from '../../lib/http-error.ts';
import { noStore } from '../../lib/cache-headers.ts';
import { access } from '../../plugins/access-control.ts';
import { rateLimit } from '../../plugins/rate-limit.ts';
import { recordBounce, type BounceReport } from './bounces.service.ts';
import { brevoReports, mailjetReports, sesReports } from './providers.ts';
import { createSnsVerifier, fetchText, isSnsUrl } from './sns-verify.ts';
import { requireWebhookSecret } from './webhook-auth.ts';

const tags = ['rebonds'];
/** A relay posts a burst after a letter (one call per event for most): generous, but bounded per address. */
const limit = () => rateLimit(600, minutes(1));
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 413: errorResponseSchema, 429: errorResponseSchema };

async function apply(db: DB, reports: BounceReport[], now: Date, log: FastifyBaseLogger) {
  for (const report of reports) {
    const outcome = await recordBounce(db, report, now);
    // No address in the log (personal data): the source, the kind and what was done.
    log.info({ source: report.source, kind: report.kind, outcome }, 'rebond reçu');
  }
  return { message: bounceTexts.received(reports.length) };
}

/**
 * Bounces reported after the send by the mail relays (issue 34). Public routes: the relay is the
 * caller, and its credential is a shared secret (Brevo, Mailjet) or Amazon's signature (SES through
 * SNS), checked before anything is read or stored (docs/security.md).
 */
export async function bouncesRoutes(app: App, { db, clock, config, fetchText: fetch = fetchText }: AppDeps): Promise<void> {
  const secret = requireWebhookSecret(config.bounces.webhookSecret);

  app.post(
    '/api/bounces/brevo',
    {
      onRequest: [noStore, secret],
      config: { ...limit(), access: access.public },
      schema: { tags, summary: 'Rebonds, plaintes et désinscriptions signalés par Brevo (webhook transactionnel)', body: brevoPayloadSchema, response: { 200: messageResponseSchema, ...errors } },
    },
    async (request) => apply(db, brevoReports([request.body].flat()), clock.now(), request.log),
  );

  app.post(
    '/api/bounces/mailjet',
    {
      onRequest: [noStore, secret],
      config: { ...limit(), access: access.public },
      schema: { tags, summary: 'Rebonds, blocages, plaintes et désinscriptions signalés par Mailjet (Event API)', body: mailjetPayloadSchema, response: { 200: messageResponseSchema, ...errors } },
    },
    async (request) => apply(db, mailjetReports([request.body].flat()), clock.now(), request.log),
  );

  // Amazon SNS posts its JSON as text/plain: read here as text and parsed, in a scope of its own.
  const verify = createSnsVerifier(fetch);
  const topics = new Set(config.bounces.sesTopicArns);
  await app.register(async (scope) => {
    scope.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(badRequest(bounceTexts.invalidJson), undefined);
      }
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/bounces/ses',
      {
        onRequest: [
          noStore,
          async () => {
            if (!topics.size) throw notFound(bounceTexts.notConfigured);
          },
        ],
        config: { ...limit(), access: access.public },
        schema: {
          tags,
          summary: 'Rebonds et plaintes Amazon SES, par Amazon SNS (message signé ; confirme aussi l’abonnement du sujet)',
          body: snsEnvelopeSchema,
          response: { 200: messageResponseSchema, ...errors },
        },
      },
      async (request) => {
        const message = request.body;
        // The topic first (no fetch for a stranger's topic), then Amazon's signature over every field read below.
        if (!topics.has(message.TopicArn)) throw forbidden(bounceTexts.snsTopic);
        await verify(message, clock.now());
        if (message.Type === 'SubscriptionConfirmation') return confirmSubscription(message);
        if (message.Type === 'UnsubscribeConfirmation') return { message: bounceTexts.received(0) };
        let notification: unknown;
        try {
          notification = JSON.parse(message.Message);
        } catch {
          throw badRequest(bounceTexts.invalidSesMessage);
        }
        const parsed = sesNotificationSchema.safeParse(notification);
        if (!parsed.success) throw badRequest(bounceTexts.invalidSesMessage);
        return apply(db, sesReports(parsed.data), clock.now(), request.log);
      },
    );
  });

  /** Opens the SubscribeURL SNS sent (signed, for an allowed topic): the topic then posts its notifications here. */
  async function confirmSubscription(message: SnsEnvelope) {
    if (!message.SubscribeURL || !isSnsUrl(message.SubscribeURL)) throw forbidden(bounceTexts.snsSubscribeUrl);
    try {
      await fetch(message.SubscribeURL);
    } catch {
      throw new HttpError(400, bounceTexts.snsSubscribeFailed);
    }
    return { message: bounceTexts.snsSubscribed };
  }
}
