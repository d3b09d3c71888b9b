import { AUTH, ROLE_DESCRIPTIONS, ROLE_LABELS, SITE_NAME, type Role } from '@bande/shared';
import type { MailMessage } from '../../plugins/mailer.ts';
import { withSignature } from '../../plugins/mailer.ts';

export function unlockCodeMail(to: string, code: string, siteName: string = SITE_NAME): MailMessage {
  return {
    to,
    subject: 'Code de déblocage de votre compte administrateur',
    text: withSignature(
      [
        'Bonjour,',
        '',
        `Votre compte administrateur du site ${siteName} est temporairement bloqué après plusieurs tentatives de connexion infructueuses.`,
        '',
        `Votre code de déblocage : ${code}`,
        '',
        `Ce code est valable ${AUTH.unlockCodeMinutes} minutes et ne sert qu'une fois. Saisissez-le sur la page de connexion avec votre email et votre mot de passe.`,
        '',
        "Si vous n'êtes pas à l'origine de ces tentatives, quelqu'un essaie peut-être d'accéder à votre compte : changez votre mot de passe avec « Mot de passe oublié ? ».",
      ].join('\n'),
      siteName,
    ),
  };
}

export function resetCodeMail(to: string, code: string, siteName: string = SITE_NAME): MailMessage {
  return {
    to,
    subject: 'Réinitialisation du mot de passe administrateur',
    text: withSignature(
      [
        'Bonjour,',
        '',
        `Une réinitialisation du mot de passe administrateur du site ${siteName} a été demandée.`,
        '',
        `Votre code de réinitialisation : ${code}`,
        '',
        `Ce code est valable ${AUTH.resetCodeMinutes} minutes et ne sert qu'une fois. Saisissez-le sur la page « Mot de passe oublié ? » avec votre nouveau mot de passe.`,
        '',
        "Si vous n'avez rien demandé, ignorez ce message : votre mot de passe actuel reste valable.",
      ].join('\n'),
      siteName,
    ),
  };
}

/** `link`: the page where the code is typed, with the invitation's key after its # (see codes.service.ts). */
/** The invitation names the role and what it lets the account do (issue 35); `link` opens the password step with the code filled in. */
export function inviteCodeMail(to: string, code: string, link: string, siteName: string = SITE_NAME, role: Role = 'admin'): MailMessage {
  return {
    to,
    subject: `Invitation à l'espace d'administration du site ${siteName} (${ROLE_LABELS[role]})`,
    text: withSignature(
      [
        'Bonjour,',
        '',
        `Un compte « ${ROLE_LABELS[role]} » de l'espace d'administration du site ${siteName} vient d'être créé pour vous, avec cette adresse email. Ce rôle vous permet de gérer ${ROLE_DESCRIPTIONS[role]}.`,
        '',
        `Votre code d'invitation : ${code}`,
        '',
        `Ce code est valable ${AUTH.inviteCodeDays} jours et ne sert qu'une fois. Pour choisir votre mot de passe, ouvrez ce lien (le code n'est accepté que par son intermédiaire ; il y est déjà rempli) et choisissez-y votre mot de passe :`,
        '',
        link,
        '',
        'Vous vous connecterez ensuite avec votre email et ce mot de passe.',
        '',
        'Si vous ne vous attendiez pas à cette invitation, ignorez ce message : sans ce code, personne ne peut utiliser le compte.',
      ].join('\n'),
      siteName,
    ),
  };
}
