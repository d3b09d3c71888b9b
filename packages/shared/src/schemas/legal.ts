import { z } from '../zod.ts';
import { texts } from '../texts.ts';
import { withoutNul } from './text-guards.ts';
import { LEGAL_FIELD_MAX, type LegalField } from '../legal-fields.ts';

// The fields, their limits and labels are zod-free (../legal-fields.ts, for the dashboard's first load).
export * from '../legal-fields.ts';

/** What GET /api/legal answers: every field, empty ('') while staff have not filled it. */
export const legalSettingsSchema = z.object({
  publisherName: z.string(),
  publisherAddress: z.string(),
  publicationDirector: z.string(),
  publisherContact: z.string(),
  hostName: z.string(),
  hostAddress: z.string(),
  hostPhone: z.string(),
});
export type LegalSettings = z.infer<typeof legalSettingsSchema>;

const legalText = (field: LegalField) =>
  withoutNul(
    z
      .string({ error: texts.validation.required })
      .trim()
      .min(1, texts.validation.required)
      .max(LEGAL_FIELD_MAX[field], `Ce champ ne doit pas dépasser ${LEGAL_FIELD_MAX[field]} caractères`),
  );

/** What PUT /api/legal accepts: every detail the law asks for, trimmed and bounded. */
export const legalSettingsInputSchema = z.object({
  publisherName: legalText('publisherName'),
  publisherAddress: legalText('publisherAddress'),
  publicationDirector: legalText('publicationDirector'),
  publisherContact: legalText('publisherContact'),
  hostName: legalText('hostName'),
  hostAddress: legalText('hostAddress'),
  hostPhone: legalText('hostPhone'),
});
export type LegalSettingsInput = z.input<typeof legalSettingsInputSchema>;

/** Before anything is saved (fresh database without demo content): nothing filled. */
export const EMPTY_LEGAL_SETTINGS: LegalSettings = {
  publisherName: '',
  publisherAddress: '',
  publicationDirector: '',
  publisherContact: '',
  hostName: '',
  hostAddress: '',
  hostPhone: '',
};
