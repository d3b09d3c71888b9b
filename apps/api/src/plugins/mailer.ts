import fs from 'node:fs/promises';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { SITE_NAME } from '@bande/shared';
import type { DB } from '../db/connection.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** An HTML part beside the text (newsletter campaigns). */
  html?: string;
  replyTo?: string;
  /** Extra headers, passed to nodemailer as they are (List-Unsubscribe on newsletter mails). */
  headers?: Record<string, string>;
  /** Files sent with the mail (a reservation's iCalendar event), as text. */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

export interface Mailer {
  /**
   * Queues (or sends) the mail. With `trx`, the queued mailer inserts it in that transaction: the mail
   * exists if and only if the change it reports was committed (reservations' timed work).
   */
  send(message: MailMessage, trx?: DB): Promise<void>;
  /** Asks the queue's worker for a round now (after a transaction that queued mails has committed). */
  nudge?(): void;
}

interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  /** The association's name as staff keep it (« Textes du site »), read at each send; SITE_NAME without it. */
  siteName?: () => Promise<string>;
  outboxDir: string;
  log: FastifyBaseLogger;
  /** Keep SMTP connections open between mails (the campaign sender's many copies). */
  pool?: boolean;
}

/**
 * Bounds on each SMTP step (nodemailer's defaults are 2 minutes, 30 s and 10 minutes): a mail server
 * that stops answering frees the mail worker within seconds, and the mail is retried later.
 */
export const SMTP_TIMEOUTS = {
  /** To open the TCP connection (DNS included). */
  connectionTimeout: 10_000,
  /** For the server's greeting once connected. */
  greetingTimeout: 5_000,
  /** Of silence at any later step. */
  socketTimeout: 15_000,
} as const;

/**
 * The transport at the end of the mail queue (plugins/mail-queue.ts), never called by routes directly:
 * real SMTP when SMTP_URL is set; otherwise each mail becomes an .eml file in DATA_DIR/outbox, with its
 * subject (and any code in it) logged, so that development needs no mail server.
 */
export function createMailer({ smtpUrl, from, outboxDir, log, siteName, pool = false }: MailerOptions): Mailer & { close(): void } {
  /** The sender and subject under the association's current name (a failed read keeps the built-in one). */
  const addressing = async (message: MailMessage) => {
    const name = siteName ? await siteName().catch(() => SITE_NAME) : SITE_NAME;
    return { from: senderNamed(from, name), ...message, subject: `[${name}] ${message.subject}` };
  };
  if (smtpUrl) {
    const transport = lazyTransport(() => ({ url: smtpUrl, ...SMTP_TIMEOUTS, ...(pool ? { pool: true, maxConnections: 5 } : {}) }));
    return {
      close: transport.close,
      async send(message) {
        await transport.get().sendMail(await addressing(message));
        log.info({ to: message.to, subject: message.subject }, 'mail envoyé');
      },
    };
  }
  const transport = lazyTransport(() => ({ streamTransport: true, buffer: true, newline: 'unix' }));
  return {
    close: transport.close,
    async send(message) {
      const info = await transport.get().sendMail(await addressing(message));
      await fs.mkdir(outboxDir, { recursive: true });
      const file = path.join(outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`);
      // Written whole under a temporary name, then renamed: whoever reads the outbox (a developer, the
      // journeys waiting for a code) never opens a half-written mail.
      await fs.writeFile(`${file}.part`, info.message as Buffer);
      await fs.rename(`${file}.part`, file);
      const codes = message.text.match(/\b\d{6}\b/g);
      log.info({ to: message.to, subject: message.subject, codes, file }, 'mail écrit dans la boîte d’envoi (pas de SMTP_URL)');
    },
  };
}

const requireModule = createRequire(import.meta.url);

/**
 * nodemailer's transport, made with the first mail rather than at start: nodemailer weighs about 13 MB
 * that a server which sends nothing for hours need not hold (issue 27). Closing one never made closes nothing.
 */
function lazyTransport(options: () => object) {
  let transport: Transporter | undefined;
  return {
    get: (): Transporter => (transport ??= (requireModule('nodemailer') as typeof import('nodemailer')).createTransport(options())),
    close: () => transport?.close(),
  };
}

/** A mailer for tests: keeps what it was asked to send. */
export function createRecordingMailer(): Mailer & { sent: MailMessage[]; last(): MailMessage | undefined } {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message) {
      sent.push(message);
    },
    last: () => sent.at(-1),
  };
}

/** Signs a mail's body with the association's name (every mail is in French and names the association). */
export function withSignature(body: string, siteName: string = SITE_NAME): string {
  return `${body}\n\n—\n${siteName}\nAssociation de lectures théâtrales`;
}

/**
 * The sender under the association's current name, when MAIL_FROM is the default one (« La Bande à Lire
 * <no-reply@…> »); a MAIL_FROM the operator chose is kept as written. The name is quoted (RFC 5322).
 */
export function senderNamed(from: string, siteName: string): string {
  // « Name <address> » read by indexes, not by a regex that backtracks on the name (issue 33).
  const trimmed = from.trim();
  const open = trimmed.lastIndexOf('<');
  const address = open < 0 || !trimmed.endsWith('>') ? '' : trimmed.slice(open + 1, -1);
  if (!address || address.includes('>') || trimmed.slice(0, open).trim().replace(/^"|"$/g, '') !== SITE_NAME || siteName === SITE_NAME) return from;
  return `"${siteName.replace(/["\\]/g, '')}" <${address}>`;
}
