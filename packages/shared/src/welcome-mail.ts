/**
 * The mail a subscriber receives once they confirmed (issue 34), its words kept by the staff in « Textes
 * du site ». The server adds the unsubscribe link and the association's signature below the text: the
 * staff cannot remove them. Zod-free, like page-texts.ts, for the defaults the server reads older rows with.
 */
export const DEFAULT_WELCOME_MAIL = {
  subject: 'Bienvenue parmi les lecteurs de notre lettre',
  text: 'Bonjour,\n\nVotre inscription à notre lettre d’information est confirmée\u00a0: merci\u00a0! Vous recevrez quelques nouvelles par saison, jamais plus\u00a0: les prochaines lectures, les créations et les coulisses.\n\nÀ très bientôt dans la salle.',
};

export type WelcomeMail = typeof DEFAULT_WELCOME_MAIL;

export const WELCOME_MAIL_MAX: Record<keyof WelcomeMail, number> = { subject: 120, text: 2000 };
