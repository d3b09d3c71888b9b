import { z } from '../zod.ts';

/** What the activity log records; the words are the « Journal » tab's. */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'publish',
  'unpublish',
  'featured',
  'reorder',
  'restore',
  'upload',
  'status',
  'logout',
  'login',
  'login-failed',
  'locked',
  'preview',
  // A reservation cancelled by the staff (issue 23).
  'cancel',
  // Two-factor login: the password was right and the code is asked / the code was wrong; the
  // account's setup, enabling and disabling (never the secret nor a code).
  'totp-required',
  'totp-failed',
  'totp-setup',
  'totp-enable',
  'totp-disable',
  // Passkeys (never a key nor a challenge): a registration begun, a passkey added or deleted by its
  // account, every passkey of an account removed by an administrator, a login with one, a refused one.
  'passkey-register-start',
  'passkey-add',
  'passkey-delete',
  'passkey-remove',
  'login-passkey',
  'login-passkey-failed',
  'password-change',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ENTITIES = [
  'shows',
  'members',
  'venues',
  'gallery',
  'origins',
  'partners',
  'card-config',
  'legal',
  'site-content',
  'messages',
  'users',
  'newsletter',
  'uploads',
  'revisions',
  'auth',
  'reservations',
] as const;

export const AUDIT_LIMIT = { default: 100, max: 500 } as const;

export const auditTexts = {
  tab: 'Journal',
  empty: 'Aucune entrée dans le journal.',
  loadFailed: 'Erreur lors du chargement du journal',
  columns: { at: 'Date', account: 'Compte', action: 'Action', entity: 'Élément' },
  filters: { action: 'Action', entity: 'Élément', all: 'Toutes' },
  unknownAccount: '—',
  actionInvalid: 'Action inconnue',
  entityInvalid: 'Élément inconnu',
  limitInvalid: `Le nombre d'entrées doit être un entier entre 1 et ${AUDIT_LIMIT.max}`,
  actions: {
    create: 'Création',
    update: 'Modification',
    delete: 'Suppression',
    publish: 'Publication',
    unpublish: 'Dépublication',
    featured: 'Mise en avant',
    reorder: 'Réordonnancement',
    restore: 'Restauration',
    upload: 'Envoi de fichier',
    status: 'Changement de statut',
    logout: 'Déconnexion',
    login: 'Connexion',
    'login-failed': 'Échec de connexion',
    locked: 'Compte bloqué',
    preview: 'Lien d’aperçu',
    cancel: 'Annulation',
    'totp-required': 'Code de vérification demandé',
    'totp-failed': 'Code de vérification refusé',
    'totp-setup': 'Double authentification : configuration',
    'totp-enable': 'Double authentification activée',
    'totp-disable': 'Double authentification désactivée',
    'passkey-register-start': 'Clé d’accès : ajout commencé',
    'passkey-add': 'Clé d’accès ajoutée',
    'passkey-delete': 'Clé d’accès supprimée',
    'passkey-remove': 'Clés d’accès retirées par un administrateur',
    'login-passkey': 'Connexion par clé d’accès',
    'login-passkey-failed': 'Clé d’accès refusée',
    'password-change': 'Mot de passe changé',
  } satisfies Record<AuditAction, string>,
  entities: {
    shows: 'Spectacles',
    members: 'Membres',
    venues: 'Lieux',
    gallery: 'Bonus de la bande',
    origins: 'Origines',
    partners: 'Partenaires',
    'card-config': "Carte d'abonnement",
    legal: 'Informations légales',
    'site-content': 'Textes du site',
    messages: 'Messages',
    users: 'Comptes',
    newsletter: 'Abonnés',
    uploads: 'Fichiers',
    revisions: 'Historique',
    auth: 'Connexion',
    reservations: 'Réservations',
  } satisfies Record<(typeof AUDIT_ENTITIES)[number], string>,
} as const;

export const auditQuerySchema = z.object({
  limit: z.coerce
    .number({ error: auditTexts.limitInvalid })
    .int({ error: auditTexts.limitInvalid })
    .min(1, { error: auditTexts.limitInvalid })
    .max(AUDIT_LIMIT.max, { error: auditTexts.limitInvalid })
    .default(AUDIT_LIMIT.default),
  action: z.enum(AUDIT_ACTIONS, { error: auditTexts.actionInvalid }).optional(),
  entity: z.string().trim().min(1, { error: auditTexts.entityInvalid }).max(40, { error: auditTexts.entityInvalid }).optional(),
});
export type AuditQuery = z.input<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  userEmail: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
