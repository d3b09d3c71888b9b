/**
 * The public pages' own words that staff change in « Textes du site » (the newsletter's window and the
 * footer's call, the formats' heading), zod-free so that every page can carry their first wording for a
 * render without the texts (lib/site-content.ts). These are the words the pages showed when they were in
 * the code: nothing a visitor sees changed when they moved to the database.
 */
export const DEFAULT_PAGE_TEXTS = {
  newsletterTitle: 'La lettre de la Bande',
  newsletterIntro: 'Les prochaines lectures, les créations et les coulisses\u00a0: quelques nouvelles par saison, jamais plus.',
  footerNewsTitle: 'Ne manquez pas le prochain lever de rideau',
  footerNewsText: 'Dates, créations et coulisses\u00a0: la lettre de la Bande, quelques fois par saison.',
  formatsEyebrow: 'Nos formats',
  /** The legal page's audience measurement paragraph (issue 36): what is measured, how, for how long. */
  audienceNotice:
    'Pour savoir quelles pages sont lues et d’où viennent nos visiteurs, nous comptons les pages vues sans cookie, sans rien garder dans votre navigateur et sans service tiers. Nous retenons, jour par jour\u00a0: les pages vues, le site d’où vous venez (son seul nom de domaine), la campagne d’une lettre (utm_source, utm_campaign), le type d’appareil (téléphone, tablette ou ordinateur) et le nombre de visiteurs du jour. Ce nombre est calculé à partir d’une empreinte de votre adresse IP et de votre navigateur, faite avec une clé qui change chaque jour et qui est effacée le lendemain\u00a0: ni votre adresse, ni votre navigateur, ni aucun identifiant ne sont conservés, et personne ne peut vous reconnaître d’un jour à l’autre. Les robots, les pages préchargées et les visites de l’équipe ne sont pas comptés, ni les vôtres si votre navigateur envoie le signal «\u00a0Global Privacy Control\u00a0». Ces statistiques anonymes servent à l’association seule, ne sont croisées avec aucune autre donnée et sont gardées 25\u00a0mois au plus.',
  formatsLead: 'Du grand spectacle à la lecture impromptue, chaque texte trouve la forme qui lui va — et chaque lieu, la lecture qui lui ressemble.',
};

export type PageTexts = typeof DEFAULT_PAGE_TEXTS;

export const PAGE_TEXTS_MAX: Record<keyof PageTexts, number> = {
  newsletterTitle: 60,
  newsletterIntro: 240,
  footerNewsTitle: 80,
  footerNewsText: 200,
  formatsEyebrow: 30,
  formatsLead: 300,
  audienceNotice: 1500,
};
