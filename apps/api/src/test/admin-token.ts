import crypto from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { hashToken } from '../lib/token-hash.ts';
import { createTestApp, type TestContext } from './test-app.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A valid admin bearer token for tests, made by writing the session row directly so that tests of
 * admin routes do not depend on the login flow. Each call creates its own admin user (random email,
 * so it never collides with the configured admin account) and a session valid one day from the
 * test clock's now.
 */
export async function createAdminToken(ctx: Pick<TestContext, 'db' | 'clock'>): Promise<string> {
  const now = ctx.clock.now();
  const suffix = crypto.randomBytes(6).toString('hex');
  const user = await ctx.db
    .insertInto('adminUsers')
    .values({
      email: `admin-${suffix}@example.org`,
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
