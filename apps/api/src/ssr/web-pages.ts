import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { parseCookie } from 'cookie';
import { texts } from '@bande/shared';
import type { App, AppDeps } from '../deps.ts';
import { NO_STORE, PUBLIC_CACHE } from '../lib/cache-headers.ts';
import { notFound } from '../lib/http-error.ts';
import { NOINDEX } from '../modules/show-preview/show-preview.routes.ts';
import { adminFirstParts } from './admin-first-parts.ts';
import { loadPageRenderer, type PageRenderer } from './page-renderer.ts';
import { readWebBuild } from './web-build.ts';
import { appOfRender, withApp } from './render-context.ts';

/** The cookie the site sets when a visitor enters in maintenance mode (apps/web/src/app/layout/maintenance-access.tsx). */
const hasMaintenanceCookie = (cookieHeader: string | undefined) => parseCookie(cookieHeader ?? '')['maintenance-access'] === 'true';

const HTML = 'text/html; charset=utf-8';

/** Headers helmet sets on every answer that only a document reads. */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

async function injectTransport(url: string, init: RequestInit): Promise<Response> {
  const app = appOfRender();
  if (!app) throw new Error('lecture API hors d’un rendu de page');
  const response = await app.inject({ method: 'GET', url, headers: { accept: 'application/json' }, signal: init.signal ?? undefined });
  return new Response(response.rawPayload, { status: response.statusCode, headers: { 'content-type': String(response.headers['content-type'] ?? '') } });
}

/**
 * The backoffice's service worker (apps/web/vite.config.ts). Never kept by a cache: a browser that held
 * an old copy would keep serving the old backoffice after a deploy.
 */
const SERVICE_WORKER_FILE = path.join('admin', 'sw.js');
/** The backoffice's web manifest (installable app, apps/web/public/admin/), linked from its shell alone. */
const ADMIN_MANIFEST_LINK = '<link rel="manifest" href="/admin/manifest.webmanifest">';

/**
 * The built web app: fingerprinted assets cached a year, public pages rendered on the server (with
 * their data, head tags and the state to hydrate), the backoffice as a client-only shell.
 */
