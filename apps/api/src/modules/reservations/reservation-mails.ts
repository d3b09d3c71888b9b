import { formatPerformanceDate, reservationTexts } from '@bande/shared';
import { withSignature, type MailMessage } from '../../plugins/mailer.ts';
import { agendaCalendar } from '../agenda/agenda.service.ts';

/** What every reservation mail needs besides the reservation: the site's address and the time (DTSTAMP). */
export interface MailContext {
  siteUrl: string;
  now: () => Date;
}

interface MailPerformance {
  id: number;
  date: string;
  address: string;
  venueName: string | null;
  showName: string;
  showSlug: string;
}

interface MailReservation {
  firstName: string;
  email: string | null;
  seats: number;
  holdExpiresAt?: string | null;
  offerExpiresAt?: string | null;
}

/** The public pages of the mailed links (apps/web): they act on a button press, never on the GET itself. */
export const reservationLinks = (siteUrl: string, token: string) => ({
  confirm: `${siteUrl}/reservation/confirmation?token=${encodeURIComponent(token)}`,
  cancel: `${siteUrl}/reservation/annulation?token=${encodeURIComponent(token)}`,
  claim: `${siteUrl}/reservation/liste-attente?token=${encodeURIComponent(token)}`,
});

const seatsText = (n: number) => `${n} place${n > 1 ? 's' : ''}`;

/** The performance in a few lines: show, date and time in Paris, venue, address. */
function performanceLines(p: MailPerformance): string {
  return [`Spectacle : ${p.showName}`, `Date : ${formatPerformanceDate(p.date)} (heure de Paris)`, `Lieu : ${p.venueName ?? 'Lieu à préciser'}`, `Adresse : ${p.address}`].join('\n');
}

function message(to: string | null, subject: string, body: string, extra: Partial<MailMessage> = {}): MailMessage {
  // Staff bookings without an address never reach here (callers check `email`).
  return { to: to ?? '', subject, text: withSignature(body), ...extra };
}

export function confirmMail(ctx: MailContext, p: MailPerformance, r: MailReservation, token: string): MailMessage {
  const links = reservationLinks(ctx.siteUrl, token);
  return message(
    r.email,
    reservationTexts.confirmMailSubject,
    `Bonjour ${r.firstName},\n\nVous avez demandé ${seatsText(r.seats)} pour :\n\n${performanceLines(p)}\n\n` +
      `Pour confirmer votre réservation, ouvrez ce lien et appuyez sur « Confirmer » :\n${links.confirm}\n\n` +
      `Les places vous sont gardées jusqu'au ${formatPerformanceDate(r.holdExpiresAt ?? p.date)} (heure de Paris) ; sans confirmation, elles seront proposées à d'autres spectateurs.\n\n` +
      `Si vous n'êtes pas à l'origine de cette demande, ignorez ce message.`,
  );
}

export function confirmedMail(ctx: MailContext, p: MailPerformance, r: MailReservation, token: string): MailMessage {
  const links = reservationLinks(ctx.siteUrl, token);
  // The same event as /agenda.ics (same UID): a calendar that has both merges them.
  const calendar = agendaCalendar([{ id: p.id, date: p.date, address: p.address, venueName: p.venueName, bookingLink: null, slug: p.showSlug, name: p.showName }], { siteUrl: ctx.siteUrl, stamp: ctx.now() });
  return message(
    r.email,
    reservationTexts.confirmedMailSubject,
    `Bonjour ${r.firstName},\n\nVotre réservation de ${seatsText(r.seats)} est confirmée :\n\n${performanceLines(p)}\n\n` +
      `L'événement est joint à ce message (fichier .ics) pour votre agenda.\n\n` +
      `Un empêchement ? Annulez pour libérer vos places :\n${links.cancel}\n\nÀ bientôt !`,
    { attachments: [{ filename: 'reservation.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: calendar }] },
  );
}

export function waitingMail(ctx: MailContext, p: MailPerformance, r: MailReservation, token: string): MailMessage {
  const links = reservationLinks(ctx.siteUrl, token);
  return message(
    r.email,
    reservationTexts.waitingMailSubject,
    `Bonjour ${r.firstName},\n\nLa représentation est complète pour l'instant : vous êtes sur la liste d'attente pour ${seatsText(r.seats)} :\n\n${performanceLines(p)}\n\n` +
      `Si des places se libèrent, nous vous écrirons aussitôt avec un lien pour les prendre.\n\n` +
      `Pour quitter la liste d'attente :\n${links.cancel}`,
  );
}

export function offerMail(ctx: MailContext, p: MailPerformance, r: MailReservation, token: string): MailMessage {
  const links = reservationLinks(ctx.siteUrl, token);
  return message(
    r.email,
    reservationTexts.offerMailSubject,
    `Bonjour ${r.firstName},\n\nDes places se sont libérées : ${seatsText(r.seats)} vous attendent pour :\n\n${performanceLines(p)}\n\n` +
      `Pour les prendre, ouvrez ce lien et appuyez sur « Confirmer » :\n${links.claim}\n\n` +
      `Elles vous sont gardées jusqu'au ${formatPerformanceDate(r.offerExpiresAt ?? p.date)} (heure de Paris) ; ensuite, elles passeront à la personne suivante de la liste.\n\n` +
      `Vous ne venez plus ? Libérez-les tout de suite :\n${links.cancel}`,
  );
}

export function reminderMail(ctx: MailContext, p: MailPerformance, r: MailReservation, token: string): MailMessage {
  const links = reservationLinks(ctx.siteUrl, token);
  return message(
    r.email,
    reservationTexts.reminderMailSubject,
    `Bonjour ${r.firstName},\n\nPetit rappel : vous avez réservé ${seatsText(r.seats)} pour :\n\n${performanceLines(p)}\n\n` +
      `Un empêchement ? Annulez pour que vos places profitent à d'autres :\n${links.cancel}\n\nÀ bientôt !`,
  );
}
