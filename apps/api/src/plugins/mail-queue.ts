import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { DB, DialectName } from '../db/connection.ts';
import type { MailQueueTable } from '../db/schema.ts';
import { minutes, type Clock } from '../lib/clock.ts';
import { createMailer, type MailAttachment, type Mailer } from './mailer.ts';
import { siteContentRepository } from '../modules/site-content/site-content.repository.ts';

/** Waits before each new attempt: a mail is tried once, then after each of these; then given up. */
export const MAIL_RETRY_DELAYS_MS = [minutes(1), minutes(5), minutes(30), minutes(120), minutes(360)] as const;
export const MAIL_MAX_ATTEMPTS = MAIL_RETRY_DELAYS_MS.length + 1;
/** How long a worker holds the rows it claimed: far longer than a batch of sends with the SMTP timeouts. */
export const MAIL_CLAIM_MS = minutes(5);
/** The worker's round when nobody nudges it: retries fall due, and other servers queue mails too. */
export const MAIL_POLL_MS = 15_000;
/** Rows claimed at once: a small batch, so that a slow server keeps few rows away from the others. */
const MAIL_BATCH = 5;
/** Sent and abandoned rows (already without body) stay a week as a trace, then go. */
const MAIL_KEEP_MS = 7 * 24 * minutes(60);

/**
 * The mailer the routes use: it only inserts the mail in the queue (one quick INSERT) and nudges the
 * worker, so that no request waits for a mail server.
 */
export function createQueuedMailer(db: DB, clock: Clock, worker?: Pick<MailWorker, 'nudge'>): Mailer {
  return {
    async send(message, trx) {
      const now = clock.now().toISOString();
      await (trx ?? db)
        .insertInto('mailQueue')
        .values({
          recipient: message.to,
          subject: message.subject,
          body: message.text,
          replyTo: message.replyTo ?? null,
          headers: message.headers ? JSON.stringify(message.headers) : null,
          attachments: message.attachments?.length ? JSON.stringify(message.attachments) : null,
          nextAttemptAt: now,
          createdAt: now,
        })
        .execute();
      // Inside a transaction the row is not visible yet: the caller nudges once it has committed.
      if (!trx) worker?.nudge();
    },
    nudge: () => worker?.nudge(),
  };
}

export interface MailWorker {
  /** Sends every due mail (several rounds of claims); answers how many were sent. */
  runOnce(): Promise<number>;
  /** Asks for a round soon, without waiting for it (no-op until started). */
  nudge(): void;
  start(): void;
  /** Stops the rounds and waits for the one under way. */
  stop(): Promise<void>;
}

interface WorkerOptions {
  db: DB;
  dialect: DialectName;
  clock: Clock;
  /** What finally carries the mail: SMTP, or the development outbox (createMailer). */
  transport: Mailer;
  log: FastifyBaseLogger;
  pollMs?: number;
}

type QueuedMail = Pick<MailQueueTable, 'recipient' | 'subject' | 'body' | 'replyTo' | 'headers'> & { attachments: string | null } & { id: number; attempts: number };

