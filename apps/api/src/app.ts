import crypto from 'node:crypto';
import fs from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import Fastify, { type FastifyReply, type FastifyBaseLogger, type RouteOptions } from 'fastify';
import compress from '@fastify/compress';
import etag from '@fastify/etag';
import fastifyStatic from '@fastify/static';
import { registerWebPages } from './ssr/web-pages.ts';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { SITE_NAME, texts } from '@bande/shared';
import { registerStorageRoute } from './plugins/uploads-route.ts';
import { registerErrorHandler, registerNotFound } from './plugins/error-handler.ts';
import { registerAuthGuard } from './plugins/auth-guard.ts';
import { registerAuditLog } from './plugins/audit-log.ts';
import { registerRevisionHistory } from './plugins/revision-history.ts';
import { registerRoutes } from './routes.ts';
import { registerRateLimit } from './plugins/rate-limit.ts';
import { registerPublicCache } from './plugins/public-cache/public-cache.ts';
import { registerAudience } from './modules/audience/audience-plugin.ts';
import { registerScheduleCacheCap } from './modules/scheduling/schedule-horizon.ts';
import { contentSecurityPolicy } from './plugins/content-security-policy.ts';
import { registerSecurityHeaders, securityHeaders, setSecurityHeaders } from './plugins/security-headers.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
import { access, registerAccessControl } from './plugins/access-control.ts';
import { databaseProbe } from './modules/health/database-probe.ts';
import { createFastPath, type FastPath, type OnServed } from './modules/fast-path/fast-path.ts';
import { fastPathPageCounter } from './modules/audience/fast-path-views.ts';
import type { App, AppDeps } from './deps.ts';
import type { AppConfig } from './env.ts';


/**
 * How long a client may take, so that slow or silent clients cannot hold connections for ever
 * (slowloris). Headers: 10 s, plenty for any real client. Whole request: 5 minutes, not 30 s, as a
 * staff member on a 5 Mbit/s uplink needs about 4 minutes to send a 150 MB video. A connection with
 * no traffic at all for 30 s is closed. Node checks the first two every `checkIntervalMs`.
 */
export const SERVER_TIMEOUTS = {
  headersMs: 10_000,
  requestMs: 5 * 60_000,
  connectionMs: 30_000,
  checkIntervalMs: 2_000,
};

export interface BuildOptions {
  loggerInstance?: FastifyBaseLogger;
  /** Shorter timeouts, for a test that plays the slow client. */
  timeouts?: Partial<typeof SERVER_TIMEOUTS>;
  /** Called for each route as it is registered: lets a test enumerate every route (admin-routes.test.ts). */
  onRoute?: (route: RouteOptions) => void;
  /** Called for each answer the fast path sends (the audience count of issue 36 is wired here). */
  onFastPathServed?: OnServed;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The fast path in front of this app's server (its counts, for tests and the log). */
    fastPath: FastPath;
  }
}

