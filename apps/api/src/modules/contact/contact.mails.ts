import type { FastifyBaseLogger } from 'fastify';
import { withSignature, type MailMessage, type Mailer } from '../../plugins/mailer.ts';

interface ContactFields {
  email: string;
  requestType: string;
  message: string;
  phone: string | null;
}

interface CardRequestFields {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

/** Visitors' names go into a header: keep them on one line. */
const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();

/** The mail the association receives for a contact request; replying answers the visitor. */
export function contactMail(to: string, input: ContactFields, siteName?: string): MailMessage {
  return {
    to,
    replyTo: input.email,
    subject: `Nouvelle demande de contact : ${input.requestType}`,
    text: withSignature(
      [
        'Une nouvelle demande a été envoyée depuis le formulaire de contact du site.',
        '',
        `Type de demande : ${input.requestType}`,
        `Email : ${input.email}`,
        `Téléphone : ${input.phone ?? 'non renseigné'}`,
        '',
        'Message :',
        input.message,
      ].join('\n'),
      siteName,
    ),
  };
}

/** The mail the association receives for a subscriber card request. */
export function cardRequestMail(to: string, input: CardRequestFields, siteName?: string): MailMessage {
  return {
    to,
    replyTo: input.email,
    subject: `Nouvelle demande de carte d'abonné : ${oneLine(`${input.firstName} ${input.lastName}`)}`,
    text: withSignature(
      [
        "Une nouvelle demande de carte d'abonné a été envoyée depuis le site.",
        '',
        `Prénom : ${input.firstName}`,
        `Nom : ${input.lastName}`,
        `Email : ${input.email}`,
        `Téléphone : ${input.phone}`,
      ].join('\n'),
      siteName,
    ),
  };
}

/**
 * Sends a notification whose request is already stored. A mail failure (SMTP down, bad credentials)
 * is logged and swallowed: the request is safe in the database where staff can find it, and telling
 * the visitor it failed would only make them send it again.
 */
export async function notifyStaff(mailer: Mailer, log: FastifyBaseLogger, message: MailMessage): Promise<boolean> {
  try {
    await mailer.send(message);
    return true;
  } catch (err) {
    log.error({ err, subject: message.subject }, "échec de l'envoi du mail ; la demande est enregistrée en base");
    return false;
  }
}
