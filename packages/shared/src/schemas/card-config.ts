import { z } from '../zod.ts';
import { requiredText } from './common.ts';
import { withoutNul } from './text-guards.ts';

export const cardConfigSchema = z.object({
  isEnabled: z.boolean(),
  sectionTitle: z.string(),
  sectionDescription: z.string(),
  buttonText: z.string(),
  modalTitle: z.string(),
  modalDescription: z.string(),
  modalButtonText: z.string(),
});
export type CardConfig = z.infer<typeof cardConfigSchema>;

export const cardConfigInputSchema = z.object({
  isEnabled: z.boolean({ error: 'isEnabled doit être vrai ou faux' }),
  sectionTitle: withoutNul(requiredText(200)),
  sectionDescription: withoutNul(requiredText(2000)),
  buttonText: withoutNul(requiredText(100)),
  modalTitle: withoutNul(requiredText(200)),
  modalDescription: withoutNul(requiredText(2000)),
  modalButtonText: withoutNul(requiredText(100)),
});
export type CardConfigInput = z.input<typeof cardConfigInputSchema>;

/**
 * What GET /api/card-config answers before staff ever saved a configuration (fresh database without
 * demo content): disabled, so the public site shows nothing until the texts are reviewed.
 */
export const DEFAULT_CARD_CONFIG: CardConfig = {
  isEnabled: false,
  sectionTitle: 'Devenez abonné de la Bande',
  sectionDescription:
    "Avec la carte d'abonné, profitez de tarifs réduits sur nos lectures et soyez informé en priorité de nos prochaines représentations.",
  buttonText: 'Demander ma carte',
  modalTitle: "Demande de carte d'abonné",
  modalDescription: 'Laissez-nous vos coordonnées : nous revenons vers vous très vite pour finaliser votre carte.',
  modalButtonText: 'Envoyer ma demande',
};
