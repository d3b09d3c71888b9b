import type { Logger } from 'pino';
import type { AppDeps } from '../../app.ts';

/** Fills an empty database with a believable troupe (see docs). */
export async function seedDemoContent(_deps: AppDeps, _log: Logger): Promise<void> {
  // TODO: demo content
}
