import { z } from 'zod';
import { performanceNotFound, showNotFound, upcomingPerformances } from '@bande/shared';
import type { App, AppDeps } from '../../deps.ts';
import { sharedCacheHeaders } from '../../lib/cache-headers.ts';
import { notFound } from '../../lib/http-error.ts';
import { AGENDA_FILENAME, agendaCalendar, type AgendaEntry } from './agenda.service.ts';

const agendaQuerySchema = z.object({
  show: z.string().min(1).max(200).optional(),
  performance: z.coerce.number().int().positive().optional(),
});

/**
 * GET /agenda.ics: the upcoming performances of published shows as an iCalendar, for calendar apps;
 * `?show=<slug>` keeps one show, `?performance=<id>` one performance. Outside /api: it is a file
 * visitors add to their calendar, at an address that stays the same.
 */
export async function agendaRoutes(app: App, { db, clock, config }: AppDeps): Promise<void> {
  app.get(
    '/agenda.ics',
    {
      config: { answerCache: true },
      schema: { hide: true, querystring: agendaQuerySchema },
      // onSend, so that answers from the public cache (which keeps only the type) carry it too.
      onSend: async (_request, reply, payload) => {
        if (reply.statusCode === 200 || reply.statusCode === 304) reply.header('content-disposition', `inline; filename="${AGENDA_FILENAME}"`);
        return payload;
      },
    },
    async (request, reply) => {
      const { show, performance } = request.query;
      let query = db
        .selectFrom('performances')
        .innerJoin('shows', 'shows.id', 'performances.showId')
        .select(['performances.id', 'performances.date', 'performances.address', 'performances.venueName', 'performances.bookingLink', 'performances.capacity', 'performances.soldOut', 'shows.slug', 'shows.name'])
        .where('shows.published', '=', 1);
      if (show !== undefined) query = query.where('shows.slug', '=', show);
      if (performance !== undefined) query = query.where('performances.id', '=', performance);
      const rows: AgendaEntry[] = await query.orderBy('performances.date').orderBy('performances.id').execute();
      const now = clock.now();
      const entries = upcomingPerformances(rows, now);
      if (show !== undefined && entries.length === 0) {
        // A show without upcoming dates has an empty agenda; an unknown or draft one does not exist here.
        const exists = await db.selectFrom('shows').select('id').where('slug', '=', show).where('published', '=', 1).executeTakeFirst();
        if (!exists) throw notFound(showNotFound);
      }
      if (performance !== undefined && entries.length === 0) throw notFound(performanceNotFound);
      sharedCacheHeaders(reply);
      return reply.type('text/calendar; charset=utf-8').send(agendaCalendar(entries, { siteUrl: config.siteUrl, stamp: now }));
    },
  );
}
