import type { FastifyReply, FastifyRequest } from 'fastify';
import { parseCookie, stringifySetCookie } from 'cookie';
import { AUTH } from '@bande/shared';
import type { AppConfig } from '../../env.ts';
import { isRequesterKey, newRequesterKey } from './codes.service.ts';

/** The cookie holding the browser's requester key for reset codes (see codes.service.ts). */
const REQUESTER_COOKIE = 'code-requester';

/** The requester key the browser holds, if any (a malformed one is ignored). */
export function requesterKeyOf(request: FastifyRequest): string | undefined {
  const value = parseCookie(request.headers.cookie ?? '')[REQUESTER_COOKIE];
  return isRequesterKey(value) ? value : undefined;
}

/**
 * The browser's requester key, made and set when it holds none: one key per browser, so that codes
 * asked again from the same browser all stay usable there. It is set whatever the answer (known or
 * unknown address), so that the cookie tells nothing. httpOnly (no script reads it), SameSite=Strict
 * (no other site sends it), only on /api/auth, for the life of a reset code.
 */
export function holdRequesterKey(request: FastifyRequest, reply: FastifyReply, config: Pick<AppConfig, 'siteUrl'>): string {
  const key = requesterKeyOf(request) ?? newRequesterKey();
  reply.header(
    'set-cookie',
    stringifySetCookie({
      name: REQUESTER_COOKIE,
      value: key,
      httpOnly: true,
      sameSite: 'strict',
      path: '/api/auth',
      secure: config.siteUrl.startsWith('https:'),
      maxAge: AUTH.resetCodeMinutes * 60,
    }),
  );
  return key;
}
