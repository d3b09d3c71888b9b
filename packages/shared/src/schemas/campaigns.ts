import { z } from '../zod.ts';
import { emailSchema, requiredText } from './common.ts';
import { scheduleInstant } from './schedule.ts';
import { frenchTypography } from '../format/french-typography.ts';

/** Newsletter campaigns (issue 24): the API's contract and its French texts. */
export const campaignTexts = {
  notFound: 'Lettre introuvable',
  notEditable: 'Cette lettre est en cours d’envoi ou déjà envoyée : elle ne peut plus être modifiée ni supprimée.',
  notSendable: 'Cette lettre est déjà programmée, en cours d’envoi ou envoyée.',
  notCancellable: 'Seule une lettre programmée ou en cours d’envoi peut être annulée.',
  noFailures: 'Aucune adresse en échec temporaire à renvoyer pour cette lettre.',
  /** « Renvoyer aux échecs » asks this first: only temporary failures of addresses still subscribed are tried again. */
  retryQuestion: (n: number) => (n === 1 ? 'Renvoyer à 1 adresse en échec temporaire\u202f?' : `Renvoyer à ${n} adresses en échec temporaire\u202f?`),
  retryAction: (n: number) => (n === 1 ? 'Renvoyer à 1 adresse' : `Renvoyer à ${n} adresses`),
  /** A failed copy, in French; the mail server's own words follow as its detail. */
  refused: (code: number) => `Adresse refusée par le serveur du destinataire (${code})`,
  refusedForNow: (code: number) => `Refus temporaire du serveur du destinataire (${code})`,
  /** A copy failed because its address was refused for good (a 5xx, a bounce reported later, repeated soft bounces). */
  bouncedLater: 'Adresse retirée des envois : refusée par le serveur du destinataire (rebond)',
  /** No SMTP reply at all: the mail server (or the relay) did not answer; tried again like a 4xx. */
  noAnswer: 'Serveur de mail injoignable (pas de réponse)',
  testRefusedAddress: 'Cette adresse ne reçoit pas les lettres (refusée par son serveur, ou inscription non confirmée)\u202f: choisissez-en une autre pour le test.',
  atInPast: 'La date d’envoi doit être dans le futur.',
  atInvalid: 'Date d’envoi invalide (format attendu : 2026-03-03T20:30).',
  foreignImage: 'Les images doivent venir des fichiers du site (/uploads/…).',
  // The project's typography helper: no-break spaces inside « » and before « : » (a message can wrap anywhere).
  personalPlaceholder: frenchTypography('Le lien de désinscription de chaque abonné est ajouté en bas de la lettre : « %%UNSUBSCRIBE_URL%% » ne peut pas figurer dans son texte ni dans ses liens.'),
  personalLink: 'Un lien vers un autre site ne peut pas porter l’adresse de désinscription ni aucune donnée propre à un abonné.',
  renderFailed: frenchTypography('La lettre n’a pas pu être mise en page, elle n’est partie chez personne : '),
  renderUnexpected: 'erreur inattendue (le détail est dans le journal du serveur).',
  renderTooLarge: 'une fois mise en page, elle dépasse 5 Mo.',
  testFailed: 'Le test n’est pas parti\u202f: ',
  testSent: (email: string) => `Test envoyé à ${email}.`,
  upcomingTitle: 'Prochaines représentations',
  reserve: 'Réserver',
  seeShow: 'Voir le spectacle',
  unsubscribe: 'Se désinscrire de la newsletter',
  /** At the top of every copy: the letter's archive page (/lettres/<slug>), for a client that shows it badly. */
  viewInBrowser: 'Voir dans le navigateur',
  footerSite: 'Le site',
  /** « Annoncer ce spectacle »: the new letter's subject starts so, the show's name follows in « ». */
  announceSubject: 'À l’affiche :',
  announceShowNotFound: 'Spectacle introuvable ou non publié : seule la page d’un spectacle publié peut être annoncée.',
  footerShows: 'Les spectacles',
  footerLetters: 'Les lettres précédentes',
  unsubscribeNote: 'Vous recevez cette lettre car vous êtes inscrit(e) à la newsletter de La Bande à Lire.',
  archiveTitle: 'Lettres',
} as const;

