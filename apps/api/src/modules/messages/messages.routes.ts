import { z } from 'zod';
import {
  dataList,
  dataOne,
  errorResponseSchema,
  inboxMessageSchema,
  messageIdParamSchema,
  messagesQuerySchema,
  messagesSummarySchema,
  messageStatusInputSchema,
  messageTexts,
  parseMessageId,
} from '@bande/shared';
import type { App, AppDeps } from '../../deps.ts';
import { noStore } from '../../lib/cache-headers.ts';
import { notFound } from '../../lib/http-error.ts';
import { messagesRepository } from './messages.repository.ts';
import { access } from '../../plugins/access-control.ts';

const tags = ['messages'];
const security = [{ bearerAuth: [] }];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };
const ID_DESCRIPTION = 'Le type et le numéro du message, « contact-12 » ou « card-3 » (les numéros sont propres à chaque type).';

/** The id of the path, or a French 404: an id that names no message is as unknown as a deleted one. */
function messageRef(id: string) {
  const ref = parseMessageId(id);
  if (!ref) throw notFound(messageTexts.notFound);
  return ref;
}

/** The staff's inbox: contact messages and card requests, marked new or done, deleted when handled. */
export async function messagesRoutes(app: App, { db, clock }: AppDeps): Promise<void> {
  const repo = messagesRepository(db);
  const adminOnly = [noStore, app.requireAdmin];
  const params = messageIdParamSchema.extend({ id: messageIdParamSchema.shape.id.describe(ID_DESCRIPTION) });

  app.get(
    '/api/messages',
    {
      onRequest: adminOnly, config: { access: access.secretary },
      schema: {
        tags,
        security,
        description: 'Messages de contact (kind=contact) et demandes de carte (kind=card), les plus récents en premier ; status=new|done pour filtrer.',
        querystring: messagesQuerySchema,
        response: { 200: dataList(inboxMessageSchema), ...errors },
      },
    },
    async (request) => ({ data: await repo.list(request.query) }),
  );

  app.get(
    '/api/messages/summary',
    { onRequest: adminOnly, config: { access: access.secretary }, schema: { tags, security, description: 'Nombre de messages non traités.', response: { 200: messagesSummarySchema, ...errors } } },
    async () => ({ new: await repo.countNew() }),
  );

  app.put(
    '/api/messages/:id',
    { onRequest: adminOnly, config: { access: access.secretary }, schema: { tags, security, params, body: messageStatusInputSchema, response: { 200: dataOne(inboxMessageSchema), ...errors } } },
    async (request) => {
      const { kind, id } = messageRef(request.params.id);
      if (!(await repo.setStatus(kind, id, request.body.status, clock.now().toISOString()))) throw notFound(messageTexts.notFound);
      const message = await repo.find(kind, id);
      if (!message) throw notFound(messageTexts.notFound);
      return { data: message };
    },
  );

  app.delete(
    '/api/messages/:id',
    { onRequest: adminOnly, config: { access: access.secretary }, schema: { tags, security, params, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      const { kind, id } = messageRef(request.params.id);
      if (!(await repo.delete(kind, id))) throw notFound(messageTexts.notFound);
      return reply.status(204).send(null);
    },
  );
}
