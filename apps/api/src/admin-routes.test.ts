import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import type { App } from './deps.ts';
import { createDiskStorage } from './plugins/storage.ts';
import { createTestApp, type TestContext } from './test/test-app.ts';

/**
 * Every API route is for admins (bearer token) unless listed here: the public calls of spec section 7.
 * A new route is therefore protected by this test until someone decides, here, that it is public.
 */
const PUBLIC_ROUTES = new Set([
  'GET /api/health',
  'GET /api/site',
  'GET /api/images',
  'GET /api/shows/slug/:slug',
  // A draft's preview: the signed link (HMAC over the id and expiry) is the credential, 404 otherwise.
  'GET /api/shows/preview/:token',
  'GET /api/card-config',
  'GET /api/legal',
  // The site's texts every page shows (« Textes du site »); only their PUT is for admins.
  'GET /api/site-content',
  'POST /api/newsletter/subscribe',
  // The links of the newsletter mails (a token of the mail, stored hashed, is the credential).
  'POST /api/newsletter/confirm',
  'POST /api/newsletter/unsubscribe',
  'POST /api/contact/send',
  'POST /api/contact/request-card',
  'GET /api/origins/categories',
  'GET /api/venues',
  'GET /api/venues/:id',
  'POST /api/auth/login',
  'POST /api/auth/request-unlock',
  'POST /api/auth/request-reset',
  'POST /api/auth/reset-password',
  // Passkey login: the signed challenge is the credential (modules/passkeys).
  'POST /api/auth/passkey/options',
  'POST /api/auth/passkey/login',
  // Reservations (issue 23): availability, a booking (limits and honeypot like the contact forms), and
  // the actions of the mailed links (a token of the mail, stored hashed, is the credential).
  'GET /api/performances/:id/availability',
  'POST /api/reservations',
  'POST /api/reservations/confirm',
  'POST /api/reservations/claim',
  'POST /api/reservations/cancel',
  'GET /api/reservations/lookup',
  // React's error reports from visitors' browsers (written to the log, nothing stored).
  'POST /api/client-errors',
  // Audience beacon (issue 36): anonymous counts, sent by any visitor's browser.
  'POST /api/audience/view',
  // The archive of the sent newsletter letters (no personal link in them; drafts answer 404).
  'GET /api/lettres',
  'GET /api/lettres/:slug',
  // Bounces reported by the mail relays (modules/bounces): the relay's shared secret (Brevo, Mailjet) or
  // Amazon's signature over the message (SES through SNS) is the credential, checked before anything is read.
  'POST /api/bounces/brevo',
  'POST /api/bounces/mailjet',
  'POST /api/bounces/ses',
]);

/** Public only for `?published=true`; the full lists (drafts included) are for admins. */
const PUBLIC_WHEN_PUBLISHED = new Set(['GET /api/shows', 'GET /api/members', 'GET /api/gallery', 'GET /api/partners']);

const isDocs = (url: string) => url === '/api/docs' || url.startsWith('/api/docs/');

interface Route {
  method: string;
  url: string;
}

/** A concrete URL for a route pattern: every parameter becomes 1 (ids are numbers). */
const concrete = (url: string) => url.replace(/:\w+/g, '1').replace(/\*/g, 'x');
const label = (route: Route) => `${route.method} ${route.url}`;

let ctx: TestContext;
let app: App;
const routes: Route[] = [];

beforeAll(async () => {
  ctx = await createTestApp();
  app = await buildApp(
    { ...ctx, storage: createDiskStorage(path.join(ctx.dataDir, 'uploads')) },
    {
      onRoute: (route) => {
        for (const method of [route.method].flat()) {
          // HEAD routes mirror GET ones (same hooks); the rest of the site is not the API.
          if (method !== 'HEAD' && route.url.startsWith('/api/')) routes.push({ method, url: route.url });
        }
      },
    },
  );
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await ctx.close();
});

function call(route: Route, query = '', authorization?: string) {
  const hasBody = ['POST', 'PUT', 'PATCH'].includes(route.method);
  return app.inject({
    method: route.method as 'GET',
    url: concrete(route.url) + query,
    ...(hasBody ? { payload: {} } : {}),
    ...(authorization ? { headers: { authorization } } : {}),
    // Each call from its own address, so that per-IP rate limits never answer instead of the guard.
    remoteAddress: `10.${routes.indexOf(route) % 250}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });
}

const adminRoutes = () => routes.filter((r) => !PUBLIC_ROUTES.has(label(r)) && !isDocs(r.url));

describe('route protection (every registered /api route)', () => {
  it('enumerates the registered routes, including admin ones', () => {
    const labels = routes.map(label);
    expect(labels).toContain('POST /api/auth/login');
    expect(labels).toContain('POST /api/auth/logout');
    // The history routes (admin only) are among those checked below.
    expect(adminRoutes().map(label)).toEqual(
      expect.arrayContaining(['GET /api/revisions', 'GET /api/revisions/deleted', 'GET /api/revisions/:id', 'POST /api/revisions/:id/restore']),
    );
    expect(adminRoutes().length).toBeGreaterThan(1);
  });

  it('answers 401 on every admin route without a token and with a bad token', async () => {
    const unprotected: string[] = [];
    for (const route of adminRoutes()) {
      for (const authorization of [undefined, 'Bearer nope', 'nope']) {
        const res = await call(route, '', authorization);
        if (res.statusCode !== 401) unprotected.push(`${label(route)} [${authorization ?? 'sans jeton'}] -> ${res.statusCode}`);
        else expect(res.json().error).toEqual(expect.any(String));
      }
    }
    expect(unprotected).toEqual([]);
  });

  it('serves the published lists publicly, and the full lists only to admins', async () => {
    const lists = routes.filter((r) => PUBLIC_WHEN_PUBLISHED.has(label(r)));
    const wrong: string[] = [];
    for (const route of lists) {
      for (const query of ['', '?published=false']) {
        for (const authorization of [undefined, 'Bearer nope']) {
          const res = await call(route, query, authorization);
          if (res.statusCode !== 401) wrong.push(`${label(route)}${query} [${authorization ?? 'sans jeton'}] -> ${res.statusCode}`);
        }
      }
      const published = await call(route, '?published=true');
      if (published.statusCode !== 200) wrong.push(`${label(route)}?published=true -> ${published.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('lets visitors call the public routes without a token', async () => {
    const refused: string[] = [];
    for (const route of routes.filter((r) => PUBLIC_ROUTES.has(label(r)))) {
      const res = await call(route);
      if (res.statusCode === 401 || res.statusCode >= 500) refused.push(`${label(route)} -> ${res.statusCode}`);
    }
    expect(refused).toEqual([]);
  });
});
