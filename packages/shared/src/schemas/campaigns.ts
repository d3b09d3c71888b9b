import { z } from '../zod.ts';
import { emailSchema, requiredText } from './common.ts';
import { scheduleInstant } from './schedule.ts';

/** Newsletter campaigns (issue 24): the API's contract and its French texts. */
export const campaignTexts = {
  notFound: 'Lettre introuvable',
  notEditable: 'Cette lettre est en cours d’envoi ou déjà envoyée : elle ne peut plus être modifiée ni supprimée.',
  notSendable: 'Cette lettre est déjà programmée, en cours d’envoi ou envoyée.',
  notCancellable: 'Seule une lettre programmée ou en cours d’envoi peut être annulée.',
  noFailures: 'Aucun envoi en échec à renvoyer pour cette lettre.',
  atInPast: 'La date d’envoi doit être dans le futur.',
  atInvalid: 'Date d’envoi invalide (format attendu : 2026-03-03T20:30).',
  foreignImage: 'Les images doivent venir des fichiers du site (/uploads/…).',
  testFailed: 'Le serveur de mail a refusé l’envoi du test : ',
  testSent: (email: string) => `Test envoyé à ${email}.`,
  upcomingTitle: 'Prochaines représentations',
  reserve: 'Réserver',
  seeShow: 'Voir le spectacle',
  unsubscribe: 'Se désinscrire de la newsletter',
  unsubscribeNote: 'Vous recevez cette lettre car vous êtes inscrit(e) à la newsletter de La Bande à Lire.',
  archiveTitle: 'Lettres',
  archiveIntro: 'Les lettres envoyées aux abonnés de la newsletter.',
  archiveEmpty: 'Aucune lettre envoyée pour l’instant.',
} as const;

export const campaignStatusSchema = z.enum(['draft', 'scheduled', 'sending', 'sent', 'cancelled']);
export type CampaignStatusValue = z.infer<typeof campaignStatusSchema>;

export const campaignInputSchema = z.object({
  subject: requiredText(200),
  body: requiredText(50_000),
  includeUpcoming: z.boolean().default(false),
});
export type CampaignInput = z.input<typeof campaignInputSchema>;

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

export const campaignStatsSchema = z.object({ recipients: z.number(), sent: z.number(), failed: z.number(), pending: z.number() });

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
  createdAt: z.string(),
  updatedAt: z.string(),
  stats: campaignStatsSchema,
});
export type Campaign = z.infer<typeof campaignSchema>;

export const campaignDetailSchema = campaignSchema.extend({
  /** The addresses whose copy failed for good (the form's « échecs » list). */
  failures: z.array(z.object({ email: z.string(), error: z.string().nullable() })),
});

export const campaignRenderSchema = z.object({ html: z.string(), text: z.string() });

export const campaignArchiveItemSchema = z.object({ slug: z.string(), subject: z.string(), sentAt: z.string() });
export const campaignUpcomingSchema = z.object({ date: z.string(), venue: z.string(), showName: z.string(), showUrl: z.string(), reservationUrl: z.string().nullable() });
/** `html`: the letter's Markdown as HTML (raw HTML refused by markdown-it, so safe to insert). */
export const campaignArchivePageSchema = campaignArchiveItemSchema.extend({ html: z.string(), upcoming: z.array(campaignUpcomingSchema) });
export type CampaignArchivePage = z.infer<typeof campaignArchivePageSchema>;
export type CampaignArchiveItem = z.infer<typeof campaignArchiveItemSchema>;
