import { z } from 'zod';
import { adminAccountSchema, dataList, errorResponseSchema, idParamSchema, inviteUserInputSchema } from '@bande/shared';
import type { App, AppDeps } from '../../deps.ts';
import { noStore } from '../../lib/cache-headers.ts';
import { deleteAccount, inviteAccount, listAccounts } from './users.service.ts';

const tags = ['users'];
const security = [{ bearerAuth: [] }];
const adminErrors = { 401: errorResponseSchema };

/** Staff accounts: list, invite (a code mailed to set a password), delete (admin tab « Comptes »). */
export async function usersRoutes(app: App, deps: AppDeps): Promise<void> {
  const adminOnly = [noStore, app.requireAdmin];

  app.get(
    '/api/users',
    { onRequest: adminOnly, schema: { tags, security, summary: 'Comptes administrateurs', response: { 200: dataList(adminAccountSchema), ...adminErrors } } },
    async () => ({ data: await listAccounts(deps) }),
  );

  app.post(
    '/api/users',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        summary: "Crée un compte et lui envoie un code d'invitation",
        body: inviteUserInputSchema,
        response: { 201: adminAccountSchema, 400: errorResponseSchema, 409: errorResponseSchema, ...adminErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await inviteAccount(deps, request.body.email)),
  );

  app.delete(
    '/api/users/:id',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        params: idParamSchema,
        response: { 204: z.null(), 400: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema, ...adminErrors },
      },
    },
    async (request, reply) => {
      await deleteAccount(deps, request.params.id, request.admin!.id);
      return reply.status(204).send(null);
    },
  );
}
