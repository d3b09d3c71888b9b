import { z } from 'zod';
import { requiredText } from './common.ts';

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
  sectionTitle: requiredText(200),
  sectionDescription: requiredText(2000),
  buttonText: requiredText(100),
  modalTitle: requiredText(200),
  modalDescription: requiredText(2000),
  modalButtonText: requiredText(100),
});
export type CardConfigInput = z.input<typeof cardConfigInputSchema>;
