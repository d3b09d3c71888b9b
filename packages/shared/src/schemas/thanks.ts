import { z } from '../zod.ts';
import { requiredText } from './common.ts';
import { withoutNul } from './text-guards.ts';
import { UNSUBSCRIBE_PLACEHOLDER, campaignTexts } from './campaigns.ts';
import { formatPerformanceDate } from '../format/french-dates.ts';
import { frenchTypography as fr } from '../format/french-typography.ts';

const spectators = (count: number) => `${count} spectateur${count > 1 ? 's' : ''}`;
/** « jeudi 3 décembre 2026 » of the performance's « jeudi 3 décembre 2026 - 20h30 ». */
const dayOf = (date: string) => formatPerformanceDate(date).split(' - ')[0]!;

/**
 * « Remercier les spectateurs » (issue 32): after a performance, a thank-you mail to the people who came
 * (checked in at the door, with an address), once. The API's contract and its French texts.
 */
export const thanksTexts = {
  action: 'Remercier les spectateurs',
  actionOf: (name: string) => `Remercier les spectateurs de ${name}`,
  title: 'Remercier les spectateurs',
  hint: fr('Un e-mail aux personnes pointées à l’entrée qui ont laissé une adresse (les groupes arrivés en partie compris) ; jamais aux autres. Il ne part qu’une fois par représentation.'),
  subject: 'Objet',
  body: 'Message',
  bodyHint: 'Texte simple ; une ligne vide sépare deux paragraphes.',
  submit: 'Envoyer le remerciement',
  cancel: 'Fermer',
  nobody: fr('Aucune personne pointée à l’entrée n’a laissé d’adresse : il n’y a personne à remercier par e-mail.'),
  recipients: (count: number) => fr(`Destinataires : ${spectators(count)} pointé${count > 1 ? 's' : ''} à l’entrée, avec une adresse.`),
  confirmTitle: fr('Envoyer le remerciement ?'),
  confirm: (count: number) => fr(`Envoyer le remerciement à ${spectators(count)} ?`),
  confirmLabel: 'Envoyer',
  confirmKeep: 'Revenir au texte',
  done: (date: string, count: number) => `Remerciement envoyé à ${spectators(count)} le ${date}`,
  sending: (sent: number, count: number) => fr(`Remerciement en cours d’envoi : ${sent} sur ${count}`),
  sent: fr('Le remerciement part : les e-mails sont envoyés au rythme de la lettre d’information.'),
  failed: 'Le remerciement n’a pas pu être envoyé',
  defaultSubject: (showName: string) => fr(`Merci d’être venus à « ${showName} »`),
  defaultBody: (showName: string, date: string) =>
    fr(
      `Bonjour,\n\nMerci d’être venus écouter « ${showName} » le ${dayOf(date)}. Votre présence et votre écoute sont ce qui fait vivre nos lectures.\n\nNous espérons vous retrouver bientôt : les prochaines dates sont sur notre site.\n\nÀ très bientôt,\nLa Bande à Lire`,
    ),
  // The server's refusals (French 409 / 404).
  notFound: 'Représentation introuvable',
  notStarted: fr('La représentation n’a pas encore commencé : les spectateurs pourront être remerciés une fois qu’elle aura eu lieu.'),
  alreadySent: fr('Les spectateurs de cette représentation ont déjà été remerciés : le remerciement ne part qu’une fois.'),
} as const;

const letterText = (max: number) => withoutNul(requiredText(max)).refine((text) => !text.includes(UNSUBSCRIBE_PLACEHOLDER), campaignTexts.personalPlaceholder);

export const thanksInputSchema = z.object({
  // One line: a line break in a subject would be a header of its own.
  subject: letterText(200).refine((subject) => !/[\r\n]/.test(subject), 'L’objet tient sur une ligne.'),
  body: letterText(20_000),
});
export type ThanksInput = z.input<typeof thanksInputSchema>;

export const thanksStateSchema = z.object({
  /** The performance has started: the thank-you may be written. */
  started: z.boolean(),
  /** How many addresses it would go to now (one mail per address). */
  recipients: z.number().int(),
  defaults: z.object({ subject: z.string(), body: z.string() }),
  /** Written already: when, to how many, and how far the sending is. */
  sent: z
    .object({ at: z.string(), recipients: z.number().int(), delivered: z.number().int(), pending: z.number().int(), failed: z.number().int() })
    .nullable(),
});
export type ThanksState = z.infer<typeof thanksStateSchema>;
