import { z } from '../zod.ts';
import { AUTH } from '../constants.ts';
import { emailSchema } from './common.ts';
import { roleSchema } from './roles.ts';

/**
 * Staff accounts (the admin's « Comptes » tab): several people, each with an own password, lockout
 * and sessions. An invited person sets a password with the invitation code on « Mot de passe oublié ? ».
 */
export const usersTexts = {
  tab: 'Comptes',
  emailTaken: 'Un compte existe déjà avec cette adresse email',
  notFound: 'Compte introuvable',
  cannotDeleteSelf: 'Vous ne pouvez pas supprimer votre propre compte',
  cannotDeleteLast: 'Impossible de supprimer le dernier compte administrateur',
  invited: (email: string) => `Invitation envoyée à ${email}.`,
  inviteMailSubject: 'Invitation à administrer le site',
  inviteFailed: "Erreur lors de l'envoi de l'invitation",
  loadFailed: 'Erreur lors du chargement des comptes',
  deleteFailed: 'Erreur lors de la suppression du compte',
  deleteConfirm: (email: string) => `Supprimer le compte « ${email} » ? Ses sessions seront fermées.`,
  emailLabel: 'Email de la personne à inviter',
  inviteButton: 'Inviter',
  inviting: 'Envoi en cours...',
  you: 'vous',
  createdOn: 'Créé le',
  lastLogin: 'Dernière connexion',
  never: 'jamais',
  inviteHelp: `La personne reçoit un code valable ${AUTH.inviteCodeDays} jours, à saisir sur « Mot de passe oublié ? » avec le mot de passe de son choix.`,
} as const;

export const adminAccountSchema = z.object({
  id: z.number(),
  email: z.string(),
  createdAt: z.string(),
  /** The start of the account's latest open session, when it has one. */
  lastLoginAt: z.string().optional(),
  /** Two-factor login is on for this account. */
  totpEnabled: z.boolean(),
  role: roleSchema,
});
export type AdminAccount = z.infer<typeof adminAccountSchema>;

/** An invitation names the role of the new account; without one it is an editor (the least data). */
export const inviteUserInputSchema = z.object({ email: emailSchema, role: roleSchema.default('editor') });
