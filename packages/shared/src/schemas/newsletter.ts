import { z } from '../zod.ts';

/**
 * The newsletter's double opt-in and staff list. Its French texts sit here rather than in texts.ts,
 * as they belong to this feature only (links of the mails, pages of the links, the admin tab).
 */
export const newsletterTexts = {
  confirmTitle: 'Confirmation de votre inscription',
  confirmPending: 'Confirmation en cours...',
  confirmed: 'Votre inscription à la newsletter est confirmée. Merci !',
  confirmInvalid: "Ce lien de confirmation n'est pas valide ou a expiré. Inscrivez-vous à nouveau depuis le site.",
  unsubscribeTitle: 'Désinscription de la newsletter',
  unsubscribePending: 'Désinscription en cours...',
  unsubscribed: 'Vous êtes désinscrit(e) de la newsletter. Votre adresse a été effacée.',
  unsubscribeInvalid: "Ce lien de désinscription n'est pas valide ou a déjà servi : votre adresse n'est plus inscrite.",
  missingToken: 'Lien incomplet : le jeton est absent.',
  backHome: "Retour à l'accueil",
  confirmMailSubject: 'Confirmez votre inscription à la newsletter',
  welcomeLeave: 'Pour vous désinscrire à tout moment : le lien du mail de confirmation, ou celui en bas de chaque lettre.',
  subscriberNotFound: 'Abonné introuvable',
  tab: 'Abonnés',
  confirmedState: 'confirmé',
  pendingState: 'en attente',
  bouncedState: 'adresse refusée',
  bouncedHint: 'Le serveur du destinataire refuse cette adresse : elle ne reçoit plus les lettres, sauf si la personne se réinscrit et confirme.',
  downloadCsv: 'Télécharger le CSV (abonnés confirmés)',
  empty: "Aucun abonné pour l'instant.",
  deleteConfirm: (email: string) => `Supprimer l'abonné « ${email} » ? Son adresse sera effacée.`,
  loadFailed: 'Erreur lors du chargement des abonnés',
  deleteFailed: "Erreur lors de la suppression de l'abonné",
  csvFailed: 'Erreur lors du téléchargement du CSV',
} as const;

/** A link's token: base64url of 32 random bytes (43 characters); bounded so nobody sends megabytes. */
export const newsletterTokenInputSchema = z.object({ token: z.string().trim().min(1).max(200) });

/**
 * A subscriber's state: waiting for the confirmation click, confirmed (receives the letters), or bounced
 * (refused for good by the recipient's server, or after repeated soft bounces: receives nothing more).
 * Unsubscribed and erased addresses are not a state: they are gone.
 */
export const subscriberStatusSchema = z.enum(['pending', 'confirmed', 'bounced']);
export type SubscriberStatus = z.infer<typeof subscriberStatusSchema>;
export const subscriberStatus = (s: { confirmedAt: string | null; bouncedAt: string | null }): SubscriberStatus => (s.bouncedAt ? 'bounced' : s.confirmedAt ? 'confirmed' : 'pending');

export const newsletterSubscriberSchema = z.object({
  id: z.number(),
  email: z.string(),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
  /** Set when a campaign copy was refused for good (SMTP 5xx): left out of campaigns until confirmed again. */
  bouncedAt: z.string().nullable(),
  status: subscriberStatusSchema,
});
export type NewsletterSubscriber = z.infer<typeof newsletterSubscriberSchema>;
