import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps.ts';
import { auditRepository, type AuditRecord } from '../modules/audit/audit.repository.ts';
import { hookWhen } from '../lib/hooks-when.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolves once every activity-log entry under way is written (tests read the log after it). */
    auditLogSettled: () => Promise<void>;
  }
  interface FastifyRequest {
    /** Id of what a write created, read from its answer (POST without :id). */
    auditCreatedId?: string;
    /** A login refused for its second factor: 'totp-required' (no code sent) or 'totp-failed'. */
    auditLoginAction?: string;
    /** The account a passkey login named (known once its credential is found), for its log entry. */
    auditPasskeyEmail?: string;
  }
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Last path segments that name the action themselves (`POST /api/shows/:id/publish`). */
const NAMED_ACTIONS = new Set(['publish', 'unpublish', 'featured', 'reorder', 'logout', 'preview', 'restore', 'test', 'send', 'cancel', 'retry-failed']);
const LOGIN_URL = '/api/auth/login';
const LOGIN_ACTIONS: Record<number, string> = { 200: 'login', 401: 'login-failed', 429: 'locked' };
const TWO_FACTOR_ROUTE = /^\/api\/auth\/totp\/(setup|enable|disable)$/;
const PASSKEY_LOGIN_URL = '/api/auth/passkey/login';
/** The account's own passkeys and password, and an administrator removing another's passkeys. */
const ACCOUNT_ACTIONS: Record<string, { action: string; entity: string }> = {
  'POST /api/auth/passkeys/register/options': { action: 'passkey-register-start', entity: 'auth' },
  'POST /api/auth/passkeys/register': { action: 'passkey-add', entity: 'auth' },
  'DELETE /api/auth/passkeys/:id': { action: 'passkey-delete', entity: 'auth' },
  'DELETE /api/users/:id/passkeys': { action: 'passkey-remove', entity: 'users' },
  'PUT /api/auth/me/password': { action: 'password-change', entity: 'auth' },
};

/** Action and entity of an admin write, from its method and route pattern (not the raw URL). */
export function auditActionOf(method: string, routeUrl: string): { action: string; entity: string } {
  const parts = routeUrl.replace(/^\/api\//, '').split('/');
  const first = parts[0] ?? '';
  const last = parts.at(-1) ?? '';
  // Logged as 'totp-setup', 'totp-enable', 'totp-disable' of the account itself: never a secret or code.
  if (TWO_FACTOR_ROUTE.test(routeUrl)) return { action: `totp-${last}`, entity: 'auth' };
  const accountAction = ACCOUNT_ACTIONS[`${method} ${routeUrl}`];
  if (accountAction) return accountAction;
  if (first === 'upload') return { action: 'upload', entity: 'uploads' };
  // A phone booking (POST /api/performances/:id/reservations) is a reservation made, not a performance changed.
  if (first === 'performances' && last === 'reservations') return { action: 'create', entity: 'reservations' };
  // People let in at the door without a booking (« Ajouter à l’entrée »).
  if (first === 'performances' && last === 'walk-ins') return { action: 'walk-in', entity: 'reservations' };
  if (parts.length > 1 && NAMED_ACTIONS.has(last)) return { action: last, entity: first };
  if (first === 'messages' && method === 'PUT') return { action: 'status', entity: first };
  const action = method === 'POST' ? 'create' : method === 'DELETE' ? 'delete' : 'update';
  return { action, entity: first };
}

function createdIdOf(payload: unknown): string | undefined {
  if (typeof payload !== 'string' || payload.length > 200_000) return undefined;
  try {
    const body = JSON.parse(payload) as { data?: { id?: unknown }; url?: unknown };
    const id = body.data?.id ?? body.url;
    return typeof id === 'number' || typeof id === 'string' ? String(id) : undefined;
  } catch {
    return undefined;
  }
}

/** 'totp-required' or 'totp-failed' when a refused login's answer asks for the second factor. */
function loginActionOf(request: FastifyRequest, payload: unknown): string | undefined {
  if (typeof payload !== 'string' || !payload.includes('"totpRequired":true')) return undefined;
  const code = (request.body as { totpCode?: unknown } | undefined)?.totpCode;
  return code ? 'totp-failed' : 'totp-required';
}

function entryOf(request: FastifyRequest, statusCode: number, at: string): AuditRecord | undefined {
  const routeUrl = request.routeOptions.url;
  if (!routeUrl || !WRITE_METHODS.has(request.method)) return undefined;
  if (routeUrl === LOGIN_URL) {
    // A 401 that asks for the second factor is no wrong password: logged apart from 'login-failed'.
    const action = (statusCode === 401 ? request.auditLoginAction : undefined) ?? LOGIN_ACTIONS[statusCode];
    const email = (request.body as { email?: unknown } | undefined)?.email;
    // Only the address tried is kept: never the password nor the unlock code.
    if (!action) return undefined;
    return { at, userEmail: typeof email === 'string' ? email.slice(0, 320) : null, action, entity: 'auth', entityId: null, ip: request.ip };
  }
  if (routeUrl === PASSKEY_LOGIN_URL) {
    // A passkey login names no address: the account is the passkey's, when the passkey was found.
    const action = statusCode === 200 ? 'login-passkey' : statusCode === 429 ? undefined : 'login-passkey-failed';
    if (!action) return undefined;
    return { at, userEmail: request.auditPasskeyEmail ?? null, action, entity: 'auth', entityId: null, ip: request.ip };
  }
  if (!request.admin || statusCode < 200 || statusCode >= 300) return undefined;
  const { action, entity } = auditActionOf(request.method, routeUrl);
  const paramId = (request.params as { id?: unknown } | undefined)?.id;
  const entityId = paramId !== undefined ? String(paramId) : (request.auditCreatedId ?? null);
  return { at, userEmail: request.admin.email, action, entity, entityId, ip: request.ip };
}

/**
 * The activity log: one entry for every successful admin write and every login, failed login and
 * lockout, written after the answer is sent. A failure to write it is logged and never fails the request.
 */
export function registerAuditLog(app: FastifyInstance, { db, clock }: Pick<AppDeps, 'db' | 'clock'>) {
  const pending = new Set<Promise<void>>();
  app.decorate('auditLogSettled', async () => {
    await Promise.allSettled([...pending]);
  });

  // Synchronous, as nothing is awaited: no promise per request (issue 27).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.routeOptions.url === LOGIN_URL && reply.statusCode === 401) request.auditLoginAction = loginActionOf(request, payload);
    if (request.admin && WRITE_METHODS.has(request.method) && reply.statusCode >= 200 && reply.statusCode < 300) {
      const id = createdIdOf(payload);
      if (id !== undefined) request.auditCreatedId = id;
    }
    done(null, payload);
  });

  // Only writes are logged (entryOf): reads skip the hook's promise.
  app.addHook('onResponse', hookWhen((request) => WRITE_METHODS.has(request.method), async (request, reply) => {
    const entry = entryOf(request, reply.statusCode, clock.now().toISOString());
    if (!entry) return;
    const write = auditRepository
      .insert(db, entry)
      .catch((err: unknown) => request.log.error({ err }, "échec de l'écriture du journal d'activité"))
      .finally(() => pending.delete(write));
    pending.add(write);
    await write;
  }));
}
