import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { DB, DialectName } from '../../db/connection.ts';
import type { AppConfig } from '../../env.ts';
import type { Clock } from '../../lib/clock.ts';
import { createPeriodicJob, type PeriodicJob } from '../../lib/periodic-job.ts';
import { createMailer } from '../../plugins/mailer.ts';
import { createCampaignSender } from './campaign-sender.ts';

/** Between two rounds of the sender on each server: scheduled letters start at most this late. */
export const CAMPAIGN_POLL_MS = 2_000;

/**
 * The campaign sender on every server (they share the work through the rows' leases): each round starts
 * the due campaigns and sends what the rate allows. A restarted server takes up an interrupted send at
 * its first round, once the killed server's leases (CAMPAIGN_CLAIM_MS) have run out.
 */
export function createCampaignJob({ db, dialect, clock, log, config }: { db: DB; dialect: DialectName; clock: Clock; log: FastifyBaseLogger; config: AppConfig }): PeriodicJob {
  const transport = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox'), log, pool: true });
  const sender = createCampaignSender({ db, dialect, clock, transport, log, siteUrl: config.siteUrl, ratePerMinute: config.newsletterRatePerMinute });
  const job = createPeriodicJob({ firstDelayMs: 500, everyMs: CAMPAIGN_POLL_MS, run: (signal) => sender.runOnce(signal), onError: (err) => log.error({ err }, 'échec d’un tour de l’envoi des lettres') });
  return {
    start: () => job.start(),
    async stop() {
      await job.stop();
      transport.close();
    },
  };
}
