import crypto from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { Role } from '@bande/shared';
import type { Database } from '../db/schema.ts';
import { hashToken } from '../lib/token-hash.ts';
import { createTestApp, type TestContext } from './test-app.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A valid admin bearer token for tests, made by writing the session row directly so that tests of
 * admin routes do not depend on the login flow. Each call creates its own admin user (random email,
 * so it never collides with the configured admin account) and a session valid one day from the
 * test clock's now. An account of another role for the role tests (route-roles.test.ts).
 */
export async function createAdminToken(ctx: Pick<TestContext, 'db' | 'clock'>, role: Role = 'admin'): Promise<string> {
  const now = ctx.clock.now();
  const suffix = crypto.randomBytes(6).toString('hex');
  const user = await ctx.db
    .insertInto('adminUsers')
    .values({
      email: `${role}-${suffix}@example.org`,
      role,
      passwordHash: await hash(crypto.randomBytes(16).toString('hex')),
      lockedUntil: null,
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = crypto.randomBytes(32).toString('base64url');
  await ctx.db
    .insertInto('adminSessions')
    .values({
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + DAY_MS).toISOString(),
      createdAt: now.toISOString(),
    })
    .execute();
  return token;
}

/**
 * The usual start of an API test file: a fresh app (createTestApp, same arguments) and an admin's
 * bearer token for it, with the Authorization header that carries it.
 */
export async function createAdminTestApp(...args: Parameters<typeof createTestApp>) {
  const ctx = await createTestApp(...args);
  const token = await createAdminToken(ctx);
  return { ctx, token, auth: { authorization: `Bearer ${token}` } };
}

export type AdminTestApp = Awaited<ReturnType<typeof createAdminTestApp>>;

/**
 * The same start as hooks of the test file: the app and token made before its first test and handed to
 * `receive` (which stores them in the file's own `ctx`, `auth`...), the `emptyBeforeEach` tables emptied
 * before each test (children before parents), the app closed after the last test.
 */
export function adminTestAppForThisFile(receive: (app: AdminTestApp) => void, { emptyBeforeEach = [] }: { emptyBeforeEach?: readonly (keyof Database)[] } = {}) {
  let ctx: TestContext | undefined;
  beforeAll(async () => {
    const app = await createAdminTestApp();
    ctx = app.ctx;
    receive(app);
  });
  afterAll(() => ctx?.close());
  if (emptyBeforeEach.length > 0) {
    beforeEach(async () => {
      for (const table of emptyBeforeEach) await ctx!.db.deleteFrom(table).execute();
    });
  }
}
