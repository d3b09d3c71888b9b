/**
 * The public pages' own words that staff change in « Textes du site » (the newsletter's window and the
 * footer's call, each page's surtitle, introduction and « nothing yet » message, the 404 page), zod-free
 * so that every page can carry their first wording for a render without the texts (lib/site-content.ts).
 * These are the words the pages showed when they were in the code: nothing a visitor sees changed when
 * they moved to the database. Titles the spec names (« À l'affiche », « Hors cadre », « Bonus de la
 * bande », the menu's pages) and the spec's messages stay in the code: they are requirements.
 */
export const DEFAULT_PAGE_TEXTS = {
  footerNewsTitle: 'Ne manquez pas le prochain lever de rideau',
  footerNewsText: 'Dates, créations et coulisses\u00a0: la lettre de la Bande, quelques fois par saison.',
  newsletterTitle: 'La lettre de la Bande',
  newsletterIntro: 'Les prochaines lectures, les créations et les coulisses\u00a0: quelques nouvelles par saison, jamais plus.',
  homeKicker: 'Association de lectures théâtrales',
  featuredEyebrow: 'En ce moment',
  featuredLead: 'Les lectures que nous jouons cette saison. Réservez votre place ou retrouvez toutes les dates.',
  featuredEmptyTitle: 'Le rideau est baissé… pour quelques jours seulement.',
  featuredEmptyText:
    "Aucun spectacle n'est à l'affiche en ce moment\u00a0: la Bande est en répétition. Revenez bientôt découvrir nos prochaines lectures, ou inscrivez-vous à la newsletter pour être prévenu du prochain lever de rideau.",
  formatsEyebrow: 'Nos formats',
  /** The legal page's audience measurement paragraph (issue 36): what is measured, how, for how long. */
  audienceNotice:
    'Pour savoir quelles pages sont lues et d’où viennent nos visiteurs, nous comptons les pages vues sans cookie, sans rien garder dans votre navigateur et sans service tiers. Nous retenons, jour par jour\u00a0: les pages vues, le site d’où vous venez (son seul nom de domaine), la campagne d’une lettre (utm_source, utm_campaign), le type d’appareil (téléphone, tablette ou ordinateur) et le nombre de visiteurs du jour. Ce nombre est calculé à partir d’une empreinte de votre adresse IP et de votre navigateur, faite avec une clé qui change chaque jour et qui est effacée le lendemain\u00a0: ni votre adresse, ni votre navigateur, ni aucun identifiant ne sont conservés, et personne ne peut vous reconnaître d’un jour à l’autre. Les robots, les pages préchargées et les visites de l’équipe ne sont pas comptés, ni les vôtres si votre navigateur envoie le signal «\u00a0Global Privacy Control\u00a0». Ces statistiques anonymes servent à l’association seule, ne sont croisées avec aucune autre donnée et sont gardées 25\u00a0mois au plus.',
  formatsLead: 'Du grand spectacle à la lecture impromptue, chaque texte trouve la forme qui lui va — et chaque lieu, la lecture qui lui ressemble.',
  horsCadreTitle: 'Quand la Bande sort de scène',
  horsCadreLead: "Lire à voix haute ne s'arrête pas au tomber du rideau\u00a0: la Bande prend aussi l'antenne et ouvre ses ateliers.",
  teamEyebrow: 'La troupe',
  teamLead: "Comédiennes et comédiens, lecteurs, musiciens, metteurs en scène\u00a0: les voix qui font vivre les textes, d'une scène à l'autre.",
  teamEmptyTitle: 'La troupe se présente bientôt.',
  teamEmptyText: 'Les portraits de la Bande arrivent très vite sur cette page.',
  originsEyebrow: 'Histoire',
  originsLead: "D'une première lecture entre amis aux scènes d'aujourd'hui\u00a0: les moments qui ont fait la Bande, chapitre après chapitre.",
  originsEmptyTitle: "Notre histoire s'écrit encore.",
  originsEmptyText: 'Les grandes dates de la troupe seront bientôt racontées ici.',
  originsNoEvents: 'Les dates de ce chapitre seront bientôt racontées ici.',
  showsEyebrow: 'Répertoire',
  showsLead:
    'Romans, récits, poèmes et pièces\u00a0: toutes les lectures que la Bande a mises en voix. Choisissez un titre pour découvrir le spectacle, son équipe et ses prochaines dates.',
  showsEmptyTitle: "Le répertoire s'écrit en ce moment.",
  showsEmptyText: "Aucun spectacle n'est encore présenté ici\u00a0: nos premières lectures sont en répétition. Revenez bientôt, ou écrivez-nous pour imaginer une lecture avec nous.",
  bonusLead: 'Répétitions, lectures en plein air, saluts et coulisses\u00a0: quelques images et extraits filmés de la Bande sur scène et en chemin.',
  partnersEyebrow: 'Ils nous accompagnent',
  partnersLead: 'Médiathèques, théâtres, librairies, collectivités et associations\u00a0: ceux qui ouvrent leurs portes à la Bande et font vivre la lecture avec elle.',
  partnersEmptyTitle: 'Nos partenaires seront bientôt présentés ici.',
  partnersEmptyText: 'Vous aimeriez accueillir une lecture ou soutenir la troupe\u00a0? Parlons-en.',
  partnersJoinEyebrow: 'Et vous\u00a0?',
  partnersJoinLead: 'Un lieu à faire résonner, un public à rencontrer, un projet à soutenir\u00a0: la Bande aime les nouvelles alliances.',
  contactEyebrow: 'Contact',
  contactLead: 'Un spectacle à imaginer, une intervention à construire, une simple question\u00a0: écrivez-nous, un membre de la Bande vous répond.',
  contactDelayNote: 'Les lecteurs sont bénévoles\u00a0: en période de spectacles, la réponse peut prendre un peu plus de temps.',
  contactHelpCustomShow: "Une lecture conçue pour votre événement\u00a0: festival, anniversaire de médiathèque, soirée d'entreprise, fête de village...",
  contactHelpIntervention: "Ateliers, lectures en classe, à l'hôpital, en maison de retraite ou en bibliothèque, avec vos publics.",
  contactHelpInformation: 'Une question sur un spectacle, une date, une réservation ou la vie de la troupe.',
  contactHelpOther: 'La presse, le bénévolat, un partenariat, une idée folle\u00a0: tout le reste est bienvenu.',
  lettersEyebrow: 'Newsletter',
  lettersLead: 'Les lettres envoyées aux abonnés de la newsletter.',
  lettersEmpty: 'Aucune lettre envoyée pour l’instant.',
  legalLead: "Qui publie ce site, où il est hébergé, ce que nous faisons de vos données — et ce que nous n'en faisons pas.",
  sitemapLead: "Toutes les pages du site de La Bande à Lire, en un coup d'œil.",
  notFoundTitle: 'Cette scène est vide',
  notFoundText: "La page que vous cherchez a quitté la scène — ou n'y est jamais montée. Le lien est peut-être ancien, ou l'adresse mal recopiée.",
};

