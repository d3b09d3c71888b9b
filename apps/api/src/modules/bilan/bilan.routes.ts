import { z } from 'zod';
import { bilanQuerySchema, bilanSchema, dataOne, errorResponseSchema } from '@bande/shared';
import type { App, AppDeps } from '../../deps.ts';
import { noStore } from '../../lib/cache-headers.ts';
import { HttpError } from '../../lib/http-error.ts';
import { access } from '../../plugins/access-control.ts';
import { bilanFigures } from './figures.ts';
import { periodOf } from './period.ts';
import { performancesCsv } from './bilan-csv.ts';

const tags = ['bilan'];
const security = [{ bearerAuth: [] }];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

/** « Bilan » (issue 36): figures without personal data, so every role of the backoffice reads them. */
export async function bilanRoutes(app: App, { db, clock }: AppDeps): Promise<void> {
  const onRequest = [noStore, app.requireAdmin];

  async function figures(query: { from: string; to: string }) {
    const period = periodOf(query.from, query.to);
    if (period instanceof HttpError) throw period;
    return bilanFigures(db, period, clock.now());
  }

  app.get(
    '/api/bilan',
    {
      onRequest,
      config: { access: access.anyRole },
      schema: {
        tags,
        security,
        summary: 'Bilan d’une période (jours de Paris, bornes comprises, trois ans au plus)\u00a0: audience, représentations, lettre d’information',
        querystring: bilanQuerySchema,
        response: { 200: dataOne(bilanSchema), ...errors },
      },
    },
    async (request) => ({ data: await figures(request.query) }),
  );

  app.get(
    '/api/bilan/performances.csv',
    {
      onRequest,
      config: { access: access.anyRole },
      schema: { tags, security, summary: 'Chiffres par représentation d’une période, en CSV pour un tableur français', querystring: bilanQuerySchema, response: { 200: z.string(), ...errors } },
    },
    async (request, reply) => {
      const bilan = await figures(request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="bilan-${bilan.from}-${bilan.to}.csv"`)
        .send(performancesCsv(bilan.performances));
    },
  );
}