/**
 * Where each copy's own unsubscribe link goes in the letter as rendered (the server replaces it per
 * subscriber): a letter's own text may never spell it, or another site's link would carry it (issue 33).
 */
export const UNSUBSCRIBE_PLACEHOLDER = '%%UNSUBSCRIBE_URL%%';

/** 'failed': the letter could not be rendered when its send started (its reason in failureReason). */
export const campaignStatusSchema = z.enum(['draft', 'scheduled', 'sending', 'sent', 'cancelled', 'failed']);
export type CampaignStatusValue = z.infer<typeof campaignStatusSchema>;

export const campaignInputSchema = z.object({
  subject: requiredText(200).refine((subject) => !subject.includes(UNSUBSCRIBE_PLACEHOLDER), campaignTexts.personalPlaceholder),
  body: requiredText(50_000).refine((body) => !body.includes(UNSUBSCRIBE_PLACEHOLDER), campaignTexts.personalPlaceholder),
  includeUpcoming: z.boolean().default(false),
});
export type CampaignInput = z.input<typeof campaignInputSchema>;

/** « Annoncer ce spectacle »: a new letter's subject and Markdown, prepared from a published show. */
export const campaignAnnouncementSchema = z.object({ subject: z.string(), body: z.string() });
export type CampaignAnnouncement = z.infer<typeof campaignAnnouncementSchema>;

export const campaignTestInputSchema = z.object({ email: emailSchema });

/** `at`: an ISO date-time (offset, 'Z', or none for Paris wall time); omitted: now. */
export const campaignSendInputSchema = z
  .object({
    at: z
      .string()
      .trim()
      .max(64)
      .refine((value) => !Number.isNaN(scheduleInstant(value)), campaignTexts.atInvalid)
      .transform((value) => new Date(scheduleInstant(value)).toISOString())
      .optional(),
  })
  .default({});

/**
 * A letter's figures, counted, never per reader (no tracking): its copies by state, the copies a relay
 * reported bounced after the send, and the readers of a sent copy who unsubscribed within
 * UNSUBSCRIBE_WINDOW_DAYS of it.
 */
export const campaignStatsSchema = z.object({ recipients: z.number(), sent: z.number(), failed: z.number(), pending: z.number(), bounced: z.number(), unsubscribed: z.number() });
/** The window of a letter's unsubscribe count, from its copy's send. */
export const UNSUBSCRIBE_WINDOW_DAYS = 7;

export const campaignSchema = z.object({
  id: z.number(),
  subject: z.string(),
  body: z.string(),
  includeUpcoming: z.boolean(),
  status: campaignStatusSchema,
  sendAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  slug: z.string().nullable(),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  stats: campaignStatsSchema,
});
export type Campaign = z.infer<typeof campaignSchema>;

/**
 * A failed copy of an address still on the list: `error` in French, `detail` the mail server's own
 * words (for whoever looks into it), `temporary` whether « Renvoyer aux échecs » tries it again.
 */
export const campaignFailureSchema = z.object({ email: z.string(), error: z.string(), detail: z.string().nullable(), temporary: z.boolean() });
export type CampaignFailure = z.infer<typeof campaignFailureSchema>;

export const campaignDetailSchema = campaignSchema.extend({
  /** The addresses whose copy failed (the form's « Adresses en échec »); erased and unsubscribed ones are not listed. */
  failures: z.array(campaignFailureSchema),
  /** How many copies « Renvoyer aux échecs » would send again now (temporary failures, address still receiving). */
  retryable: z.number(),
});

export const campaignRenderSchema = z.object({ html: z.string(), text: z.string() });

export const campaignArchiveItemSchema = z.object({ slug: z.string(), subject: z.string(), sentAt: z.string() });
export const campaignUpcomingSchema = z.object({ date: z.string(), venue: z.string(), showName: z.string(), showUrl: z.string(), reservationUrl: z.string().nullable() });
/** `html`: the letter's Markdown as HTML (raw HTML refused by markdown-it, so safe to insert). */
export const campaignArchivePageSchema = campaignArchiveItemSchema.extend({ html: z.string(), upcoming: z.array(campaignUpcomingSchema) });
export type CampaignArchivePage = z.infer<typeof campaignArchivePageSchema>;
export type CampaignArchiveItem = z.infer<typeof campaignArchiveItemSchema>;
