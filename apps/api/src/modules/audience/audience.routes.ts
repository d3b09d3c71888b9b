import { z } from 'zod';
import { audienceBeaconSchema } from '@bande/shared/schemas/bilan';
import { errorResponseSchema } from '@bande/shared';
import type { App, AppDeps } from '../../deps.ts';
import { access } from '../../plugins/access-control.ts';

/**
 * The hydrated site's beacon (navigator.sendBeacon): a page shown without a reload, or a booking dialog
 * opened. No cookie set or read for visitors, nothing stored per visitor; the answer never waits for the
 * database. No rate limit in the database here: its buckets are keyed by address, which the audience
 * must never store; the counter's buffer is bounded instead (audience-counter.ts).
 */
export async function audienceRoutes(app: App, _deps: AppDeps): Promise<void> {
  app.post(
    '/api/audience/view',
    {
      config: { access: access.public },
      schema: {
        tags: ['site'],
        summary: 'Vue d’une page affichée sans rechargement, ou fenêtre de réservation ouverte (mesure d’audience sans cookie)',
        body: audienceBeaconSchema,
        response: { 204: z.null(), 400: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { kind, path, search, referrer, performanceId } = request.body;
      // Only the site's own pages: an address of another site or a path with a query is no page of ours.
      if (path.startsWith('/') && !path.startsWith('//') && !path.includes('?') && !path.startsWith('/admin') && !path.startsWith('/api/')) {
        app.audience.count({ kind, path, search: search ?? '', referrer: referrer ?? '', headers: request.headers, ip: request.ip, ...(performanceId ? { performanceId } : {}) });
      }
      return reply.status(204).send(null);
    },
  );
}
