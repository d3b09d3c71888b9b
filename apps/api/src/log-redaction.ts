import type { FastifyRequest } from 'fastify';

/*
 * What must never reach a log line (issue 33): the secrets carried by addresses and bodies. Mail links
 * carry tokens (`/reservation/annulation?token=…`, `/newsletter/desinscription?token=…`,
 * `/api/shows/preview/<token>`), forms carry codes and passwords, an invitation link its key after
 * `#` (which a browser's error report may send back). Whoever reads the log could otherwise cancel or
 * claim bookings, unsubscribe people, open previews. Redacted at every level, in development as in
 * production, by the logger's own serializers (logger.ts).
 */
export const REDACTED = '[redacted]';

/** Names (of query or fragment parameters, route parameters, body fields) whose value is a secret, lower case. */
const SECRET_NAMES = new Set(['token', 'code', 'codes', 'unlockcode', 'totpcode', 'password', 'newpassword', 'currentpassword', 'invitation', 'secret', 'key']);

export const isSecretName = (name: string) => SECRET_NAMES.has(name.toLowerCase());

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return text;
  }
}

/** `a=1&token=x` → `a=1&token=[redacted]`: other parameters kept as they were written. */
function redactParams(params: string): string {
  return params
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals === -1 ? pair : pair.slice(0, equals);
      return isSecretName(decoded(name)) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
}

/**
 * An address with the values of its secret query and fragment parameters redacted, and the path
 * segments equal to one of `secretSegments` (a route's secret parameters, such as a preview token).
 */
export function redactUrl(url: string, secretSegments: readonly string[] = []): string {
  const hashAt = url.indexOf('#');
  const beforeHash = hashAt === -1 ? url : url.slice(0, hashAt);
  const queryAt = beforeHash.indexOf('?');
  let path = queryAt === -1 ? beforeHash : beforeHash.slice(0, queryAt);
  if (secretSegments.length > 0) {
    path = path
      .split('/')
      .map((segment) => (segment !== '' && secretSegments.includes(decoded(segment)) ? REDACTED : segment))
      .join('/');
  }
  const query = queryAt === -1 ? '' : `?${redactParams(beforeHash.slice(queryAt + 1))}`;
  const hash = hashAt === -1 ? '' : `#${redactParams(url.slice(hashAt + 1))}`;
  return `${path}${query}${hash}`;
}

/** The route parameters of a request whose name says secret (`:token`), as found in its path. */
function secretParamValues(request: Pick<FastifyRequest, 'params'>): string[] {
  const params = (request.params ?? {}) as Record<string, unknown>;
  return Object.entries(params)
    .filter(([name, value]) => isSecretName(name) && typeof value === 'string' && value !== '')
    .map(([, value]) => value as string);
}

/**
 * Fastify's own request serializer (method, url, host), with the address redacted. Without the visitor's
 * IP address and port: the audience measurement's exemption (issue 36) allows no address kept about a
 * visit, and the log is kept and read elsewhere. What needs an address for security (failed logins,
 * lockouts) writes it to the activity log, which keeps it a year.
 */
export function requestForLog(request: FastifyRequest) {
  return {
    method: request.method,
    url: typeof request.url === 'string' ? redactUrl(request.url, secretParamValues(request)) : request.url,
    version: request.headers?.['accept-version'],
    host: request.host,
  };
}

/*
 * `name=value` of a secret name inside free text (an error message quoting an address). One literal
 * alternation then one character class to the next delimiter: linear, whatever the text.
 */
// Built from SECRET_NAMES (plain lower-case words, nothing to escape) so the two lists cannot drift apart.
const SECRET_ASSIGNMENT = new RegExp(`\\b(${[...SECRET_NAMES].join('|')})=[^\\s&#"'<>]*`, 'gi');

/** Free text with the value of every `token=…` (and other secret names) redacted. */
export const redactText = (text: string) => text.replace(SECRET_ASSIGNMENT, (_match, name: string) => `${name}=${REDACTED}`);

/**
 * A browser's error report: its page address redacted (a reservation link, an invitation link's #),
 * and any address its message or stacks quote.
 */
export function clientErrorForLog(report: unknown) {
  if (typeof report !== 'object' || report === null) return report;
  return Object.fromEntries(
    Object.entries(report).map(([field, value]) => [field, typeof value !== 'string' ? value : field === 'url' ? redactUrl(value) : redactText(value)]),
  );
}