export async function buildApp(deps: AppDeps, options: BuildOptions = {}): Promise<App> {
  const timeouts = { ...SERVER_TIMEOUTS, ...options.timeouts };
  const helmetHeaders = securityHeaders({
    contentSecurityPolicy: contentSecurityPolicy(deps.config.addressSearchUrl),
    crossOriginEmbedderPolicy: false,
  });
  // The fast path's listener runs first on each request and hands the others to Fastify's; it is
  // made once the public cache exists (below), before the server listens.
  // eslint-disable-next-line prefer-const -- read by the listener defined before its one assignment
  let fastPath: FastPath | undefined;
  const app = Fastify({
    // Fastify's own server, with the fast path's listener placed before Fastify's handler. The options
    // are Fastify's (its `http` settings, timeouts), applied as it applies them without a factory.
    serverFactory: (handler, serverOptions) => {
      const server = http.createServer(serverOptions.http ?? {}, (request: IncomingMessage, response: ServerResponse) => {
        if (!fastPath?.handle(request, response)) handler(request, response);
      });
      server.keepAliveTimeout = Number(serverOptions.keepAliveTimeout ?? 72_000);
      server.requestTimeout = Number(serverOptions.requestTimeout ?? 0);
      server.setTimeout(Number(serverOptions.connectionTimeout ?? 0));
      return server;
    },
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.connectionMs,
    http: { headersTimeout: timeouts.headersMs, connectionsCheckingInterval: timeouts.checkIntervalMs },
    ...(options.loggerInstance ? { loggerInstance: options.loggerInstance } : { logger: false }),
    // Only the configured proxies may be believed about X-Forwarded-For; otherwise a visitor could
    // forge it and escape the per-IP rate limits (see TRUST_PROXY in env.ts).
    trustProxy: fastifyTrustProxy(deps.config.trustProxy),
    // JSON bodies: generous for long show texts, small enough to refuse abuse with a 413.
    bodyLimit: 1024 * 1024,
    // Errors raised before routing (an address with a broken %-escape) skip the error handler: say them in French too.
    frameworkErrors: (error, request, reply) => {
      setSecurityHeaders(helmetHeaders, request, reply);
      void (reply as FastifyReply).code(400).send({ error: error.code === 'FST_ERR_BAD_URL' ? texts.api.badUrl : texts.api.invalidBody });
    },
  }).withTypeProvider<ZodTypeProvider>();
  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  // While the server stops, answers still in flight close their connection: a keep-alive connection
  // left open after its last answer would hold app.close() until the shutdown deadline (start-server.ts).
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
    fastPath?.stop();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });

  // First of the onRoute hooks: every /api route must declare who may call it (deny by default).
  registerAccessControl(app);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  registerSecurityHeaders(app, helmetHeaders);
  // Before compress, so the tag is computed on the uncompressed body; weak, as it then stands for the
  // br, gzip and identity forms alike. A revalidation that matches answers 304 without a body.
  // The tag is the same SHA-1 @fastify/etag makes by default, through Node's one-shot crypto.hash:
  // about 0.3 µs for a small JSON answer against 1.1 µs for createHash().update().digest().
  await app.register(etag, { weak: true, hashFn: (payload: string | Buffer) => crypto.hash('sha1', payload, 'base64') });
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 });

  await app.register(swagger, {
    openapi: {
      info: { title: `API ${SITE_NAME}`, description: 'API du site public et du backoffice', version: '1.0.0' },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  // After helmet, so that its refusals carry the security headers too; before every route.
  registerInputGuard(app);
  registerAuthGuard(app, deps);
  registerAuditLog(app, deps);
  registerRevisionHistory(app, deps);
  await registerRateLimit(app, deps);
  // Before the routes: it wraps those declared with `config: { answerCache: true }` and bumps the content version on admin writes.
  registerPublicCache(app, deps);
  // After it (reads its version): no shared copy of a public answer outlives a scheduled publication.
  const horizon = registerScheduleCacheCap(app, deps);
  // The audience counter, before the routes and the pages that count (modules/audience).
  registerAudience(app, deps);

  // The database answers, or the health check fails (a French 503 through the error handler).
  const healthQuery = deps.db.selectFrom('cardConfig').select('id').limit(1).compile();
  const databaseAnswers = databaseProbe(() => deps.db.executeQuery(healthQuery));
  app.get('/api/health', { schema: { hide: true }, config: { access: access.public } }, async (_request, reply) => {
    await databaseAnswers();
    return reply.send({ status: 'ok' });
  });
  const countPage = fastPathPageCounter(() => app.audience, fastifyTrustProxy(deps.config.trustProxy));
  fastPath = createFastPath({
    publicCache: app.publicCache,
    horizon,
    clock: deps.clock,
    log: app.log,
    // The pages it sends are counted for the « Bilan » as the full path counts them (issue 36).
    onServed: (request, status) => {
      countPage(request, status);
      options.onFastPathServed?.(request, status);
    },
    // Within the probe's second the full path answers without asking the database: so may the fast path.
    health: { path: '/api/health', isFresh: databaseAnswers.isFresh },
  });
  app.decorate('fastPath', fastPath);

  await registerRoutes(app, deps);

  if (deps.storage.localRoot) {
    await app.register(fastifyStatic, {
      root: deps.storage.localRoot,
      prefix: '/uploads/',
      decorateReply: false,
      index: false,
      // Uploads being written have a temporary dot-name (plugins/storage.ts): never served.
      dotfiles: 'ignore',
      // File names are generated and never reused, so a year of caching is safe.
      immutable: true,
      maxAge: '365d',
    });
  } else {
    // Files in a bucket: streamed from it by every server (plugins/uploads-route.ts).
    registerStorageRoute(app, deps.storage);
  }
  const hasWebApp = deps.webRoot !== undefined && fs.existsSync(path.join(deps.webRoot, 'index.html'));
  if (hasWebApp) await registerWebPages(app, { ...deps, webRoot: deps.webRoot! });
  registerNotFound(app);
  return app;
}

/**
 * Fastify 5.12 ignores a numeric trustProxy (it trusts no hop at all), so a hop count is given as
 * proxy-addr's trust function: the n nearest peers are proxies, the entry before them is the visitor.
 * That is only sound when the server cannot be reached except through those proxies, which is why
 * the addresses form is preferred in .env.example.
 */
export function fastifyTrustProxy(trust: AppConfig['trustProxy']): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}
