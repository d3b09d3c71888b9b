import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { SITE_NAME } from '@bande/shared';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** An HTML part beside the text (newsletter campaigns). */
  html?: string;
  replyTo?: string;
  /** Extra headers, passed to nodemailer as they are (List-Unsubscribe on newsletter mails). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
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
export function createMailer({ smtpUrl, from, outboxDir, log, pool = false }: MailerOptions): Mailer & { close(): void } {
  const subjectPrefix = `[${SITE_NAME}] `;
  if (smtpUrl) {
    const transport = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS, ...(pool ? { pool: true, maxConnections: 5 } : {}) });
    return {
      close: () => transport.close(),
      async send(message) {
        await transport.sendMail({ from, ...message, subject: subjectPrefix + message.subject });
        log.info({ to: message.to, subject: message.subject }, 'mail envoyé');
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    close: () => transport.close(),
    async send(message) {
      const info = await transport.sendMail({ from, ...message, subject: subjectPrefix + message.subject });
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

/** Signs a mail's body with the site's name (every mail is in French and names the association). */
export function withSignature(body: string): string {
  return `${body}\n\n—\n${SITE_NAME}\nAssociation de lectures théâtrales`;
}
