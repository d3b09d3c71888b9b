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
};
