import { z } from 'zod';
import { adminAccountSchema, dataList, dataOne, errorResponseSchema, idParamSchema, inviteUserInputSchema, roleUpdateInputSchema } from '@bande/shared';
import type { App, AppDeps } from '../../deps.ts';
import { noStore } from '../../lib/cache-headers.ts';
import { changeRole, deleteAccount, inviteAccount, listAccounts } from './users.service.ts';
import { access } from '../../plugins/access-control.ts';

const tags = ['users'];
const security = [{ bearerAuth: [] }];
const adminErrors = { 401: errorResponseSchema, 403: errorResponseSchema };

/** Staff accounts: list, invite (a code mailed to set a password), delete (admin tab « Comptes »). */
export async function usersRoutes(app: App, deps: AppDeps): Promise<void> {
  const adminOnly = [noStore, app.requireAdmin];

  app.get(
    '/api/users',
    { onRequest: adminOnly, config: { access: access.admin }, schema: { tags, security, summary: 'Comptes administrateurs', response: { 200: dataList(adminAccountSchema), ...adminErrors } } },
    async () => ({ data: await listAccounts(deps) }),
  );

  app.post(
    '/api/users',
    {
      onRequest: adminOnly, config: { access: access.admin },
      schema: {
        tags,
        security,
        summary: "Crée un compte et lui envoie un code d'invitation",
        body: inviteUserInputSchema,
        response: { 201: adminAccountSchema, 400: errorResponseSchema, 409: errorResponseSchema, ...adminErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await inviteAccount(deps, request.body.email, request.body.role)),
  );

  app.put(
    '/api/users/:id',
    {
      onRequest: adminOnly,
      config: { access: access.admin },
      schema: {
        tags,
        security,
        summary: "Change le rôle d'un compte (ses sessions sont fermées)",
        params: idParamSchema,
        body: roleUpdateInputSchema,
        response: { 200: dataOne(adminAccountSchema), 400: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema, ...adminErrors },
      },
    },
    async (request) => ({ data: await changeRole(deps, request.params.id, request.body.role, request.admin!.id) }),
  );

  app.delete(
    '/api/users/:id',
    {
      onRequest: adminOnly, config: { access: access.admin },
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
