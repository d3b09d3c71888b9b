import { SITE_NAME } from '@bande/shared';
import type { MailMessage } from '../../plugins/mailer.ts';
import { withSignature } from '../../plugins/mailer.ts';

const IF_NOT_YOU =
  'Si ce n’est pas vous, connectez-vous, supprimez les clés d’accès que vous ne reconnaissez pas dans « Mon compte », changez votre mot de passe et prévenez un administrateur.';

function mail(to: string, subject: string, lines: string[]): MailMessage {
  return { to, subject, text: withSignature(['Bonjour,', '', ...lines, '', IF_NOT_YOU].join('\n')) };
}

/**
 * Passkey events mail the account: a key added, deleted, refused (its counter went backwards) or used
 * for the first time (a new device) shows at once; its later sign-ins are not mailed (issue 35).
 */
export const passkeyMails = {
  added: (to: string, name: string) =>
    mail(to, 'Nouvelle clé d’accès sur votre compte', [`Une clé d’accès nommée « ${name} » vient d’être ajoutée à votre compte du site ${SITE_NAME}.`]),
  deleted: (to: string, name: string) =>
    mail(to, 'Clé d’accès supprimée de votre compte', [`La clé d’accès « ${name} » vient d’être supprimée de votre compte du site ${SITE_NAME}.`]),
  removedByAdmin: (to: string, count: number, admin: string) =>
    mail(to, 'Clés d’accès supprimées de votre compte', [
      `L’administrateur ${admin} a supprimé ${count === 1 ? 'la clé d’accès' : `les ${count} clés d’accès`} de votre compte du site ${SITE_NAME}. Connectez-vous avec votre mot de passe.`,
    ]),
  used: (to: string, name: string) =>
    mail(to, 'Première connexion avec une clé d’accès', [
      `Une première connexion à votre compte du site ${SITE_NAME} vient d’avoir lieu avec la clé d’accès « ${name} ». Les suivantes ne vous seront pas signalées. Si ce n’était pas vous, supprimez cette clé dans « Mon compte ».`,
    ]),
  refused: (to: string, name: string) =>
    mail(to, 'Clé d’accès refusée', [
      `Une connexion avec la clé d’accès « ${name} » a été refusée : son compteur de signatures est revenu en arrière, ce qui arrive quand une clé a été copiée. Si vous ne l’expliquez pas, supprimez cette clé dans « Mon compte ».`,
    ]),
};
