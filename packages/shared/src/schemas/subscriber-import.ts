import { z } from '../zod.ts';
import { frenchTypography } from '../format/french-typography.ts';
import { emailSchema } from './common.ts';

/**
 * Subscribers the staff add (issue 34), by hand or from a CSV file: each address is stored pending and
 * mailed the same confirmation link as a sign-up from the site; it counts only once its owner clicked.
 * An address that left (unsubscribed, erased) or that its server refuses is never added by the staff.
 */

/** The largest file read, in bytes (as characters of its text): about 5,000 addresses. */
export const IMPORT_MAX_BYTES = 256 * 1024;
/** The most lines read from a file, its header line not counted. */
export const IMPORT_MAX_LINES = 2000;

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('fr-FR')} ${n > 1 ? many : one}`;

export const subscriberImportTexts = {
  addTitle: 'Ajouter des abonnés',
  addByHand: 'Ajouter une adresse',
  emailLabel: 'Adresse email',
  addSubmit: 'Ajouter et envoyer la confirmation',
  added: (email: string) => frenchTypography(`Adresse ${email} ajoutée : un mail de confirmation lui est envoyé. Elle comptera parmi les abonnés une fois confirmée.`),
  fileLabel: 'Fichier CSV',
  chooseFile: 'Choisir un fichier',
  noFile: 'Aucun fichier choisi',
  fileHint: frenchTypography(
    `Une adresse par ligne (séparateur « ; » ou « , » ; une ligne d’en-tête contenant « email » ou « adresse » est reconnue). ${plural(IMPORT_MAX_LINES, 'ligne', 'lignes')} et ${IMPORT_MAX_BYTES / 1024}\u00a0Ko au plus. Chaque adresse ajoutée reçoit un mail de confirmation : elle ne compte qu’une fois confirmée par son propriétaire.`,
  ),
  previewSubmit: 'Prévisualiser',
  importSubmit: (n: number) => `Importer ${plural(n, 'adresse', 'adresses')}`,
  cancel: 'Annuler',
  close: 'Fermer',
  fromFile: 'Depuis un fichier CSV',
  previewTitle: 'Aperçu de l’import',
  linesLabel: 'Lignes du fichier',
  nothingToImport: frenchTypography('Aucune adresse à ajouter dans ce fichier : voyez les lignes ci-dessous.'),
  imported: (n: number) => frenchTypography(n === 1 ? '1 adresse ajoutée : un mail de confirmation lui est envoyé.' : `${plural(n, 'adresse', 'adresses')} ajoutées : un mail de confirmation est envoyé à chacune.`),
  summary: (added: number, refused: number) => frenchTypography(`${plural(added, 'adresse à ajouter', 'adresses à ajouter')}, ${plural(refused, 'ligne écartée', 'lignes écartées')}`),
  tooLarge: frenchTypography(`Fichier trop lourd : ${IMPORT_MAX_BYTES / 1024} Ko au plus.`),
  tooManyLines: frenchTypography(`Fichier trop long : ${plural(IMPORT_MAX_LINES, 'ligne', 'lignes')} au plus.`),
  empty: frenchTypography('Le fichier ne contient aucune adresse.'),
  unreadable: (line: number | undefined) => frenchTypography(line ? `Fichier CSV illisible (ligne ${line}) : vérifiez les guillemets.` : 'Fichier CSV illisible : vérifiez les guillemets.'),
  notCsv: frenchTypography('Choisissez un fichier CSV (.csv ou .txt).'),
  readFailed: 'Erreur lors de la lecture du fichier',
  requestFailed: 'Erreur lors de l’ajout des abonnés',
  /** Why an address is not added (by hand: alone; in a file: after « Ligne N : »). */
  outcome: {
    new: 'à ajouter, un mail de confirmation sera envoyé',
    added: 'ajoutée, un mail de confirmation est envoyé',
    invalid: 'adresse invalide',
    duplicate: (first: number) => `doublon de la ligne ${first}`,
    confirmed: 'déjà abonnée',
    pending: 'déjà inscrite, en attente de confirmation',
    bounced: 'adresse refusée par son serveur : non ajoutée',
    left: 'adresse désinscrite ou effacée : non ajoutée (seule la personne peut se réinscrire)',
  },
  /** Why one address typed by hand is not added (409). */
  byHand: {
    confirmed: 'Cette adresse est déjà abonnée.',
    pending: frenchTypography('Cette adresse est déjà inscrite : elle attend que son propriétaire confirme.'),
    bounced: frenchTypography('Le serveur de cette adresse la refuse pour de bon : elle n’est pas ajoutée.'),
    left: frenchTypography('Cette adresse s’est désinscrite ou a été effacée : elle n’est pas ajoutée (RGPD). Seule la personne peut se réinscrire, depuis le site.'),
  },
  line: (n: number, text: string) => frenchTypography(`Ligne ${n} : ${text}`),
} as const;

export const importOutcomeSchema = z.enum(['new', 'added', 'invalid', 'duplicate', 'confirmed', 'pending', 'bounced', 'left']);
export type ImportOutcome = z.infer<typeof importOutcomeSchema>;

/** One line of the file and what becomes of it; `message` is the French line shown (« Ligne 4 : adresse invalide »). */
export const importLineSchema = z.object({ line: z.number(), email: z.string(), outcome: importOutcomeSchema, message: z.string() });
export type ImportLine = z.infer<typeof importLineSchema>;

export const importReportSchema = z.object({
  lines: z.array(importLineSchema),
  /** Addresses added (import) or to add (preview). */
  accepted: z.number(),
  refused: z.number(),
  message: z.string(),
});
export type ImportReport = z.infer<typeof importReportSchema>;

export const subscriberAddInputSchema = z.object({ email: emailSchema });
export type SubscriberAddInput = z.input<typeof subscriberAddInputSchema>;

export const subscriberImportInputSchema = z.object({
  csv: z.string({ error: subscriberImportTexts.empty }).max(IMPORT_MAX_BYTES, subscriberImportTexts.tooLarge),
});
export type SubscriberImportInput = z.input<typeof subscriberImportInputSchema>;
