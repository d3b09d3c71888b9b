import { z } from '../zod.ts';
import { texts } from '../texts.ts';
import { withoutNul } from './text-guards.ts';

/**
 * The publisher's and the host's details that French law (LCEN, article 6) requires on the legal page.
 * Staff fill them in the backoffice; they are stored in the database so that every server shows the same.
 */
export const LEGAL_FIELDS = ['publisherName', 'publisherAddress', 'publicationDirector', 'publisherContact', 'hostName', 'hostAddress', 'hostPhone'] as const;
export type LegalField = (typeof LEGAL_FIELDS)[number];

/** Field limits, shared by the form (counters) and the schema. */
export const LEGAL_FIELD_MAX: Record<LegalField, number> = {
  publisherName: 200,
  publisherAddress: 300,
  publicationDirector: 200,
  publisherContact: 200,
  hostName: 200,
  hostAddress: 300,
  hostPhone: 50,
};

/** The labels of the form, also used by the dashboard to name what is still missing. */
export const LEGAL_FIELD_LABELS: Record<LegalField, string> = {
  publisherName: "Nom de l'association",
  publisherAddress: 'Adresse du siège',
  publicationDirector: 'Directeur ou directrice de la publication',
  publisherContact: 'Email ou téléphone de contact',
  hostName: "Nom de l'hébergeur",
  hostAddress: "Adresse de l'hébergeur",
  hostPhone: "Téléphone de l'hébergeur",
};

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

/** The fields still empty, in form order: the dashboard lists them until the legal page is complete. */
export const missingLegalFields = (settings: LegalSettings): LegalField[] => LEGAL_FIELDS.filter((field) => !settings[field].trim());
