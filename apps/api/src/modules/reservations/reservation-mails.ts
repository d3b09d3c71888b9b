import { formatPerformanceDate, frenchTypography, reservationTexts } from '@bande/shared';
import { bookingTexts } from '@bande/shared/booking-texts';
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

/** « 1 place » / « 3 places », and the words that agree with it (« elle vous est gardée » / « elles vous sont gardées »). */
export function seatWords(n: number) {
  const one = n === 1;
  return {
    seats: `${n} place${one ? '' : 's'}`,
    wait: one ? 'vous attend' : 'vous attendent',
    take: one ? 'la prendre' : 'les prendre',
    theyAreKept: one ? 'elle vous est gardée' : 'elles vous sont gardées',
    free: one ? 'libérez-la' : 'libérez-les',
    seatsAre: one ? 'la place vous est gardée' : 'les places vous sont gardées',
    yourSeats: one ? 'votre place' : 'vos places',
  };
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The performance in a few lines: show, date and time in Paris, venue, address. */
function performanceLines(p: MailPerformance): string {
  return [`Spectacle : ${p.showName}`, `Date : ${formatPerformanceDate(p.date)} (heure de Paris)`, `Lieu : ${p.venueName ?? 'Lieu à préciser'}`, `Adresse : ${p.address}`].join('\n');
}

/**
 * Every reservation mail goes through the site's French typography (no-break spaces before « : ; ! ? »
 * and inside « »); the links are left as they are by it (no space before their « ? » or « : »).
 */
function message(to: string | null, subject: string, body: string, extra: Partial<MailMessage> = {}): MailMessage {
  // Staff bookings without an address never reach here (callers check `email`).
  return { to: to ?? '', subject: frenchTypography(subject), text: frenchTypography(withSignature(body)), ...extra };
}

/** The buttons of the pages the links open (apps/web public/reservation): the mails name them as they read. */
const CONFIRM_BUTTON = bookingTexts.confirmButton;
const CLAIM_BUTTON = bookingTexts.claimButton;

export function confirmMail(ctx: MailContext, p: MailPerformance, r: MailReservation, token: string): MailMessage {
  const links = reservationLinks(ctx.siteUrl, token);
  const words = seatWords(r.seats);
  return message(
    r.email,
    reservationTexts.confirmMailSubject,
    `Bonjour ${r.firstName},\n\nVous avez demandé ${words.seats} pour :\n\n${performanceLines(p)}\n\n` +
      `Pour confirmer votre réservation, ouvrez ce lien et appuyez sur « ${CONFIRM_BUTTON} » :\n${links.confirm}\n\n` +
      `${capitalized(words.seatsAre)} jusqu’au ${formatPerformanceDate(r.holdExpiresAt ?? p.date)} (heure de Paris) ; sans confirmation, ${r.seats === 1 ? 'elle sera proposée' : 'elles seront proposées'} à d’autres spectateurs.\n\n` +
      `Vous ne venez plus, ou vous n’êtes pas à l’origine de cette demande ? Annulez-la :\n${links.cancel}`,
  );
}

export function confirmedMail(ctx: MailContext, p: MailPerformance, r: MailReservation, token: string): MailMessage {
  const links = reservationLinks(ctx.siteUrl, token);
  // The same event as /agenda.ics (same UID): a calendar that has both merges them.
  const calendar = agendaCalendar([{ id: p.id, date: p.date, address: p.address, venueName: p.venueName, bookingLink: null, slug: p.showSlug, name: p.showName }], { siteUrl: ctx.siteUrl, stamp: ctx.now() });
  const words = seatWords(r.seats);
  return message(
    r.email,
    reservationTexts.confirmedMailSubject,
    `Bonjour ${r.firstName},\n\nVotre réservation de ${words.seats} est confirmée :\n\n${performanceLines(p)}\n\n` +
      `L’événement est joint à ce message (fichier .ics) pour votre agenda.\n\n` +
      `Un empêchement ? Annulez pour libérer ${words.yourSeats} :\n${links.cancel}\n\nÀ bientôt !`,
    { attachments: [{ filename: 'reservation.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: calendar }] },
  );
}

export function waitingMail(ctx: MailContext, p: MailPerformance, r: MailReservation, token: string): MailMessage {
  const links = reservationLinks(ctx.siteUrl, token);
  const words = seatWords(r.seats);
  return message(
    r.email,
    reservationTexts.waitingMailSubject,
    `Bonjour ${r.firstName},\n\nLa représentation est complète pour l’instant : vous êtes sur la liste d’attente pour ${words.seats} :\n\n${performanceLines(p)}\n\n` +
      `${r.seats === 1 ? 'Dès qu’une place se libère' : `Dès que ${r.seats} places sont libres à la fois`}, nous vous écrirons avec un lien pour ${words.take}.\n\n` +
      `Pour quitter la liste d’attente :\n${links.cancel}`,
  );
}

export function offerMail(ctx: MailContext, p: MailPerformance, r: MailReservation, token: string): MailMessage {
  const links = reservationLinks(ctx.siteUrl, token);
  const words = seatWords(r.seats);
  return message(
    r.email,
    reservationTexts.offerMailSubject,
    `Bonjour ${r.firstName},\n\nDes places se sont libérées : ${words.seats} ${words.wait} pour :\n\n${performanceLines(p)}\n\n` +
      `Pour ${words.take}, ouvrez ce lien et appuyez sur « ${CLAIM_BUTTON} » :\n${links.claim}\n\n` +
      // Whether someone else is waiting when the offer lapses is not known now: the mail does not promise either.
      `${capitalized(words.theyAreKept)} jusqu’au ${formatPerformanceDate(r.offerExpiresAt ?? p.date)} (heure de Paris) ; ensuite, ${r.seats === 1 ? 'elle sera proposée' : 'elles seront proposées'} à d’autres spectateurs.\n\n` +
      `Vous ne venez plus ? ${capitalized(words.free)} tout de suite :\n${links.cancel}`,
  );
}

export function reminderMail(ctx: MailContext, p: MailPerformance, r: MailReservation, token: string): MailMessage {
  const links = reservationLinks(ctx.siteUrl, token);
  const words = seatWords(r.seats);
  return message(
    r.email,
    reservationTexts.reminderMailSubject,
    `Bonjour ${r.firstName},\n\nPetit rappel : vous avez réservé ${words.seats} pour :\n\n${performanceLines(p)}\n\n` +
      `Un empêchement ? Annulez pour que ${words.yourSeats} ${r.seats === 1 ? 'profite' : 'profitent'} à d’autres :\n${links.cancel}\n\nÀ bientôt !`,
  );
}

/**
 * The mail of a reservation's current state, with a fresh token: what a visitor who lost it gets by
 * booking again with the same address. None for a state without links to use (cancelled, expired).
 */
export function mailOfState(ctx: MailContext, p: MailPerformance, r: MailReservation & { status: string }, token: string): MailMessage | null {
  if (!r.email) return null;
  switch (r.status) {
    case 'pending':
      return confirmMail(ctx, p, r, token);
    case 'confirmed':
      return confirmedMail(ctx, p, r, token);
    case 'waiting':
      return waitingMail(ctx, p, r, token);
    case 'offered':
      return offerMail(ctx, p, r, token);
    default:
      return null;
  }
}