export async function registerWebPages(app: App, deps: AppDeps & { webRoot: string }): Promise<void> {
  await app.register(fastifyStatic, {
    root: deps.webRoot,
    prefix: '/',
    wildcard: false,
    index: false,
    // The build writes .br and .gz files beside the scripts and styles (brotli at its best quality).
    preCompressed: true,
    setHeaders(reply, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      const serviceWorker = filePath.endsWith(`${path.sep}${SERVICE_WORKER_FILE}`);
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : serviceWorker ? 'no-cache' : 'public, max-age=300');
      // A script or a stylesheet is no document: the policies that govern a page (CSP, framing, opener,
      // referrer...) do nothing on it, and cost about 650 bytes on each of the page's 16 scripts.
      // nosniff, the resource policy and HSTS stay.
      if (immutable) for (const name of DOCUMENT_ONLY_HEADERS) reply.raw.removeHeader(name);
    },
  });

  const web = readWebBuild(deps.webRoot);
  const renderer = await loadPageRenderer(deps.ssrEntry ?? path.join(deps.webRoot, '..', 'dist-ssr', 'entry-server.js')).catch((error: unknown) => {
    app.log.error({ err: error }, 'rendu serveur impossible à charger');
    return undefined;
  });
  // The site still works without it, rendered in the browser: slower and invisible to search engines.
  if (!renderer) app.log.warn('rendu serveur indisponible (apps/web/dist-ssr) : pages rendues dans le navigateur');
  renderer?.setApiTransport(injectTransport);
  const { siteUrl } = deps.config;

  const shell = (pathname: string) => web.renderShell(renderer?.defaultHead(siteUrl, pathname) ?? '');
  /**
   * The backoffice's shell: its first frame, painted at once, and the chunks the address shows first
   * requested together (admin-first-parts.ts). The login and password pages are light: their scripts
   * are requested once the frame is painted, as a public page's (the loader). The dashboard and the
   * door need theirs and their data as soon as possible: Vite's own tags, with the chunks preloaded.
   * Measured both ways (docs/performance.md, issue 37).
   */
  const adminShell = async (url: string, pathname: string) => {
    const head = `${renderer?.defaultHead(siteUrl, pathname) ?? ''}${ADMIN_MANIFEST_LINK}`;
    const { parts, afterPaint } = adminFirstParts(url);
    const html = await adminFrameHtml();
    return afterPaint ? web.renderPage({ head, html, state: '', modules: parts }) : web.renderShell(head, parts, html);
  };
  // The backoffice's first frame is the same for every address: rendered at the first backoffice
  // request, then kept. Without it (a failed render) the shell is as Vite built it, an empty #root.
  let adminFrame: Promise<string> | undefined;
  const adminFrameHtml = () =>
    (adminFrame ??= (renderer?.renderAdminFrame() ?? Promise.resolve('')).catch((error: unknown) => {
      app.log.error({ err: error }, 'cadre de l’administration impossible à rendre');
      return '';
    }));

  // Pages depend on their address alone (no per-visitor content, no nonce): one render serves every
  // visitor until the content changes (see plugins/public-cache). The address leaves out the query
  // string of pages that do not read it, so tracking parameters do not each cost a render.
  // In maintenance mode, a visitor who entered (pressed M, answered Oui) carries a cookie: the page
  // is rendered for him rather than the gate, kept apart in the cache, and the answer varies by cookie.
  const maintenanceAccessOf = (headers: IncomingHttpHeaders) => deps.config.maintenanceMode && hasMaintenanceCookie(headers.cookie);
  /**
   * The page's key in the public cache, for this address and these headers: also what the fast path
   * (modules/fast-path) computes for another address of the same path, so the rule lives here alone.
   * A draft's preview is kept by no cache; a page that reads its query (the card preview) renders
   * free text from it: one entry per query would let anyone fill the cache and evict the real pages.
   */
  const pageKey = (pageRenderer: PageRenderer, url: string, headers: IncomingHttpHeaders) => {
    const address = pageRenderer.pageAddress(url);
    if (pageRenderer.isPrivatePage(address) || address.includes('?')) return null;
    return maintenanceAccessOf(headers) ? `${address}#maintenance-access` : address;
  };

  const servePage = (request: FastifyRequest, reply: FastifyReply, pageRenderer: PageRenderer, pathname: string) => {
    const address = pageRenderer.pageAddress(request.url);
    // A draft's preview: rendered for each request (the show as saved now), kept by no cache, indexed by no engine.
    const privatePage = pageRenderer.isPrivatePage(address);
    if (privatePage) reply.header('x-robots-tag', NOINDEX);
    const maintenanceAccess = maintenanceAccessOf(request.headers);
    if (deps.config.maintenanceMode) reply.header('vary', 'Cookie');
    const cacheKey = pageKey(pageRenderer, request.url, request.headers);
    return app.publicCache.serve(request, reply, async () => {
      try {
        const result = await withApp(app, () => pageRenderer.render(address, { siteUrl, now: deps.clock.now(), maintenanceAccess }));
        if (result.kind === 'redirect') {
          reply.header('location', result.location);
          return { statusCode: 302, contentType: HTML, body: '', cacheControl: 'no-cache' };
        }
        const cacheControl = privatePage ? NO_STORE : result.status === 200 ? PUBLIC_CACHE : 'no-cache';
        return { statusCode: result.status, contentType: HTML, body: web.renderPage(result), cacheControl };
      } catch (error) {
        // The page still works, rendered by the browser; the failure is logged for the maintainers.
        request.log.error({ err: error, url: request.url }, 'rendu serveur impossible');
        // no-store: a failure must not be kept, by the public cache or the browser; the next visit renders again.
        return { statusCode: 200, contentType: HTML, body: shell(pathname), cacheControl: 'no-store' };
      }
    }, cacheKey, (url, headers) => pageKey(pageRenderer, url, headers));
  };

  app.route({
    method: 'GET',
    url: '/*',
    schema: { hide: true },
    handler: async (request, reply) => {
      const pathname = request.url.split('?')[0]!;
      if (pathname.startsWith('/api/') || pathname.startsWith('/uploads/')) {
        throw notFound(texts.api.notFound);
      }
      const admin = pathname === '/admin' || pathname.startsWith('/admin/');
      if (!renderer || admin) {
        // The backoffice alone is an installable app: public pages get no manifest (nor a service worker).
        const html = admin ? await adminShell(request.url, pathname) : shell(pathname);
        return reply.type(HTML).header('cache-control', 'no-cache').send(html);
      }
      await servePage(request, reply, renderer, pathname);
      // A page the visitor was given (not a HEAD, a 304, a redirect or an error), cached or not; a
      // draft's preview is the staff's. The counter never waits for the database.
      if (request.method === 'GET' && reply.statusCode === 200 && !renderer.isPrivatePage(renderer.pageAddress(request.url))) {
        app.audience.count({ path: pathname, search: request.url.slice(pathname.length), headers: request.headers, ip: request.ip });
      }
      return reply;
    },
  });
}
