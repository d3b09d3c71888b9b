import { z } from '../zod.ts';
import { SITE_NAME } from '../texts.ts';

/**
 * Two-factor login (TOTP, RFC 6238: SHA-1, 6 digits, 30 s) of the admin accounts: the texts of the
 * API and of the « Double authentification » section, and the shapes of its routes.
 */
export const TOTP = {
  issuer: SITE_NAME,
  digits: 6,
  periodSeconds: 30,
  /** Steps accepted on either side of the server's (a phone's clock a little off). */
  window: 1,
  recoveryCodeCount: 10,
  /** Wrong codes one account may send to enable/disable within the window (then 429). */
  manageAttempts: 5,
  manageWindowMinutes: 15,
} as const;

export const twoFactorTexts = {
  // API answers
  codeRequired: 'Code de vérification requis : saisissez le code affiché par votre application d’authentification',
  codeInvalid: 'Code de vérification invalide ou déjà utilisé',
  codeFormat: 'Le code doit comporter 6 chiffres, ou être un code de secours (10 lettres et chiffres, par exemple abcde-23456)',
  alreadyEnabled: 'La double authentification est déjà activée pour ce compte : désactivez-la avant de la configurer à nouveau',
  notSetUp: "Aucune configuration en cours : commencez par « Configurer » pour obtenir un QR code",
  notEnabled: "La double authentification n'est pas activée pour ce compte",
  tooManyCodes: 'Trop de codes erronés : réessayez dans 15 minutes.',
  // Admin UI
  title: 'Double authentification',
  intro:
    'Protégez votre compte : après le mot de passe, la connexion demande un code à 6 chiffres affiché par une application d’authentification (Google Authenticator, Aegis, FreeOTP, 1Password…).',
  statusOn: 'Activée pour votre compte.',
  statusOff: 'Désactivée pour votre compte.',
  recoveryLeft: (n: number) => `${n} code${n > 1 ? 's' : ''} de secours restant${n > 1 ? 's' : ''}.`,
  setUpButton: 'Configurer',
  settingUp: 'Préparation...',
  scanHelp: 'Scannez ce QR code avec votre application, ou saisissez la clé ci-dessous à la main.',
  qrAlt: 'QR code de configuration de la double authentification',
  secretLabel: 'Clé secrète (saisie manuelle)',
  codeLabel: 'Code de vérification',
  confirmButton: 'Activer',
  confirming: 'Vérification...',
  cancel: 'Annuler',
  recoveryTitle: 'Vos codes de secours',
  recoveryWarning:
    'Notez ces codes maintenant et gardez-les en lieu sûr : ils ne seront plus jamais affichés. Chacun permet une seule connexion si vous perdez votre téléphone.',
  copy: 'Copier les codes',
  copied: 'Codes copiés.',
  download: 'Télécharger (.txt)',
  done: "J'ai noté mes codes",
  disableHelp: 'Pour désactiver, saisissez un code de votre application ou un code de secours.',
  disableCodeLabel: 'Code de vérification ou code de secours',
  disableButton: 'Désactiver',
  disabling: 'Désactivation...',
  enabled: 'Double authentification activée.',
  disabled: 'Double authentification désactivée.',
  loadFailed: 'Erreur lors du chargement de la double authentification',
  columnHeader: 'Double authentification',
  yes: 'activée',
  no: 'non',
  // Login screen
  loginHelp: 'Saisissez le code à 6 chiffres affiché par votre application d’authentification.',
  recoveryHelp: 'Saisissez un de vos codes de secours (10 caractères, par exemple abcde-23456) : chacun ne sert qu’une fois.',
  codeRemaining: (n: number) => `Code de vérification invalide ou déjà utilisé (${n} tentative(s) restante(s))`,
  useRecovery: 'Utiliser un code de secours',
  useApp: 'Utiliser un code de l’application',
  recoveryLabel: 'Code de secours',
  verify: 'Vérifier',
  back: 'Retour',
} as const;

const SIX_DIGITS = /^\d{6}$/;
/** Recovery codes: 10 characters of RECOVERY_ALPHABET, shown as two groups of 5 (`abcde-23456`). */
export const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const RECOVERY = /^[a-hjkmnp-z2-9]{5}-?[a-hjkmnp-z2-9]{5}$/;

/** Spaces, and the case of a recovery code, do not matter (`123 456`, `ABCDE-23456`). */
export const normalizeSecondFactorCode = (code: string) => code.replace(/\s+/g, '').toLowerCase();
export const isTotpCode = (code: string) => SIX_DIGITS.test(code);

/** A 6-digit code of the authenticator app, or a recovery code. */
export const secondFactorCodeSchema = z
  .string({ error: twoFactorTexts.codeFormat })
  .max(64, twoFactorTexts.codeFormat)
  .transform(normalizeSecondFactorCode)
  .refine((code) => SIX_DIGITS.test(code) || RECOVERY.test(code), twoFactorTexts.codeFormat);

/** Only an app code (enabling proves that the app shows the right codes). */
export const totpCodeSchema = z
  .string({ error: twoFactorTexts.codeFormat })
  .max(64, twoFactorTexts.codeFormat)
  .transform(normalizeSecondFactorCode)
  .refine((code) => SIX_DIGITS.test(code), twoFactorTexts.codeFormat);

export const totpEnableInputSchema = z.object({ code: totpCodeSchema });
export const totpDisableInputSchema = z.object({ code: secondFactorCodeSchema });

export const totpSetupResponseSchema = z.object({ secret: z.string(), otpauthUrl: z.string() });
export type TotpSetupResponse = z.infer<typeof totpSetupResponseSchema>;

export const totpEnableResponseSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type TotpEnableResponse = z.infer<typeof totpEnableResponseSchema>;

export const totpStatusSchema = z.object({ enabled: z.boolean(), recoveryCodesLeft: z.number() });
export type TotpStatus = z.infer<typeof totpStatusSchema>;
