import type { FastifyReply, FastifyRequest } from 'fastify';
import { stringifySetCookie } from 'cookie';
import type { App, AppDeps } from '../../deps.ts';
import { STAFF_COOKIE } from './visit-filter.ts';

const YEAR_S = 365 * 24 * 60 * 60;

/** The marker's Set-Cookie: `staff=1` (no identifier: every staff browser holds the same value), or its removal. */
const marker = (config: Pick<AppDeps['config'], 'siteUrl'>, on: boolean) =>
  stringifySetCookie({ name: STAFF_COOKIE, value: on ? '1' : '', httpOnly: true, sameSite: 'strict', path: '/', secure: config.siteUrl.startsWith('https:'), maxAge: on ? YEAR_S : 0 });

/**
 * The staff's own visits are not counted (issue 36). The backoffice signs its calls with a bearer token,
 * which a page request does not carry, so a browser signed in to the backoffice gets a first-party
 * cookie that only says « do not count »: set on its authenticated answers (whatever way it signed in:
 * password, code, passkey) and removed at logout. See docs/security.md.
 */
export function registerStaffMarker(app: App, { config }: AppDeps): void {
  const set = marker(config, true);
  const clear = marker(config, false);
  app.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (error: Error | null, payload?: unknown) => void) => {
    if (request.admin !== undefined && reply.statusCode < 400 && !reply.hasHeader('set-cookie')) {
      const signingOut = request.url === '/api/auth/logout';
      const held = request.headers.cookie?.includes(`${STAFF_COOKIE}=1`) === true;
      if (signingOut || !held) reply.header('set-cookie', signingOut ? clear : set);
    }
    done(null, payload);
  });
}
