import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DB, DialectName } from './db/connection.ts';
import type { AppConfig } from './env.ts';
import type { Clock } from './lib/clock.ts';
import type { Mailer } from './plugins/mailer.ts';
import type { Storage } from './plugins/storage.ts';

// What routes and plugins are handed, in a module of its own: they import it, never app.ts, so that
// app.ts (which imports them all) stays at the top of a one-way graph.

/** Everything the routes need, passed in so that tests can give a fresh database, a clock and a mail recorder. */
export interface AppDeps {
  db: DB;
  dialect: DialectName;
  config: AppConfig;
  mailer: Mailer;
  storage: Storage;
  clock: Clock;
  /** Built web app (index.html and assets) to serve, when present. */
  webRoot?: string;
  /** Its server renderer; default: apps/web/dist-ssr/entry-server.js beside webRoot. */
  ssrEntry?: string;
  /** Reads a text over HTTPS (Amazon SNS's certificates and subscription links); tests serve their own. */
  fetchText?: (url: string) => Promise<string>;
}

export type App = FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger, ZodTypeProvider>;
