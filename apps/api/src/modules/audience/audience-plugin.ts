import type { App, AppDeps } from '../../deps.ts';
import { registerStaffMarker } from './staff-marker.ts';
import { createAudienceCounter, type AudienceCounter } from './audience-counter.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The audience counter (modules/audience): `count()` takes plain data, so a listener in front of Fastify can call it. */
    audience: AudienceCounter;
  }
}

/** Counting off (AUDIENCE_MEASUREMENT=false): nothing counted, nothing written. */
const noCounter: AudienceCounter = { count() {}, flush: async () => {}, start() {}, stop: async () => {} };

/**
 * The server's audience counter: flushed every 10 s once the app is ready and at its graceful close
 * (after the requests in flight, which may still count).
 */
export function registerAudience(app: App, deps: AppDeps): void {
  const { db, clock, config } = deps;
  registerStaffMarker(app, deps);
  const counter = config.audienceMeasurement ? createAudienceCounter({ db, clock, log: app.log, siteUrl: config.siteUrl }) : noCounter;
  app.decorate('audience', counter);
  app.addHook('onReady', async () => counter.start());
  app.addHook('onClose', async () => counter.stop());
}
