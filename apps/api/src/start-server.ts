import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { createDatabase } from './db/connection.ts';
import { migrateToLatest } from './db/migrate.ts';
import { ConfigError, loadConfig } from './env.ts';
import { createLogger, warnAboutProductionSettings } from './logger.ts';
import { systemClock } from './lib/clock.ts';
import { createMailService } from './plugins/mail-queue.ts';
import { createStorage } from './plugins/create-storage.ts';
import { createOrphanSweeper } from './modules/uploads/orphan-sweep.ts';
import { createRetentionJob } from './modules/newsletter/retention.ts';
import { createPublicationJob } from './modules/scheduling/publication-job.ts';
import { createReservationJob } from './modules/reservations/reservation-job.ts';
import { createCampaignJob } from './modules/campaigns/campaign-job.ts';
import { createAudienceAggregationJob } from './modules/audience/aggregation-job.ts';
import { ensureAdminAccount } from './modules/auth/admin-bootstrap.ts';
import { seedDemoContent } from './db/seed/seed.ts';
import { settleAfterStart } from './lib/settle-after-start.ts';

/** A stop (SIGTERM, SIGINT) finishes the requests in flight and closes the database within this, else exits 1. */
const SHUTDOWN_DEADLINE_MS = 10_000;

const here = path.dirname(fileURLToPath(import.meta.url));
/** The built web app, beside the built server (apps/api/dist -> apps/web/dist). */
const defaultWebRoot = path.resolve(here, '../../web/dist');

function readConfig() {
  // A .env file in the working directory is read when present (variables already set win).
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function main() {
  const config = readConfig();
  const log = createLogger(config);
  warnAboutProductionSettings(config, log);
  const { db, dialect } = createDatabase({
    databaseUrl: config.databaseUrl,
    sqliteFile: path.join(config.dataDir, 'bande.sqlite'),
    log,
  });
  await migrateToLatest(db, dialect);
  // Routes only queue mails; the worker sends them after the answer (SMTP, or DATA_DIR/outbox without SMTP_URL).
  const mail = createMailService({ db, dialect, clock: systemClock, log, smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox') });
  const deps = {
    db,
    dialect,
    config,
    clock: systemClock,
    storage: await createStorage(config),
    mailer: mail.mailer,
    webRoot: process.env.WEB_ROOT ?? defaultWebRoot,
  };
  await ensureAdminAccount(deps, log);
  if (config.seedDemo) await seedDemoContent(deps, log);

  const app = await buildApp(deps, { loggerInstance: log });
  // Uploads no row names any more leave storage after a grace period (one server per interval).
  const sweeper = createOrphanSweeper({ ...deps, log });
  // Personal data past its time (unconfirmed newsletter sign-ups) is erased (one server per interval).
  const retention = createRetentionJob({ ...deps, log });
  // Scheduled publications and withdrawals, on every server (safe together), every SCHEDULE_CHECK_SECONDS.
  const publication = createPublicationJob({ db, clock: systemClock, log, bumpContentVersion: () => app.publicCache.bump() }, { everyMs: config.scheduleCheckMs });
  // Reservations' timed work (lapsed holds, the waiting list's offers, reminders, erasure), on every server (safe together).
  const reservationJob = createReservationJob({ ...deps, log });
  // Newsletter campaigns, on every server (rows are claimed with a lease; the rate is counted in the database).
  const campaigns = createCampaignJob({ db, dialect, clock: systemClock, log, config });
  // Delivery-status notifications in the bounce mailbox (BOUNCE_IMAP_URL), read by one server per 5 minutes.
  // Its module (with imapflow and its MIME libraries, a megabyte of source V8 would keep) loads only then.
  const bounceMailbox = config.bounces.imapUrl
    ? (await import('./modules/bounces/bounce-mailbox.ts')).createBounceMailboxJob({ db, clock: systemClock, log, imapUrl: config.bounces.imapUrl })
    : undefined;
  // Audience: past days' visitor hashes counted and dropped with their key, statistics past 25 months erased (one server per minute).
  const audienceAggregation = createAudienceAggregationJob({ db, clock: systemClock, log });
  let stopping = false;
  // app.close() stops accepting connections, answers 503 to requests arriving meanwhile, closes idle
  // keep-alive connections and waits for the requests in flight; then the database pool closes. A
  // request that never ends must not keep a stopping server (and its deployment) waiting for ever.
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'arrêt en cours : fin des requêtes en cours');
    setTimeout(() => {
      log.error({ deadlineMs: SHUTDOWN_DEADLINE_MS }, 'arrêt forcé : des requêtes ou la base ne se sont pas terminées à temps');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS);
    try {
      await app.close();
      // Mails being sent finish (bounded by the SMTP timeouts); the queued ones wait in the database.
      await mail.worker.stop();
      await sweeper.stop();
      await retention.stop();
      await publication.stop();
      await reservationJob.stop();
      await campaigns.stop();
      await bounceMailbox?.stop();
      await audienceAggregation.stop();
      await db.destroy();
      log.info('arrêt terminé');
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'arrêt en erreur');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  // A parent that started the server with an IPC channel (npm run bench) may ask for the fast path's counts.
  process.on('message', (message) => {
    if (message === 'fast-path-counts') process.send?.({ fastPath: app.fastPath.counts() });
  });
  mail.worker.start();
  sweeper.start();
  retention.start();
  publication.start();
  reservationJob.start();
  campaigns.start();
  bounceMailbox?.start();
  audienceAggregation.start();
  // The young generation V8 grew for the start-up goes back once the server is quiet (issue 37).
  settleAfterStart();
  log.info(`${config.siteUrl} — base ${dialect === 'postgres' ? 'PostgreSQL' : 'SQLite'}, données dans ${config.dataDir}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
