import { z } from 'zod';
import {
  adminUserSchema,
  errorResponseSchema,
  loginFailureSchema,
  loginInputSchema,
  loginResponseSchema,
  messageResponseSchema,
  requestResetInputSchema,
  requestUnlockInputSchema,
  resetPasswordInputSchema,
  texts,
} from '@bande/shared';
import type { App, AppDeps } from '../../deps.ts';
import { minutes } from '../../lib/clock.ts';
import { rateLimit } from '../../plugins/rate-limit.ts';
import { requestResetCode, requestUnlockCode, resetPassword } from './account.service.ts';
import { sessionsRepository } from './auth.repository.ts';
import { holdRequesterKey, requesterKeyOf } from './requester-key.ts';
import { loginFrom } from './login-throttle.ts';
import { access } from '../../plugins/access-control.ts';

const tags = ['auth'];
const security = [{ bearerAuth: [] }];

// Per-IP limits, tight on the routes that send mails or check codes. Login has a flood guard only
// (LOGIN_FLOOD: the password hashing's cost), lifting within a minute: failed logins slow their address
// on the accounts it targets (login-throttle.ts), never a colleague's login from the same connection.
const LIMIT_WINDOW = minutes(15);
const LOGIN_FLOOD = { max: 60, windowMs: minutes(1) };

/** Admin login, lockout and unlock codes, password reset, logout (spec sections 2, 3, 7). */
export async function authRoutes(app: App, deps: AppDeps): Promise<void> {
  app.post(
    '/api/auth/login',
    {
      config: { ...rateLimit(LOGIN_FLOOD.max, LOGIN_FLOOD.windowMs), access: access.public },
      schema: {
        tags,
        body: loginInputSchema,
        response: { 200: loginResponseSchema, 400: errorResponseSchema, 401: loginFailureSchema, 429: loginFailureSchema },
      },
    },
    async (request) => loginFrom(deps, request.body, request.ip),
  );

  app.post(
    '/api/auth/request-unlock',
    {
      config: { ...rateLimit(5, LIMIT_WINDOW), access: access.public },
      schema: { tags, body: requestUnlockInputSchema, response: { 200: messageResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema } },
    },
    async (request) => {
      await requestUnlockCode(deps, request.body.email, request.log);
      return { message: texts.success.unlockCodeSent };
    },
  );

  await app.register(async (scope) => {
    acceptEmptyJsonBody(scope);
    scope.post(
      '/api/auth/request-reset',
      {
        config: { ...rateLimit(5, LIMIT_WINDOW), access: access.public },
        schema: {
          tags,
          description:
            'Envoie un code de réinitialisation. La réponse pose le cookie `code-requester` (httpOnly, SameSite=Strict, /api/auth) : le code n’est accepté que du navigateur qui le détient.',
          body: requestResetInputSchema.nullish(),
          response: { 200: messageResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema },
        },
      },
      async (request, reply) => {
        // This scope is a plain Fastify instance: the body is typed here (the schema has checked it).
        const body = request.body as z.infer<typeof requestResetInputSchema> | null | undefined;
        // The code is bound to this browser (a cookie): only it can use the code, or spend it by guessing.
        await requestResetCode(deps, holdRequesterKey(request, reply, deps.config), body?.email, request.log);
        return { message: texts.success.resetCodeSent };
      },
    );
  });

  app.post(
    '/api/auth/reset-password',
    {
      config: { ...rateLimit(10, LIMIT_WINDOW), access: access.public },
      schema: {
        tags,
        description:
          'Nouveau mot de passe avec un code de réinitialisation (envoyé du navigateur qui l’a demandé, avec son cookie `code-requester`) ou un code d’invitation (avec `invitation`, la clé du lien du mail). Sans eux, le code est refusé et aucun essai n’est compté.',
        body: resetPasswordInputSchema,
        response: { 200: messageResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request) => {
      const keys = [requesterKeyOf(request), request.body.invitation].filter((key) => key !== undefined);
      await resetPassword(deps, request.body.code, request.body.newPassword, keys);
      return { message: texts.success.passwordReset };
    },
  );

  app.post(
    '/api/auth/logout',
    { onRequest: app.requireAdmin, config: { access: access.anyRole }, schema: { tags, security, response: { 200: messageResponseSchema, 401: errorResponseSchema } } },
    async (request) => {
      await sessionsRepository.delete(deps.db, request.admin!.sessionId);
      return { message: texts.session.loggedOut };
    },
  );

  app.get(
    '/api/auth/me',
    { onRequest: app.requireAdmin, config: { access: access.anyRole }, schema: { tags, security, response: { 200: z.object({ user: adminUserSchema }), 401: errorResponseSchema } } },
    async (request) => ({ user: { id: request.admin!.id, email: request.admin!.email, role: request.admin!.role } }),
  );
}

/**
 * request-reset takes no input or an optional email: clients may send no body, `{}`, or an empty body with a JSON content
 * type, which Fastify's own parser refuses. This scope's parser reads an empty body as none.
 */
function acceptEmptyJsonBody(scope: App) {
  const parseJson = scope.getDefaultJsonParser('error', 'error');
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') return done(null, undefined);
    return parseJson(request, text, done);
  });
}
