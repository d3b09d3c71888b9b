import crypto from 'node:crypto';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteOptions } from 'fastify';
import { buildApp } from './app.ts';
import type { App } from './deps.ts';
import { isSecretName } from './log-redaction.ts';
import { createLogger } from './logger.ts';
import { createDiskStorage } from './plugins/storage.ts';
import { createAdminToken } from './test/admin-token.ts';
import { createTestApp, type TestContext } from './test/test-app.ts';

/**
 * No secret in any log line (issue 33): every route that takes a token, a code or a password (in its
 * path, query or body, found from the routes' own schemas) and every page a mail links to with a
 * token is called with known secrets, the logger at level trace, in development and in production;
 * none of the secrets may appear in what it wrote.
 */

/** The routes that take a secret, as their schemas say: a new one must be added here, and is then driven. */
const SECRET_ROUTES = [
  'GET /api/reservations/lookup: token',
  'GET /api/shows/preview/:token: token',
  'POST /api/auth/login: password, unlockCode, totpCode',
  'POST /api/auth/reset-password: code, newPassword, invitation',
  'POST /api/auth/totp/disable: code',
  'POST /api/auth/totp/enable: code',
  // Amazon SNS's subscription confirmation carries its Token in the body.
  'POST /api/bounces/ses: Token',
  'POST /api/newsletter/confirm: token',
  'POST /api/newsletter/unsubscribe: token',
  'POST /api/reservations/cancel: token',
  'POST /api/reservations/claim: token',
  'POST /api/reservations/confirm: token',
  // The one-click unsubscribe of the letters' List-Unsubscribe header (RFC 8058), token in its query.
  'POST /newsletter/desinscription: token',
  'PUT /api/auth/me/password: currentPassword, newPassword',
];

/** Routes that read a secret from their query without a schema naming it: the relays' webhooks (?token=). */
const UNDECLARED_TOKEN_ROUTES = ['/api/bounces/brevo', '/api/bounces/mailjet'];

/** The pages that mail links open with a token in their address. */
const LINK_PAGES = ['/reservation/confirmation', '/reservation/annulation', '/reservation/liste-attente', '/newsletter/confirmation', '/newsletter/desinscription'];

interface SecretRoute {
  method: string;
  url: string;
  /** Where each secret-named key is: the route's path, query or body. */
  params: string[];
  query: string[];
  body: string[];
}

/** The keys of a zod object schema, through optional/nullable wrappers. */
function keysOf(schema: unknown): string[] {
  const candidate = schema as { shape?: Record<string, unknown>; unwrap?: () => unknown } | undefined;
  if (candidate?.shape) return Object.keys(candidate.shape);
  if (typeof candidate?.unwrap === 'function') return keysOf(candidate.unwrap());
  return [];
}

const describeRoute = (route: SecretRoute) => `${route.method} ${route.url}: ${[...route.params, ...route.query, ...route.body].join(', ')}`;

for (const production of [false, true]) {
  describe(`the log, at level trace, ${production ? 'in production' : 'in development'}`, () => {
    let written = '';
    let ctx: TestContext;
    let app: App;
    let staffToken: string;
    const routes: SecretRoute[] = [];
    // Distinct secrets, each recognisable: a token (43 characters), a 6-digit code, a password.
    const token = crypto.randomBytes(32).toString('base64url');
    const code = String(crypto.randomInt(100_000, 1_000_000));
    const password = `mdp-${crypto.randomBytes(8).toString('hex')}`;
    const secretFor = (key: string) => (/code/i.test(key) ? code : /password/i.test(key) ? password : token);

    beforeAll(async () => {
      ctx = await createTestApp();
      const log = createLogger(
        { logLevel: 'trace', production },
        new Writable({
          write(chunk: Buffer, _encoding, done) {
            written += chunk.toString();
            done();
          },
        }),
      );
      app = await buildApp(
        { ...ctx, storage: createDiskStorage(path.join(ctx.dataDir, 'uploads')) },
        {
          loggerInstance: log,
          onRoute: (route: RouteOptions) => {
            const params = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1]!).filter(isSecretName);
            const query = keysOf(route.schema?.querystring).filter(isSecretName);
            const body = keysOf(route.schema?.body).filter(isSecretName);
            if (params.length + query.length + body.length === 0) return;
            for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url, params, query, body });
          },
        },
      );
      await app.ready();
      staffToken = await createAdminToken(ctx, 'admin');
    });
    afterAll(async () => {
      await app.close();
      await ctx.close();
    });

    it('knows every route that takes a secret', () => {
      expect(routes.map(describeRoute).sort()).toEqual(SECRET_ROUTES);
    });

    it('never writes a token, a code or a password, on any of those routes or link pages', async () => {
      for (const route of routes) {
        let url = route.url;
        for (const key of route.params) url = url.replace(`:${key}`, encodeURIComponent(secretFor(key)));
        if (route.query.length > 0) url += `?page=1&${route.query.map((key) => `${key}=${encodeURIComponent(secretFor(key))}`).join('&')}`;
        const payload = route.body.length > 0 ? Object.fromEntries(route.body.map((key) => [key, secretFor(key)])) : undefined;
        // Once as anyone, once as a logged-in member of the staff (some routes answer them otherwise).
        for (const headers of [{}, { authorization: `Bearer ${staffToken}` }]) {
          const res = await app.inject({ method: route.method as 'GET', url, headers, ...(payload ? { payload: { email: 'admin@example.org', ...payload } } : {}) });
          expect(res.statusCode, describeRoute(route)).toBeLessThan(500);
        }
      }
      for (const page of LINK_PAGES) await app.inject({ method: 'GET', url: `${page}?token=${token}&utm_source=lettre` });
      for (const url of UNDECLARED_TOKEN_ROUTES) await app.inject({ method: 'POST', url: `${url}?token=${token}`, payload: [] });
      // A path the router does not know, with a token anyway; a browser's report of an error on a link
      // page and on the invitation link (whose key follows #).
      await app.inject({ method: 'GET', url: `/api/nulle-part?token=${token}` });
      for (const pageUrl of [`http://localhost:3000/reservation/annulation?token=${token}`, `http://localhost:3000/admin/forgot-password#invitation=${token}`]) {
        const report = await app.inject({ method: 'POST', url: '/api/client-errors', payload: { kind: 'uncaught', message: `panne en lisant ${pageUrl}`, url: pageUrl } });
        expect(report.statusCode).toBe(204);
      }

      // Fastify's own words for an unknown route quote its address in the message.
      app.log.info(`Route GET:/reservation/annulation?token=${token} not found`);
      // A page that failed to render is logged with its address (ssr/web-pages.ts).
      app.log.error({ url: `/newsletter/desinscription?token=${token}` }, 'rendu serveur impossible');
      // Should anything log a body: its secret fields too.
      for (const body of [{ code, token, password }, { newPassword: password, invitation: token }]) app.log.info({ body }, 'corps');

      expect(written).not.toContain(token);
      expect(written).not.toContain(encodeURIComponent(token));
      expect(written).not.toContain(password);
      // A code is six digits: not one as a whole number anywhere (a duration may hold the same digits).
      expect(written).not.toMatch(new RegExp(`(?<![\\d.])${code}(?!\\d)`));
      // Something was written, the addresses with their other parts intact.
      expect(written).toContain('incoming request');
      expect(written).toContain('/reservation/annulation?token=[redacted]&utm_source=lettre');
      expect(written).toContain('/api/shows/preview/[redacted]');
      expect(written).toContain('forgot-password#invitation=[redacted]');
    });
  });
}
