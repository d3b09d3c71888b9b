import type { Logger } from 'pino';
import type { AppDeps } from '../../app.ts';

/** Creates the admin account at start when none exists. */
export async function ensureAdminAccount(_deps: AppDeps, _log: Logger): Promise<void> {
  // TODO
}
