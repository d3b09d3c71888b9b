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

/** The fields still empty, in form order: the dashboard lists them until the legal page is complete. */
export const missingLegalFields = (settings: Readonly<Record<LegalField, string>>): LegalField[] => LEGAL_FIELDS.filter((field) => !settings[field].trim());
