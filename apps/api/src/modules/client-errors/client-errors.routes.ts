import { z } from 'zod';
import { clientErrorReportSchema, errorResponseSchema } from '@bande/shared';
import type { App, AppDeps } from '../../deps.ts';
import { minutes } from '../../lib/clock.ts';
import { rateLimit } from '../../plugins/rate-limit.ts';
import { access } from '../../plugins/access-control.ts';

/**
 * React's reports from the visitors' browsers (hydration mismatches, errors caught or not by an error
 * boundary), written to the server's log where the maintainers look: a fault seen only in some
 * browsers would otherwise go unnoticed. Public, as the pages are; the limit keeps a script from
 * filling the log.
 */
export async function clientErrorsRoutes(app: App, _deps: AppDeps): Promise<void> {
  app.post(
    '/api/client-errors',
    {
      config: { ...rateLimit(30, minutes(15)), access: access.public },
      schema: {
        tags: ['site'],
        summary: 'Erreur signalée par React dans le navigateur d’un visiteur (écrite dans le journal du serveur)',
        body: clientErrorReportSchema,
        response: { 204: z.null(), 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { kind, message, stack, componentStack, url } = request.body;
      const report = { kind, url, message, stack, componentStack, userAgent: request.headers['user-agent'] };
      // A recoverable error leaves the page working (React rendered that part again in the browser).
      if (kind === 'recoverable') request.log.warn({ clientError: report }, 'erreur React récupérée dans le navigateur');
      else request.log.error({ clientError: report }, 'erreur React dans le navigateur');
      return reply.status(204).send(null);
    },
  );
}
