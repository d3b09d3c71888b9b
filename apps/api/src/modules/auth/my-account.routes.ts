import { changePasswordInputSchema, errorResponseSchema, messageResponseSchema, passkeyTexts } from '@bande/shared';
import type { App, AppDeps } from '../../deps.ts';
import { noStore } from '../../lib/cache-headers.ts';
import { minutes } from '../../lib/clock.ts';
import { badRequest } from '../../lib/http-error.ts';
import { rateLimit } from '../../plugins/rate-limit.ts';
import { adminUsersRepository } from './auth.repository.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { access } from '../../plugins/access-control.ts';

const tags = ['auth'];
const security = [{ bearerAuth: [] }];

/** « Mon compte »: the logged-in account changes its own password (every role may). */
export async function myAccountRoutes(app: App, deps: AppDeps): Promise<void> {
  app.put(
    '/api/auth/me/password',
    {
      onRequest: [noStore, app.requireAdmin],
      // A session left open must not become a way to guess the password at leisure.
      config: { ...rateLimit(10, minutes(15)), access: access.anyRole },
      schema: {
        tags,
        security,
        summary: 'Change le mot de passe du compte (ferme ses autres sessions)',
        body: changePasswordInputSchema,
        response: { 200: messageResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request) => {
      await changeOwnPassword(deps, request.admin!, request.body.currentPassword, request.body.newPassword);
      return { message: passkeyTexts.passwordChanged };
    },
  );
}

/**
 * Checks the current password, sets the new one and closes every other session of the account (a
 * thief's token too); the session that asked stays open. Lifts a lock like a reset does.
 */
async function changeOwnPassword({ db, clock }: Pick<AppDeps, 'db' | 'clock'>, admin: { id: number; sessionId: number }, currentPassword: string, newPassword: string) {
  const user = await adminUsersRepository.findById(db, admin.id);
  if (!user || !(await verifyPassword(user.passwordHash, currentPassword))) throw badRequest(passkeyTexts.currentPasswordWrong);
  if (currentPassword === newPassword) throw badRequest(passkeyTexts.samePassword);
  const passwordHash = await hashPassword(newPassword);
  const now = clock.now();
  await db.transaction().execute(async (trx) => {
    await adminUsersRepository.setPassword(trx, admin.id, passwordHash, now);
    await trx.deleteFrom('adminSessions').where('userId', '=', admin.id).where('id', '!=', admin.sessionId).execute();
  });
}
