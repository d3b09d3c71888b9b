import { z } from 'zod';
import {
  dataList,
  errorResponseSchema,
  idParamSchema,
  loginFailureSchema,
  loginResponseSchema,
  messageResponseSchema,
  passkeyLoginInputSchema,
  passkeyOptionsSchema,
  passkeyRegisterInputSchema,
  passkeySchema,
  passkeyTexts,
} from '@bande/shared';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { App, AppDeps } from '../../deps.ts';
import { noStore } from '../../lib/cache-headers.ts';
import { minutes } from '../../lib/clock.ts';
import { rateLimit } from '../../plugins/rate-limit.ts';
import {
  authenticationOptions,
  deleteOwnPasskey,
  listPasskeys,
  loginWithPasskey,
  registerPasskey,
  registrationOptions,
  removeAccountPasskeys,
} from './passkeys.service.ts';
import { access } from '../../plugins/access-control.ts';

const tags = ['passkeys'];
const security = [{ bearerAuth: [] }];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema, 429: errorResponseSchema };
// Per-IP, as the password login (30 in 15 minutes). The options are asked on every visit of the login
// page where the browser offers passkeys in the email field's suggestions: more of them are allowed.
const LOGIN_LIMIT = () => rateLimit(30, minutes(15));
const OPTIONS_LIMIT = () => rateLimit(100, minutes(15));

/**
 * Passkeys (WebAuthn). The account's own: list, add (options, then the browser's answer with a
 * name), delete; an administrator's removal of another account's; and the login, public.
 * Whatever the role, an account manages its own passkeys: the /api/auth/passkeys routes are every
 * logged-in account's, /api/users/:id/passkeys the administrators'.
 */
export async function passkeysRoutes(app: App, deps: AppDeps): Promise<void> {
  // A new array for each route: @fastify/rate-limit pushes its hook into the route's onRequest array.
  const loggedIn = () => [noStore, app.requireAdmin];

  app.get(
    '/api/auth/passkeys',
    { onRequest: loggedIn(), config: { access: access.anyRole }, schema: { tags, security, summary: 'Clés d’accès du compte', response: { 200: dataList(passkeySchema), 401: errorResponseSchema } } },
    async (request) => ({ data: await listPasskeys(deps, request.admin!.id) }),
  );

  app.post(
    '/api/auth/passkeys/register/options',
    {
      onRequest: loggedIn(),
      config: { ...rateLimit(20, minutes(15)), access: access.anyRole },
      schema: { tags, security, summary: 'Options de création d’une clé d’accès (WebAuthn)', response: { 200: passkeyOptionsSchema, ...errors } },
    },
    async (request) => ({ ...(await registrationOptions(deps, request.admin!)) }),
  );

  app.post(
    '/api/auth/passkeys/register',
    {
      onRequest: loggedIn(),
      config: { ...rateLimit(20, minutes(15)), access: access.anyRole },
      schema: { tags, security, summary: 'Enregistre une clé d’accès nommée', body: passkeyRegisterInputSchema, response: { 201: z.object({ data: passkeySchema }), ...errors } },
    },
    async (request, reply) => {
      const response = request.body.response as unknown as RegistrationResponseJSON;
      const passkey = await registerPasskey(deps, request.admin!, request.body.name, response, request.log);
      return reply.status(201).send({ data: passkey });
    },
  );

  app.delete(
    '/api/auth/passkeys/:id',
    { onRequest: loggedIn(), config: { access: access.anyRole }, schema: { tags, security, summary: 'Supprime une clé d’accès du compte', params: idParamSchema, response: { 200: messageResponseSchema, ...errors } } },
    async (request) => {
      await deleteOwnPasskey(deps, request.admin!, request.params.id, request.log);
      return { message: passkeyTexts.deleted };
    },
  );

  app.delete(
    '/api/users/:id/passkeys',
    {
      onRequest: loggedIn(),
      // Another account's passkeys: the administrators' (one who lost every key gets back in by password).
      config: { access: access.admin },
      schema: { tags, security, summary: 'Supprime toutes les clés d’accès d’un compte (administrateurs)', params: idParamSchema, response: { 200: messageResponseSchema, ...errors } },
    },
    async (request) => ({ message: passkeyTexts.removedByAdmin(await removeAccountPasskeys(deps, request.params.id, request.admin!.email, request.log)) }),
  );

  app.post(
    '/api/auth/passkey/options',
    { onRequest: [noStore], config: { ...OPTIONS_LIMIT(), access: access.public }, schema: { tags, summary: 'Options de connexion par clé d’accès (WebAuthn)', response: { 200: passkeyOptionsSchema, 429: errorResponseSchema } } },
    async () => ({ ...(await authenticationOptions(deps)) }),
  );

  app.post(
    '/api/auth/passkey/login',
    {
      onRequest: [noStore],
      config: { ...LOGIN_LIMIT(), access: access.public },
      schema: { tags, summary: 'Connexion par clé d’accès', body: passkeyLoginInputSchema, response: { 200: loginResponseSchema, 400: errorResponseSchema, 401: loginFailureSchema, 429: loginFailureSchema } },
    },
    async (request) => {
      const response = request.body.response as unknown as AuthenticationResponseJSON;
      return loginWithPasskey(deps, response, request.log, (email) => {
        request.auditPasskeyEmail = email;
      });
    },
  );
}
