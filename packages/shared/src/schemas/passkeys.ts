import { z } from '../zod.ts';
import { LIMITS } from '../constants.ts';
import { texts } from '../texts.ts';
import { withoutNul } from './text-guards.ts';

/**
 * Passkeys (WebAuthn) of the admin accounts and « Mon compte »: the texts of the API, of the account
 * page and of the login page, and the shapes of their routes.
 */
export const PASSKEYS = {
  /** A challenge is good for this long, then refused (the browser's own timeout is the same). */
  challengeMinutes: 5,
  nameMax: 60,
  perAccountMax: 20,
} as const;

export const passkeyTexts = {
  // API answers
  nameRequired: 'Donnez un nom à cette clé d’accès (par exemple « Téléphone de Claire »)',
  nameTooLong: `Le nom doit contenir au plus ${PASSKEYS.nameMax} caractères`,
  tooMany: `Ce compte a déjà ${PASSKEYS.perAccountMax} clés d’accès : supprimez-en une avant d’en ajouter une autre`,
  challengeInvalid: 'Demande expirée ou déjà utilisée : recommencez',
  registrationFailed: 'La clé d’accès n’a pas pu être vérifiée : recommencez',
  alreadyRegistered: 'Cette clé d’accès est déjà enregistrée',
  loginFailed: 'Clé d’accès refusée',
  userVerificationRequired: 'Clé d’accès refusée : votre appareil doit vérifier votre identité (code, empreinte ou visage)',
  counterRegressed: 'Clé d’accès refusée : son compteur de signatures est revenu en arrière (clé peut-être copiée). Le compte a été prévenu par email.',
  notFound: 'Clé d’accès introuvable',
  userNotFound: 'Compte introuvable',
  removedByAdmin: (n: number) => `${n} clé${n > 1 ? 's' : ''} d’accès supprimée${n > 1 ? 's' : ''}.`,
  deleted: 'Clé d’accès supprimée.',
  // « Mon compte »
  accountTitle: 'Mon compte',
  accountMenu: 'Mon compte',
  accountIntro: 'Votre mot de passe, la double authentification et vos clés d’accès.',
  title: 'Clés d’accès',
  intro:
    'Une clé d’accès (passkey) vous connecte sans mot de passe, avec le code, l’empreinte ou le visage qui déverrouille votre appareil. Elle reste utilisable même si quelqu’un bloque votre mot de passe par des essais erronés.',
  addButton: 'Ajouter une clé d’accès',
  adding: 'Ajout en cours...',
  nameLabel: 'Nom de la clé d’accès',
  nameHelp: 'Pour la reconnaître dans la liste, par exemple « Ordinateur du bureau ».',
  cancel: 'Annuler',
  save: 'Continuer',
  added: (name: string) => `Clé d’accès « ${name} » ajoutée.`,
  empty: 'Aucune clé d’accès pour ce compte.',
  columns: { name: 'Nom', createdAt: 'Ajoutée le', lastUsedAt: 'Dernière utilisation' },
  never: 'jamais',
  deleteButton: (name: string) => `Supprimer la clé d’accès « ${name} »`,
  deleteConfirm: (name: string) => `Supprimer la clé d’accès « ${name} » ? Elle ne permettra plus de se connecter.`,
  loadFailed: 'Erreur lors du chargement des clés d’accès',
  browserCancelled: 'Opération annulée ou refusée par le navigateur.',
  unsupported: 'Ce navigateur ne gère pas les clés d’accès.',
  // Login page
  loginButton: 'Se connecter avec une clé d’accès',
  loggingIn: 'Connexion...',
  // Password change
  passwordTitle: 'Mot de passe',
  currentPassword: 'Mot de passe actuel',
  newPassword: 'Nouveau mot de passe',
  changePassword: 'Changer le mot de passe',
  changingPassword: 'Enregistrement...',
  passwordChanged: 'Mot de passe changé. Vos autres sessions ont été fermées.',
  currentPasswordWrong: 'Mot de passe actuel incorrect',
  samePassword: 'Le nouveau mot de passe doit être différent de l’actuel',
  // Admin: another account's passkeys
  removeAllButton: 'Supprimer ses clés d’accès',
  removeAllConfirm: (email: string) => `Supprimer toutes les clés d’accès de « ${email} » ? Ce compte devra se connecter avec son mot de passe.`,
} as const;

/** Base64url text as WebAuthn's JSON carries binary (bounded: a credential is a few kB at most). */
const b64url = z.string().max(16_384).regex(/^[A-Za-z0-9_-]*={0,2}$/, passkeyTexts.loginFailed);

/** The browser's answer to navigator.credentials.create(), as @simplewebauthn/browser sends it. */
export const registrationResponseSchema = z.looseObject({
  id: b64url,
  rawId: b64url,
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: b64url,
    attestationObject: b64url,
    transports: z.array(z.string().max(32)).max(10).optional(),
  }),
  clientExtensionResults: z.looseObject({}),
  authenticatorAttachment: z.string().max(32).optional(),
});

/** The browser's answer to navigator.credentials.get(). */
export const authenticationResponseSchema = z.looseObject({
  id: b64url,
  rawId: b64url,
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: b64url,
    authenticatorData: b64url,
    signature: b64url,
    userHandle: b64url.optional(),
  }),
  clientExtensionResults: z.looseObject({}),
  authenticatorAttachment: z.string().max(32).optional(),
});

export const passkeyNameSchema = withoutNul(
  z.string({ error: passkeyTexts.nameRequired }).trim().min(1, passkeyTexts.nameRequired).max(PASSKEYS.nameMax, passkeyTexts.nameTooLong),
);

export const passkeyRegisterInputSchema = z.object({ name: passkeyNameSchema, response: registrationResponseSchema });
export const passkeyLoginInputSchema = z.object({ response: authenticationResponseSchema });

/** Options handed to @simplewebauthn/browser (their shape is WebAuthn's, checked by the library). */
export const passkeyOptionsSchema = z.looseObject({ challenge: z.string() });

export const passkeySchema = z.object({
  id: z.number(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;

export const changePasswordInputSchema = z.object({
  currentPassword: z.string({ error: texts.validation.required }).min(1, texts.validation.required).max(1024),
  newPassword: z
    .string({ error: texts.validation.passwordTooShort })
    .min(LIMITS.passwordMin, texts.validation.passwordTooShort)
    .max(1024),
});
export type ChangePasswordInput = z.infer<typeof changePasswordInputSchema>;