export type PageTexts = typeof DEFAULT_PAGE_TEXTS;
export type PageTextKey = keyof PageTexts;

/** Bounds that keep each place whole at 360 px: a surtitle is a few words, a title a line or two, a lead a paragraph. */
const EYEBROW = 30;
const TITLE = 100;
const LEAD = 300;
const PARAGRAPH = 400;

export const PAGE_TEXTS_MAX: Record<PageTextKey, number> = {
  footerNewsTitle: 80,
  footerNewsText: 200,
  newsletterTitle: 60,
  newsletterIntro: 240,
  homeKicker: 60,
  featuredEyebrow: EYEBROW,
  featuredLead: LEAD,
  featuredEmptyTitle: TITLE,
  featuredEmptyText: PARAGRAPH,
  formatsEyebrow: EYEBROW,
  formatsLead: LEAD,
  horsCadreTitle: 80,
  horsCadreLead: LEAD,
  teamEyebrow: EYEBROW,
  teamLead: LEAD,
  teamEmptyTitle: TITLE,
  teamEmptyText: PARAGRAPH,
  originsEyebrow: EYEBROW,
  originsLead: LEAD,
  originsEmptyTitle: TITLE,
  originsEmptyText: PARAGRAPH,
  originsNoEvents: TITLE,
  showsEyebrow: EYEBROW,
  showsLead: LEAD,
  showsEmptyTitle: TITLE,
  showsEmptyText: PARAGRAPH,
  bonusLead: LEAD,
  partnersEyebrow: EYEBROW,
  partnersLead: LEAD,
  partnersEmptyTitle: TITLE,
  partnersEmptyText: PARAGRAPH,
  partnersJoinEyebrow: EYEBROW,
  partnersJoinLead: LEAD,
  contactEyebrow: EYEBROW,
  contactLead: LEAD,
  contactDelayNote: LEAD,
  contactHelpCustomShow: LEAD,
  contactHelpIntervention: LEAD,
  contactHelpInformation: LEAD,
  contactHelpOther: LEAD,
  lettersEyebrow: EYEBROW,
  lettersLead: LEAD,
  lettersEmpty: TITLE,
  legalLead: LEAD,
  sitemapLead: LEAD,
  notFoundTitle: 80,
  notFoundText: PARAGRAPH,
  audienceNotice: 1500,
};

/**
 * The texts grouped by the page a visitor reads them on, in the order of the page: « Textes du site »
 * shows one group per page so that a volunteer finds a text where they saw it.
 */
export const PAGE_TEXT_GROUPS = {
  everyPage: ['footerNewsTitle', 'footerNewsText', 'newsletterTitle', 'newsletterIntro'],
  home: ['homeKicker', 'featuredEyebrow', 'featuredLead', 'featuredEmptyTitle', 'featuredEmptyText', 'formatsEyebrow', 'formatsLead', 'horsCadreTitle', 'horsCadreLead'],
  team: ['teamEyebrow', 'teamLead', 'teamEmptyTitle', 'teamEmptyText'],
  origins: ['originsEyebrow', 'originsLead', 'originsEmptyTitle', 'originsEmptyText', 'originsNoEvents'],
  shows: ['showsEyebrow', 'showsLead', 'showsEmptyTitle', 'showsEmptyText'],
  bonus: ['bonusLead'],
  partners: ['partnersEyebrow', 'partnersLead', 'partnersEmptyTitle', 'partnersEmptyText', 'partnersJoinEyebrow', 'partnersJoinLead'],
  contact: ['contactEyebrow', 'contactLead', 'contactDelayNote', 'contactHelpCustomShow', 'contactHelpIntervention', 'contactHelpInformation', 'contactHelpOther'],
  letters: ['lettersEyebrow', 'lettersLead', 'lettersEmpty'],
  other: ['legalLead', 'audienceNotice', 'sitemapLead', 'notFoundTitle', 'notFoundText'],
} as const satisfies Record<string, readonly PageTextKey[]>;
export type PageTextGroup = keyof typeof PAGE_TEXT_GROUPS;

export const PAGE_TEXT_KEYS = Object.keys(DEFAULT_PAGE_TEXTS) as PageTextKey[];
