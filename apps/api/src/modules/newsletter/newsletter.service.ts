import crypto from 'node:crypto';
import { stringify } from 'csv-stringify/sync';
import { newsletterTexts } from '@bande/shared';
import type { DB } from '../../db/connection.ts';
import { hashToken } from '../../lib/token-hash.ts';
import { withSignature, type MailMessage, type Mailer } from '../../plugins/mailer.ts';
import { newsletterRepository } from './newsletter.repository.ts';
import { associationName, siteContentRepository } from '../site-content/site-content.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A link's secret: 32 random bytes, base64url; only its SHA-256 is stored (as sessions are). */
const newToken = () => crypto.randomBytes(32).toString('base64url');

export const confirmUrl = (siteUrl: string, token: string) => `${siteUrl}/newsletter/confirmation?token=${token}`;
export const unsubscribeUrl = (siteUrl: string, token: string) => `${siteUrl}/newsletter/desinscription?token=${token}`;

/**
 * Every newsletter mail names its unsubscribe link in List-Unsubscribe (RFC 2369), which mail clients
 * show as a button; List-Unsubscribe-Post says a POST to it unsubscribes at once (RFC 8058, the route
 * POST /newsletter/desinscription).
 */
export function newsletterHeaders(siteUrl: string, unsubscribeToken: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${unsubscribeUrl(siteUrl, unsubscribeToken)}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

export function confirmationMail(siteUrl: string, to: string, confirmToken: string, unsubscribeToken: string, siteName?: string): MailMessage {
  return {
    to,
    subject: newsletterTexts.confirmMailSubject,
    text: withSignature(
      [
        'Bonjour,',
        '',
        'Vous (ou quelqu’un avec votre adresse) avez demandé à recevoir la newsletter. Pour confirmer votre inscription, ouvrez ce lien :',
        confirmUrl(siteUrl, confirmToken),
        '',
        'Sans confirmation, votre adresse sera effacée automatiquement. Si vous n’êtes pas à l’origine de cette demande, ignorez ce message.',
        '',
        `Pour vous désinscrire à tout moment : ${unsubscribeUrl(siteUrl, unsubscribeToken)}`,
      ].join('\n'),
      siteName,
    ),
    headers: newsletterHeaders(siteUrl, unsubscribeToken),
  };
}

/**
 * A sign-up: a new address is stored pending and mailed its confirmation link; a pending one gets new
 * links; a confirmed one gets nothing. The caller answers the same in every case, so the form tells
 * nobody whether an address is known.
 */
export async function subscribe(deps: { db: DB; mailer: Mailer; siteUrl: string }, email: string, now: string): Promise<void> {
  const confirmToken = newToken();
  const unsubscribeToken = newToken();
  const tokens = { confirmTokenHash: hashToken(confirmToken), unsubscribeTokenHash: hashToken(unsubscribeToken) };
  const isNew = await newsletterRepository.subscribe(deps.db, email, now, tokens);
  if (!isNew && !(await newsletterRepository.renewPending(deps.db, email, now, tokens))) return;
  await deps.mailer.send(confirmationMail(deps.siteUrl, email, confirmToken, unsubscribeToken, await associationName(deps.db)));
}

/** The start of the retention delay: pending sign-ups older than this are expired (and erased). */
export const pendingSince = (now: Date, retentionDays: number) => new Date(now.getTime() - retentionDays * DAY_MS).toISOString();

/**
 * The owner's click on the confirmation link. The first click (not a second one) queues the welcome
 * mail, in the words the staff keep in « Textes du site ». Answers false for a link unknown or expired.
 */
export async function confirm(deps: { db: DB; mailer: Mailer }, token: string, now: Date, retentionDays: number): Promise<boolean> {
  const row = await newsletterRepository.confirm(deps.db, hashToken(token), now.toISOString(), pendingSince(now, retentionDays));
  if (row?.confirmedNow) {
    const content = await siteContentRepository(deps.db).find();
    await deps.mailer.send(welcomeMail(row.email, content.welcomeMail, content.associationName));
  }
  return Boolean(row);
}

/**
 * The welcome mail: the staff's subject and text, then a line on leaving and the signature, which the
 * staff cannot take out. Its own unsubscribe link cannot be written (the sign-up's token is kept hashed
 * only): the line points to the confirmation mail's link and to every letter's.
 */
export function welcomeMail(to: string, words: { subject: string; text: string }, siteName?: string): MailMessage {
  return {
    to,
    subject: words.subject,
    text: withSignature([words.text.trim(), '', newsletterTexts.welcomeLeave].join('\n'), siteName),
  };
}

export async function unsubscribe(db: DB, token: string, now: Date): Promise<boolean> {
  return newsletterRepository.deleteByUnsubscribeToken(db, hashToken(token), now.toISOString());
}

const parisDate = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Europe/Paris',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** JJ/MM/AAAA HH:MM in Paris time, whatever the separators the platform's locale data uses. */
export function csvDate(iso: string): string {
  const part = Object.fromEntries(parisDate.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return `${part.day}/${part.month}/${part.year} ${part.hour}:${part.minute}`;
}

/**
 * The confirmed subscribers as a French spreadsheet opens them: UTF-8 BOM, `;`, CRLF. A value a
 * spreadsheet would run as a formula (= + - @, or a tab or CR before one) gets a leading apostrophe;
 * one with the separator, a quote or any line break (not only CRLF) is quoted.
 */
export function subscribersCsv(rows: { email: string; createdAt: string; confirmedAt: string | null }[]): string {
  const lines = [['Adresse email', 'Inscription', 'Confirmation'], ...rows.map((r) => [r.email, csvDate(r.createdAt), r.confirmedAt ? csvDate(r.confirmedAt) : ''])];
  return stringify(lines, { bom: true, delimiter: ';', record_delimiter: 'windows', escape_formulas: true, quoted_match: /[\r\n]/ });
}
