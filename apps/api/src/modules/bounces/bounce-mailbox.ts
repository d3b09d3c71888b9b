import type { FastifyBaseLogger } from 'fastify';
import { ImapFlow, type MessageStructureObject } from 'imapflow';
import type { DB } from '../../db/connection.ts';
import type { Clock } from '../../lib/clock.ts';
import { createPeriodicJob, type PeriodicJob } from '../../lib/periodic-job.ts';
import { incrementBucket } from '../../plugins/rate-limit.ts';
import { recordBounce } from './bounces.service.ts';
import { dsnFailures, fieldGroups } from './dsn.ts';

/** At most one read of the mailbox in this interval, among every server sharing the database. */
export const BOUNCE_MAILBOX_INTERVAL_MS = 5 * 60 * 1000;
/** The lease's key in rate_limit_buckets (the rate limits' keys start with 'rl:'), as the retention job's. */
export const BOUNCE_MAILBOX_LEASE_KEY = 'bounce-mailbox';
/** The IMAP keyword set on every message read, so that it is not read again (a human's mail stays unread). */
export const READ_KEYWORD = 'BandeRebondLu';
/** Messages read per round: a mailbox full of old mail is worked through over several rounds. */
const PER_ROUND = 200;
/** A delivery-status part is a few hundred bytes; more is not a report. */
const PART_MAX_BYTES = 64 * 1024;

export interface BounceMailboxDeps {
  db: DB;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** imap://user:password@host:143/INBOX or imaps://…:993/… (BOUNCE_IMAP_URL). */
  imapUrl: string;
}

/** The parts of a message with this content type, depth first. */
function partsOf(node: MessageStructureObject | undefined, types: string[]): MessageStructureObject[] {
  if (!node) return [];
  const own = types.includes(node.type.toLowerCase()) ? [node] : [];
  return [...own, ...(node.childNodes ?? []).flatMap((child) => partsOf(child, types))];
}

async function text(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

function clientFor(imapUrl: string) {
  const url = new URL(imapUrl);
  const secure = url.protocol === 'imaps:';
  return {
    mailbox: decodeURIComponent(url.pathname.slice(1)) || 'INBOX',
    client: new ImapFlow({
      host: url.hostname,
      port: Number(url.port) || (secure ? 993 : 143),
      secure,
      auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) },
      logger: false,
      // No NOOP/IDLE between rounds: a round connects, reads and leaves.
      disableAutoIdle: true,
    }),
  };
}

/**
 * One read of the bounce mailbox: every message not read yet (no READ_KEYWORD) is looked at; a
 * delivery-status notification (multipart/report with a message/delivery-status part) gives its failed
 * recipients to recordBounce, and is marked read; any other message only gets the keyword, and stays
 * unread for the person who reads the box. The copy's Message-ID, from the returned message or its
 * headers, ties the bounce to its letter.
 */
export async function readBounceMailbox({ db, clock, log, imapUrl }: BounceMailboxDeps, signal?: AbortSignal): Promise<{ messages: number; bounces: number }> {
  const { client, mailbox } = clientFor(imapUrl);
  client.on('error', (err: unknown) => log.warn({ err }, 'boîte des rebonds : erreur de connexion IMAP'));
  await client.connect();
  let messages = 0;
  let bounces = 0;
  try {
    const lock = await client.getMailboxLock(mailbox);
    try {
      const uids = ((await client.search({ unKeyword: READ_KEYWORD }, { uid: true })) || []).slice(0, PER_ROUND);
      for (const uid of uids) {
        if (signal?.aborted) break;
        const message = await client.fetchOne(String(uid), { uid: true, envelope: true, bodyStructure: true }, { uid: true });
        if (!message) continue;
        const [status] = partsOf(message.bodyStructure, ['message/delivery-status', 'message/global-delivery-status']);
        const flags = [READ_KEYWORD];
        if (status?.part) {
          const part = await client.download(String(uid), status.part, { uid: true, maxBytes: PART_MAX_BYTES });
          const failures = part.content ? dsnFailures(await text(part.content)) : [];
          const messageId = await originalMessageId(client, uid, message.bodyStructure);
          for (const failure of failures) {
            await recordBounce(db, { source: 'imap', email: failure.email, kind: failure.kind, messageKey: message.envelope?.messageId ?? `uid:${uid}`, messageId, detail: failure.detail }, clock.now());
            bounces += 1;
          }
          flags.push('\\Seen');
        }
        await client.messageFlagsAdd(String(uid), flags, { uid: true });
        messages += 1;
      }
    } finally {
      lock.release();
    }
  } finally {
    await client.logout().catch(() => client.close());
  }
  if (messages) log.info({ messages, bounces }, 'boîte des rebonds lue');
  return { messages, bounces };
}

/** The bounced copy's Message-ID: the returned message's envelope, or its returned headers (text/rfc822-headers). */
async function originalMessageId(client: ImapFlow, uid: number, structure: MessageStructureObject | undefined): Promise<string | undefined> {
  const [returned] = partsOf(structure, ['message/rfc822', 'message/global']);
  if (returned?.envelope?.messageId) return returned.envelope.messageId;
  const [headers] = partsOf(structure, ['text/rfc822-headers', 'message/global-headers']);
  if (!headers?.part) return undefined;
  const part = await client.download(String(uid), headers.part, { uid: true, maxBytes: PART_MAX_BYTES });
  return part.content ? fieldGroups(await text(part.content))[0]?.get('message-id') : undefined;
}

/** One round, if this server takes the interval's lease (the retention job's lease, its own key). */
export async function runBounceMailbox(deps: BounceMailboxDeps, signal?: AbortSignal): Promise<{ ran: boolean; messages: number; bounces: number }> {
  const lease = await incrementBucket(deps.db, BOUNCE_MAILBOX_LEASE_KEY, BOUNCE_MAILBOX_INTERVAL_MS, deps.clock.now().getTime());
  if (lease.count !== 1) return { ran: false, messages: 0, bounces: 0 };
  return { ran: true, ...(await readBounceMailbox(deps, signal)) };
}

/** The mailbox read of every server, once per interval among them all (BOUNCE_IMAP_URL set). */
export function createBounceMailboxJob(deps: BounceMailboxDeps): PeriodicJob {
  return createPeriodicJob({
    firstDelayMs: 60_000,
    everyMs: BOUNCE_MAILBOX_INTERVAL_MS,
    run: (signal) => runBounceMailbox(deps, signal),
    onError: (err) => deps.log.error({ err }, 'échec de la lecture de la boîte des rebonds'),
  });
}
