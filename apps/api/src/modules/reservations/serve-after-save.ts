import type { AppDeps } from '../../deps.ts';
import { lockPerformance, settlePerformance, type Executor } from './booking.ts';

/**
 * After a show save (in its transaction, the performances already locked): a capacity raised gives
 * seats to the waiting list at once. Settling a performance whose capacity did not change does nothing.
 */
export async function serveAfterSave(trx: Executor, { dialect, mailer, config, clock }: Pick<AppDeps, 'dialect' | 'mailer' | 'config' | 'clock'>, performanceIds: number[]): Promise<void> {
  const settleDeps = { dialect, mailer, settings: config.reservations, mail: { siteUrl: config.siteUrl, now: () => clock.now() } };
  for (const id of performanceIds) {
    const performance = await lockPerformance(trx, dialect, id);
    if (performance) await settlePerformance(trx, settleDeps, performance, clock.now());
  }
}
