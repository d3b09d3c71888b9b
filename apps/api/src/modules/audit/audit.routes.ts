import { auditEntrySchema, auditQuerySchema, dataList, errorResponseSchema } from '@bande/shared';
import type { App, AppDeps } from '../../deps.ts';
import { noStore } from '../../lib/cache-headers.ts';
import { auditRepository } from './audit.repository.ts';
import { access } from '../../plugins/access-control.ts';

const tags = ['audit'];
const security = [{ bearerAuth: [] }];

/** The activity log, read by the « Journal » tab (entries are written by plugins/audit-log.ts). */
export async function auditRoutes(app: App, { db }: AppDeps): Promise<void> {
  app.get(
    '/api/audit',
    {
      onRequest: [noStore, app.requireAdmin], config: { access: access.admin },
      schema: { tags, security, querystring: auditQuerySchema, response: { 200: dataList(auditEntrySchema), 400: errorResponseSchema, 401: errorResponseSchema } },
    },
    async (request) => ({ data: await auditRepository.list(db, request.query) }),
  );
}