export function createMailWorker({ db, dialect, clock, transport, log, pollMs = MAIL_POLL_MS }: WorkerOptions): MailWorker {
  /**
   * Takes up to MAIL_BATCH due rows in one UPDATE ... RETURNING whose WHERE repeats the "free" test:
   * of two workers (or servers) reaching for the same rows, only one gets each. On PostgreSQL the
   * SELECT also skips rows locked by another worker's claim instead of waiting for it. It sits in a
   * MATERIALIZED CTE: as a plain `IN (subquery)`, PostgreSQL re-ran it during the UPDATE and one
   * claim took all 24 rows of the test instead of 5.
   */
  function claim(now: Date) {
    const nowIso = now.toISOString();
    const due = db
      .selectFrom('mailQueue')
      .select('id')
      .where('sentAt', 'is', null)
      .where('failedAt', 'is', null)
      .where('nextAttemptAt', '<=', nowIso)
      .where((eb) => eb.or([eb('claimedUntil', 'is', null), eb('claimedUntil', '<=', nowIso)]))
      .orderBy('id')
      .limit(MAIL_BATCH)
      .$if(dialect === 'postgres', (q) => q.forUpdate().skipLocked());
    return db
      .with((cte) => cte('due').materialized(), () => due)
      .updateTable('mailQueue')
      .set({ claimedUntil: new Date(now.getTime() + MAIL_CLAIM_MS).toISOString(), attempts: sql<number>`${sql.ref('attempts')} + 1` })
      .where('id', 'in', (eb) => eb.selectFrom('due').select('due.id'))
      .where('sentAt', 'is', null)
      .where('failedAt', 'is', null)
      .where((eb) => eb.or([eb('claimedUntil', 'is', null), eb('claimedUntil', '<=', nowIso)]))
      .returning(['id', 'recipient', 'subject', 'body', 'replyTo', 'headers', 'attachments', 'attempts'])
      .execute();
  }

  async function deliver(mail: QueuedMail): Promise<boolean> {
    try {
      await transport.send({ to: mail.recipient, subject: mail.subject, text: mail.body ?? '', ...(mail.replyTo ? { replyTo: mail.replyTo } : {}), ...(mail.headers ? { headers: JSON.parse(mail.headers) as Record<string, string> } : {}), ...(mail.attachments ? { attachments: JSON.parse(mail.attachments) as MailAttachment[] } : {}) });
    } catch (err) {
      await recordFailure(mail, err);
      return false;
    }
    // The body goes as soon as the mail has left: codes and visitors' messages must not linger here.
    await db.updateTable('mailQueue').set({ sentAt: clock.now().toISOString(), body: null, headers: null, attachments: null, claimedUntil: null, lastError: null }).where('id', '=', mail.id).execute();
    return true;
  }

  async function recordFailure(mail: QueuedMail, err: unknown) {
    const now = clock.now();
    // The transport's message only (never the mail itself), cut short: it is kept in the row and logged.
    const lastError = (err instanceof Error ? err.message : String(err)).slice(0, 500);
    const context = { mailId: mail.id, to: mail.recipient, subject: mail.subject, attempts: mail.attempts, error: lastError };
    if (mail.attempts >= MAIL_MAX_ATTEMPTS) {
      await db.updateTable('mailQueue').set({ failedAt: now.toISOString(), body: null, headers: null, attachments: null, claimedUntil: null, lastError }).where('id', '=', mail.id).execute();
      log.error(context, `mail abandonné après ${mail.attempts} tentatives`);
      return;
    }
    const nextAttemptAt = new Date(now.getTime() + MAIL_RETRY_DELAYS_MS[mail.attempts - 1]!).toISOString();
    await db.updateTable('mailQueue').set({ nextAttemptAt, claimedUntil: null, lastError }).where('id', '=', mail.id).execute();
    log.warn({ ...context, nextAttemptAt }, "échec de l'envoi du mail, nouvel essai prévu");
  }

  async function round(): Promise<number> {
    const cutoff = new Date(clock.now().getTime() - MAIL_KEEP_MS).toISOString();
    await db.deleteFrom('mailQueue').where((eb) => eb.or([eb('sentAt', '<=', cutoff), eb('failedAt', '<=', cutoff)])).execute();
    let sent = 0;
    for (;;) {
      const batch = await claim(clock.now());
      for (const mail of batch) if (await deliver(mail)) sent++;
      if (batch.length < MAIL_BATCH) return sent;
    }
  }

  // One round at a time per worker; nudges during a round ask for one more round after it, not one each.
  let current: Promise<number> | undefined;
  let queued: Promise<number> | undefined;
  function runOnce(): Promise<number> {
    if (!current) {
      current = round().finally(() => (current = undefined));
      return current;
    }
    queued ??= current.catch(() => 0).then(() => {
      queued = undefined;
      return runOnce();
    });
    return queued;
  }

  let started = false;
  let timer: NodeJS.Timeout | undefined;
  const logFailure = (err: unknown) => log.error({ err }, "échec d'un tour de la file des mails");
  function schedule() {
    if (!started) return;
    timer = setTimeout(() => void runOnce().catch(logFailure).finally(schedule), pollMs);
    timer.unref();
  }

  return {
    runOnce,
    nudge() {
      if (started) void runOnce().catch(logFailure);
    },
    start() {
      if (started) return;
      started = true;
      void runOnce().catch(logFailure);
      schedule();
    },
    async stop() {
      started = false;
      clearTimeout(timer);
      await Promise.allSettled([current, queued]);
    },
  };
}

interface MailServiceOptions {
  db: DB;
  dialect: DialectName;
  clock: Clock;
  log: FastifyBaseLogger;
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
}

/** The server's mail: the queued mailer for the routes, and the worker that feeds SMTP or the outbox. */
export function createMailService({ db, dialect, clock, log, smtpUrl, from, outboxDir }: MailServiceOptions) {
  const worker = createMailWorker({ db, dialect, clock, log, transport: createMailer({ smtpUrl, from, outboxDir, log, siteName: async () => (await siteContentRepository(db).find()).associationName }) });
  return { mailer: createQueuedMailer(db, clock, worker), worker };
}
