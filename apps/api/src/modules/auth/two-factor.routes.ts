import {
  errorResponseSchema,
  messageResponseSchema,
  totpDisableInputSchema,
  totpEnableInputSchema,
  totpEnableResponseSchema,
  totpSetupResponseSchema,
  totpStatusSchema,
  twoFactorTexts,
} from '@bande/shared';
import type { App, AppDeps } from '../../deps.ts';
import { noStore } from '../../lib/cache-headers.ts';
import { minutes } from '../../lib/clock.ts';
import { rateLimit } from '../../plugins/rate-limit.ts';
import { beginSetup, disable, enable, twoFactorStatus } from './two-factor.service.ts';
import { access } from '../../plugins/access-control.ts';

const tags = ['auth'];
const security = [{ bearerAuth: [] }];
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 409: errorResponseSchema, 429: errorResponseSchema };

/**
 * Two-factor login of the logged-in account (« Comptes » tab, « Double authentification »): status,
 * setup (secret and otpauth URL, shown once), enable with a first code, disable with a code.
 */
export async function twoFactorRoutes(app: App, deps: AppDeps): Promise<void> {
  // no-store: the setup answer holds the secret, which no cache may keep. A new array for each route:
  // @fastify/rate-limit pushes its hook into the route's onRequest array, and a shared array would
  // carry the limit of the three writes to the status read as well (the tab reads it on every visit).
  const adminOnly = () => [noStore, app.requireAdmin];

  app.get(
    '/api/auth/totp',
    { onRequest: adminOnly(), config: { access: access.anyRole }, schema: { tags, security, summary: 'État de la double authentification du compte', response: { 200: totpStatusSchema, 401: errorResponseSchema } } },
    async (request) => twoFactorStatus(deps, request.admin!.id),
  );

  app.post(
    '/api/auth/totp/setup',
    {
      onRequest: adminOnly(),
      config: { ...rateLimit(10, minutes(15)), access: access.anyRole },
      schema: { tags, security, summary: 'Nouvelle clé TOTP (remplace une configuration non activée)', response: { 200: totpSetupResponseSchema, ...errors } },
    },
    async (request) => beginSetup(deps, { id: request.admin!.id, email: request.admin!.email }),
  );

  app.post(
    '/api/auth/totp/enable',
    {
      onRequest: adminOnly(),
      config: { ...rateLimit(10, minutes(15)), access: access.anyRole },
      schema: { tags, security, summary: 'Active la double authentification avec un premier code', body: totpEnableInputSchema, response: { 200: totpEnableResponseSchema, ...errors } },
    },
    async (request) => ({ recoveryCodes: await enable(deps, request.admin!.id, request.body.code) }),
  );

  app.post(
    '/api/auth/totp/disable',
    {
      onRequest: adminOnly(),
      config: { ...rateLimit(10, minutes(15)), access: access.anyRole },
      schema: { tags, security, summary: 'Désactive la double authentification (code ou code de secours)', body: totpDisableInputSchema, response: { 200: messageResponseSchema, ...errors } },
    },
    async (request) => {
      await disable(deps, request.admin!.id, request.body.code);
      return { message: twoFactorTexts.disabled };
    },
  );
}
