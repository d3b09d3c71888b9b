import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

export type SecurityHeaders = ReturnType<typeof helmet>;

/** helmet's middleware for these options, built once for the app. */
export const securityHeaders = (options: HelmetOptions): SecurityHeaders => helmet(options);

/**
 * For the answers Fastify gives before any hook runs (an address with a broken %-escape, see
 * frameworkErrors in app.ts): the same headers, set directly.
 */
export function setSecurityHeaders(applyHelmet: SecurityHeaders, request: { raw: IncomingMessage }, reply: { raw: ServerResponse }): void {
  applyHelmet(request.raw, reply.raw, () => undefined);
}

/**
 * helmet's security headers on every answer, refusals and 404s included (an onRequest hook, before
 * any route or guard can answer).
 *
 * helmet's own middleware, built once: @fastify/helmet called `helmet(options)` on every request, which
 * parsed and validated the whole Content-Security-Policy each time; that was 14 % of the server's time
 * on `GET /api/health` under load (docs/performance.md, issue 27). The headers are the same bytes.
 */
export function registerSecurityHeaders(app: FastifyInstance, applyHelmet: SecurityHeaders): void {
  app.addHook('onRequest', (request, reply, done) => {
    // helmet 8 throws synchronously rather than calling next with an error; both reach Fastify.
    try {
      applyHelmet(request.raw as IncomingMessage, reply.raw as ServerResponse, (error?: unknown) => done(error as Error | undefined));
    } catch (error) {
      done(error as Error);
    }
  });
}
